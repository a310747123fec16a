import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { z } from '@cardwallet/shared/zod';
import { profileQueryKey } from '../../account/api/get-profile';
import { payPasswordStatusKey } from './pay-password-status';

const ok = z.object({ ok: z.literal(true) });

/** The three ways to save a transaction password (spec §5): first time, with the old one, with a code. */
export type SavePayPassword =
  | { mode: 'set'; password: string; confirmPassword: string }
  | { mode: 'change'; oldPassword: string; password: string; confirmPassword: string }
  | { mode: 'reset'; code: string; account: string; password: string; confirmPassword: string };

const PATHS = { set: 'user/setPayPassword', change: 'user/changePayPassword', reset: 'user/resetPayPassword' } as const;

/** POST user/setPayPassword | user/changePayPassword | user/resetPayPassword */
export async function savePayPassword(http: HttpClient, { mode, ...body }: SavePayPassword) {
  return ok.parse(await http.post<unknown>(PATHS[mode], body, { prompt: false }));
}

export function useSavePayPassword() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'save-pay-password'],
    mutationFn: (input: SavePayPassword) => savePayPassword(http, input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: payPasswordStatusKey });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
