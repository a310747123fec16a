import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { referralCampaignResult, type ReferralCampaign } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET referral/campaign — the running (else next, else last) campaign with the customer's progress. */
export async function getCampaign(http: HttpClient): Promise<ReferralCampaign | null> {
  return referralCampaignResult.parse(await http.get<unknown>('referral/campaign', undefined, { prompt: false }))
    .campaign;
}

export const campaignQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: [...QUERY_KEYS.referral, 'campaign'], queryFn: () => getCampaign(http) });

export function useCampaign() {
  const { http } = useHost();
  return useQuery(campaignQueryOptions(http));
}
