import { useMutation } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { SessionResult } from '@cardwallet/shared/schemas';
import { loadSchemas } from '../../../lib/lazy-schemas';

/**
 * Passkey sign-in: POST passkey/loginOptions, the browser's passkey dialog (or, with `autofill`,
 * the passkeys offered in the account field's autofill list), then POST passkey/login — which
 * answers a session exactly like user/login. Silent requests: errors are shown by the caller.
 *
 * The autofill ceremony starts when the login page opens and waits, maybe for ever: checking its
 * options with our schemas first loaded zod and the phone metadata (75 KiB gzip, a 150–570 ms task
 * at 4× CPU) into every login page's first seconds on a real host name (issue 24). So the options go
 * to the browser as they came — WebAuthn checks them itself and refuses malformed ones — and the
 * schemas check the whole answer once a passkey is picked, before anything is sent back. The button's
 * ceremony checks first: the person is waiting for a dialog anyway.
 */
export async function signInWithPasskey(http: HttpClient, autofill = false): Promise<SessionResult> {
  const schemas = autofill ? undefined : loadSchemas();
  const answer = await http.post<unknown>('passkey/loginOptions', {}, { prompt: false, login: 'none' });
  const checkedFirst = schemas ? (await schemas).passkeyOptionsResult.parse(answer) : undefined;
  const response = await startAuthentication({
    optionsJSON: (checkedFirst?.options ?? optionsAsSent(answer)) as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  const { passkeyOptionsResult, sessionResult } = await loadSchemas();
  const { ceremonyId } = checkedFirst ?? passkeyOptionsResult.parse(answer);
  const data = await http.post<unknown>(
    'passkey/login',
    { ceremonyId, response },
    { prompt: false, login: 'none', loading: true },
  );
  return sessionResult.parse(data);
}

/** The options object of an answer not checked yet (WebAuthn checks its fields). */
function optionsAsSent(answer: unknown): unknown {
  const options = typeof answer === 'object' && answer !== null ? (answer as { options?: unknown }).options : undefined;
  if (typeof options !== 'object' || options === null) throw new TypeError('passkey/loginOptions: no options');
  return options;
}

export function usePasskeySignIn() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['passport', 'passkey-login'],
    mutationFn: (autofill: boolean) => signInWithPasskey(http, autofill),
  });
}
