import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { threeDsChallenge } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/threeDs?id — one challenge as it is now (pending, approved, declined or timed out). */
export async function getChallenge(http: HttpClient, id: string) {
  return threeDsChallenge.parse(await http.get<unknown>('card/threeDs', { id }, { prompt: false }));
}

export const challengeQueryOptions = (http: HttpClient, id: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardThreeDs, 'one', id],
    queryFn: () => getChallenge(http, id),
    staleTime: 0,
  });

export function useChallenge(id: string) {
  const { http } = useHost();
  return useQuery({ ...challengeQueryOptions(http, id), enabled: id !== '' });
}
