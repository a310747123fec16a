import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { CASH_FLOW_FILTERS, cashFlowResult } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

export type CashFlowFilter = (typeof CASH_FLOW_FILTERS)[number];

/** GET wallet/cashFlow?filter=&page= (15 per page) */
export async function getCashFlow(
  http: HttpClient,
  filter: CashFlowFilter,
  page: number,
): Promise<z.infer<typeof cashFlowResult>> {
  const data = await http.get<unknown>('wallet/cashFlow', { filter, page }, { prompt: false });
  return cashFlowResult.parse(data);
}

export const cashFlowQueryOptions = (http: HttpClient, filter: CashFlowFilter) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.walletCashFlow, filter],
    queryFn: ({ pageParam }) => getCashFlow(http, filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useCashFlow(filter: CashFlowFilter) {
  const { http } = useHost();
  return useInfiniteQuery(cashFlowQueryOptions(http, filter));
}
