import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { logoutOthersResult } from '@cardwallet/shared/schemas';

/** POST user/logoutOthers — ends every other session of the customer. */
export async function logoutOthers(http: HttpClient) {
  return logoutOthersResult.parse(await http.post<unknown>('user/logoutOthers', {}, { loading: true }));
}

export function useLogoutOthers() {
  const { http } = useHost();
  return useMutation({ mutationKey: ['user', 'logout-others'], mutationFn: () => logoutOthers(http) });
}
