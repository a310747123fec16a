import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeysQueryKey } from './list-passkeys';

/** POST passkey/remove — the customer is notified on their bound channels. */
export async function removePasskey(http: HttpClient, id: string): Promise<void> {
  await http.post<unknown>('passkey/remove', { id }, { prompt: false });
}

export function useRemovePasskey() {
  const { http } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'passkeys', 'remove'],
    mutationFn: (id: string) => removePasskey(http, id),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
