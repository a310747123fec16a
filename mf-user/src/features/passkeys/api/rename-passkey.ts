import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeyItem } from '@cardwallet/shared/schemas';
import { passkeysQueryKey } from './list-passkeys';

/** POST passkey/rename */
export async function renamePasskey(http: HttpClient, id: string, name: string) {
  return passkeyItem.parse(await http.post<unknown>('passkey/rename', { id, name }, { prompt: false }));
}

export function useRenamePasskey() {
  const { http } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'passkeys', 'rename'],
    mutationFn: ({ id, name }: { id: string; name: string }) => renamePasskey(http, id, name),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
