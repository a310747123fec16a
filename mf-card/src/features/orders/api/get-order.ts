import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardOrder, type CardOrder } from '@cardwallet/shared/schemas';

/** GET card/order?id= — one card order with every field of the statement. */
export async function getOrder(http: HttpClient, id: string): Promise<CardOrder> {
  return cardOrder.parse(await http.get<unknown>('card/order', { id }, { prompt: false }));
}

export const orderQueryOptions = (http: HttpClient, id: string) =>
  queryOptions({ queryKey: ['card', 'order', id], queryFn: () => getOrder(http, id), enabled: id.length > 0 });

export function useOrder(id: string) {
  const { http } = useHost();
  return useQuery(orderQueryOptions(http, id));
}
