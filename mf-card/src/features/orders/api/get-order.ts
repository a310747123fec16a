import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardOrder, type CardOrder } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/order?id= — one card order with every field of the statement. */
export async function getOrder(http: HttpClient, id: string): Promise<CardOrder> {
  return cardOrder.parse(await http.get<unknown>('card/order', { id }, { prompt: false }));
}

export const orderQueryOptions = (http: HttpClient, id: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.cardOrder, id], queryFn: () => getOrder(http, id), enabled: id.length > 0 });

export function useOrder(id: string) {
  const { http } = useHost();
  return useQuery(orderQueryOptions(http, id));
}
