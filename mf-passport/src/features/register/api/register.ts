import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient, type RegisterBody } from '@cardwallet/shared';

/** POST user/register — creates the account; the customer then logs in (register-success page). */
export async function register(http: HttpClient, body: RegisterBody): Promise<void> {
  await http.post<unknown>('user/register', body, { prompt: false, loading: true, login: 'none' });
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
