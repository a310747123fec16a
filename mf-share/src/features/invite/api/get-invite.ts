import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { referralInviteResult, type ReferralInvite } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET referral/invite — code, link path (refereeId = user id) and the programme's rates. */
export async function getInvite(http: HttpClient): Promise<ReferralInvite> {
  return referralInviteResult.parse(await http.get<unknown>('referral/invite', undefined, { prompt: false }));
}

export const inviteQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: [...QUERY_KEYS.referral, 'invite'], queryFn: () => getInvite(http) });

export function useInvite() {
  const { http } = useHost();
  return useQuery(inviteQueryOptions(http));
}
