import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { threeDsChallengesResult } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/threeDs/pending — the 3-D Secure challenges still waiting for the customer, oldest first. */
export async function getPendingChallenges(http: HttpClient) {
  return threeDsChallengesResult.parse(await http.get<unknown>('card/threeDs/pending', undefined, { prompt: false }))
    .data;
}

export const pendingChallengesQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardThreeDs, 'pending'],
    queryFn: () => getPendingChallenges(http),
    staleTime: 0,
  });

export function usePendingChallenges() {
  const { http } = useHost();
  return useQuery(pendingChallengesQueryOptions(http));
}
