import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { ResetPasswordBody } from '@cardwallet/shared/schemas';

/** POST user/resetPassword — sets a new password with the ticket from the code step; every session ends. */
export async function resetPassword(http: HttpClient, body: ResetPasswordBody): Promise<void> {
  await http.post<unknown>('user/resetPassword', body, { prompt: false, login: 'none' });
}

export const resetPasswordMutationOptions = (http: HttpClient) =>
  mutationOptions({
    mutationKey: ['passport', 'reset-password'],
    mutationFn: (body: ResetPasswordBody) => resetPassword(http, body),
  });

export function useResetPassword() {
  const { http } = useHost();
  return useMutation(resetPasswordMutationOptions(http));
}
