import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { exchangeRecordsResult } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET wallet/exchangeRecords?page= (15 per page) */
export async function getExchangeRecords(
  http: HttpClient,
  page: number,
): Promise<z.infer<typeof exchangeRecordsResult>> {
  const data = await http.get<unknown>('wallet/exchangeRecords', { page }, { prompt: false });
  return exchangeRecordsResult.parse(data);
}

export const exchangeRecordsQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: QUERY_KEYS.walletExchangeRecords,
    queryFn: ({ pageParam }) => getExchangeRecords(http, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useExchangeRecords() {
  const { http } = useHost();
  return useInfiniteQuery(exchangeRecordsQueryOptions(http));
}
