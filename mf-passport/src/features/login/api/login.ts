import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { LoginBody, SessionResult } from '@cardwallet/shared/schemas';
import { loadSchemas } from '../../../lib/lazy-schemas';

/** POST user/login — exchanges an account and password for a session token. */
export async function login(http: HttpClient, body: LoginBody): Promise<SessionResult> {
  // 'none': a wrong password is shown on the form, it must not trigger the 401 login prompt.
  // Spec §7: user/login shows the loading mask (the submit button spins as well).
  const [data, { sessionResult }] = await Promise.all([
    http.post<unknown>('user/login', body, { prompt: false, loading: true, login: 'none' }),
    loadSchemas(),
  ]);
  return sessionResult.parse(data);
}

export const loginMutationOptions = (http: HttpClient) =>
  mutationOptions({
    mutationKey: ['passport', 'login'],
    mutationFn: (body: LoginBody) => login(http, body),
  });

export function useLogin() {
  const { http } = useHost();
  return useMutation(loginMutationOptions(http));
}
