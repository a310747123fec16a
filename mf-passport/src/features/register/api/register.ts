import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { sessionResult, type RegisterBody, type SessionResult } from '@cardwallet/shared/schemas';

/** POST user/register — creates the account and answers a session, like user/login. */
export async function register(http: HttpClient, body: RegisterBody): Promise<SessionResult> {
  const data = await http.post<unknown>('user/register', body, { prompt: false, login: 'none' });
  return sessionResult.parse(data);
}

export const registerMutationOptions = (http: HttpClient) =>
  mutationOptions({
    mutationKey: ['passport', 'register'],
    mutationFn: (body: RegisterBody) => register(http, body),
  });

export function useRegister() {
  const { http } = useHost();
  return useMutation(registerMutationOptions(http));
}
