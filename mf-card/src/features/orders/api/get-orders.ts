import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE, useHost, type HttpClient } from '@cardwallet/shared';
import { cardOrdersResult, type CardOrderStatus } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

export interface OrderFilter {
  cardId: string;
  status: CardOrderStatus | '';
}

/** GET card/orders — the statement, newest first, 15 per page, filtered by card and state. */
export async function getOrders(http: HttpClient, filter: OrderFilter, page: number) {
  const params: Record<string, string | number> = { page, per_page: PAGE_SIZE };
  if (filter.cardId) params.cardId = filter.cardId;
  if (filter.status) params.status = filter.status;
  return cardOrdersResult.parse(await http.get<unknown>('card/orders', params, { prompt: false }));
}

export const ordersQueryOptions = (http: HttpClient, filter: OrderFilter) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.cardOrders, filter],
    queryFn: ({ pageParam }) => getOrders(http, filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useOrders(filter: OrderFilter) {
  const { http } = useHost();
  return useInfiniteQuery(ordersQueryOptions(http, filter));
}
