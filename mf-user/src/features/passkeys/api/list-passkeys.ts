import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeyListQueryKey } from '@cardwallet/shared/forms';
import { passkeyListResult, type PasskeyItem } from '@cardwallet/shared/schemas';

/** GET passkey/list — the customer's passkeys, newest first. */
export async function listPasskeys(http: HttpClient): Promise<PasskeyItem[]> {
  return passkeyListResult.parse(await http.get<unknown>('passkey/list')).items;
}

/** The shared key (@cardwallet/shared/forms): invalidating it here refreshes the card and wallet pages' passkey offer too. */
export const passkeysQueryKey = passkeyListQueryKey;
export const passkeysQueryOptions = (http: HttpClient, userId: string | null) =>
  queryOptions({ queryKey: [...passkeysQueryKey, userId], queryFn: () => listPasskeys(http) });

export function usePasskeys() {
  const { http, session } = useHost();
  const { userId, isLoggedIn } = session.useSession();
  return useQuery({ ...passkeysQueryOptions(http, userId), enabled: isLoggedIn });
}
