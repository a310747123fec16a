import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { referralCashbacksResult, type CashbackKind } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET referral/cashbacks?kind=&page= (15 per page) */
export async function getCashbacks(
  http: HttpClient,
  kind: CashbackKind,
  page: number,
): Promise<z.infer<typeof referralCashbacksResult>> {
  return referralCashbacksResult.parse(
    await http.get<unknown>('referral/cashbacks', { kind, page }, { prompt: false }),
  );
}

export const cashbacksQueryOptions = (http: HttpClient, kind: CashbackKind) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.referral, 'cashbacks', kind],
    queryFn: ({ pageParam }) => getCashbacks(http, kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useCashbacks(kind: CashbackKind) {
  const { http } = useHost();
  return useInfiniteQuery(cashbacksQueryOptions(http, kind));
}
