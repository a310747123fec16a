import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { SessionResult } from '@cardwallet/shared/schemas';
import { loadSchemas } from '../../../lib/lazy-schemas';

/**
 * Passkey sign-in: POST passkey/loginOptions, the browser's passkey dialog (or, with `autofill`,
 * the passkeys offered in the account field's autofill list), then POST passkey/login — which
 * answers a session exactly like user/login. Silent requests: errors are shown by the caller.
 */
export async function signInWithPasskey(http: HttpClient, autofill = false): Promise<SessionResult> {
  const [answer, { passkeyOptionsResult, sessionResult }] = await Promise.all([
    http.post<unknown>('passkey/loginOptions', {}, { prompt: false, login: 'none' }),
    loadSchemas(),
  ]);
  const { ceremonyId, options } = passkeyOptionsResult.parse(answer);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  const data = await http.post<unknown>(
    'passkey/login',
    { ceremonyId, response },
    { prompt: false, login: 'none', loading: true },
  );
  return sessionResult.parse(data);
}

export function usePasskeySignIn() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['passport', 'passkey-login'],
    mutationFn: (autofill: boolean) => signInWithPasskey(http, autofill),
  });
}
