import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { ChangePasswordBody } from '@cardwallet/shared/schemas';
import { z } from '@cardwallet/shared/zod';

const result = z.object({ revokedSessions: z.number().int() });

/** POST user/changePassword — the login password; the other sessions are revoked. */
export async function changePassword(http: HttpClient, body: ChangePasswordBody) {
  return result.parse(await http.post<unknown>('user/changePassword', body, { prompt: false }));
}

export function useChangePassword() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['user', 'change-password'],
    mutationFn: (body: ChangePasswordBody) => changePassword(http, body),
  });
}
