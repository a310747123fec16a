import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeyItem, passkeyOptionsResult, type PasskeyItem } from '@cardwallet/shared/schemas';
import { passkeysQueryKey } from './list-passkeys';

/**
 * POST passkey/registerOptions, the browser's passkey dialog, then POST passkey/register. The
 * name is a readable default the customer can change later.
 */
export async function addPasskey(http: HttpClient, name: string): Promise<PasskeyItem> {
  const { ceremonyId, options } = passkeyOptionsResult.parse(
    await http.post<unknown>('passkey/registerOptions', {}, { prompt: false }),
  );
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return passkeyItem.parse(
    await http.post<unknown>('passkey/register', { ceremonyId, response, name }, { prompt: false }),
  );
}

export function useAddPasskey() {
  const { http } = useHost();
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'passkeys', 'add'],
    mutationFn: (name: string) => addPasskey(http, name),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
