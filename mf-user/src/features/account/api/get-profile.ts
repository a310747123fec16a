import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { userProfile, type UserProfile } from '@cardwallet/shared/schemas';

/** GET user/info — the signed-in customer's profile (bindings, KYC level, transaction password set). */
export async function getProfile(http: HttpClient): Promise<UserProfile> {
  return userProfile.parse(await http.get<unknown>('user/info'));
}

export const profileQueryKey = ['user', 'profile'] as const;
export const profileQueryOptions = (http: HttpClient) => queryOptions({ queryKey: profileQueryKey, queryFn: () => getProfile(http) });

export function useProfile(enabled = true) {
  const { http } = useHost();
  return useQuery({ ...profileQueryOptions(http), enabled });
}
