import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardDispute, type CardDispute } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/dispute/detail?id= — one dispute with its timeline. */
export async function getDispute(http: HttpClient, id: string): Promise<CardDispute> {
  return cardDispute.parse(await http.get<unknown>('card/dispute/detail', { id }, { prompt: false }));
}

export const disputeQueryOptions = (http: HttpClient, id: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardDispute, id],
    queryFn: () => getDispute(http, id),
    enabled: id.length > 0,
  });

export function useDispute(id: string) {
  const { http } = useHost();
  return useQuery(disputeQueryOptions(http, id));
}
