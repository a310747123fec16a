import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { referralRankingResult, type ReferralRanking } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET referral/ranking — this month's top inviters (masked) and the customer's own rank. */
export async function getRanking(http: HttpClient): Promise<ReferralRanking> {
  return referralRankingResult.parse(await http.get<unknown>('referral/ranking', undefined, { prompt: false }));
}

export const rankingQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: [...QUERY_KEYS.referral, 'ranking'], queryFn: () => getRanking(http) });

export function useRanking() {
  const { http } = useHost();
  return useQuery(rankingQueryOptions(http));
}
