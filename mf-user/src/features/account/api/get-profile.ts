import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { userProfile, type UserProfile } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET user/info — the signed-in customer's profile (bindings, KYC level, transaction password set). */
export async function getProfile(http: HttpClient): Promise<UserProfile> {
  return userProfile.parse(await http.get<unknown>('user/info'));
}

/** Prefix of every profile query; the key ends with the session's user id, so another sign-in never shows the last one's profile. */
export const profileQueryKey = QUERY_KEYS.userProfile;
export const profileQueryOptions = (http: HttpClient, userId: string | null) =>
  queryOptions({ queryKey: [...profileQueryKey, userId], queryFn: () => getProfile(http) });

export function useProfile(enabled = true) {
  const { http, session } = useHost();
  const { userId, isLoggedIn } = session.useSession();
  return useQuery({ ...profileQueryOptions(http, userId), enabled: enabled && isLoggedIn });
}
