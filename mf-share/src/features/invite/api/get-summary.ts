import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { referralSummaryResult, type ReferralSummary } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET referral/summary — cashback totals per level and kind. */
export async function getSummary(http: HttpClient): Promise<ReferralSummary> {
  return referralSummaryResult.parse(await http.get<unknown>('referral/summary', undefined, { prompt: false }));
}

export const summaryQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: [...QUERY_KEYS.referral, 'summary'], queryFn: () => getSummary(http) });

export function useSummary() {
  const { http } = useHost();
  return useQuery(summaryQueryOptions(http));
}
