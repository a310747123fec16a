import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { verifyIdentityResult, type VerifyIdentityBody } from '@cardwallet/shared/schemas';

/** POST user/verifyIdentity — proves it is the customer before a binding is replaced; answers a ticket. */
export async function verifyIdentity(http: HttpClient, body: VerifyIdentityBody) {
  return verifyIdentityResult.parse(await http.post<unknown>('user/verifyIdentity', body, { prompt: false }));
}

export function useVerifyIdentity() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['user', 'verify-identity'],
    mutationFn: (body: VerifyIdentityBody) => verifyIdentity(http, body),
  });
}
