import { useQuery } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeyListQueryOptions, passkeysUsableHere } from '@cardwallet/shared/forms';
import { passkeyOptionsResult, type AuthenticationResponseBody } from '@cardwallet/shared/schemas';

/** A passkey proof as wallet/withdraw takes it (the customer's own proof ceremony, single use). */
export interface PasskeyProof {
  ceremonyId: string;
  response: AuthenticationResponseBody;
}

/**
 * POST passkey/proofOptions, then the browser's passkey dialog over that challenge. The caller
 * sends the answer at once; the ceremony lasts 5 minutes and proves once.
 */
export async function passkeyProof(http: HttpClient): Promise<PasskeyProof> {
  const { ceremonyId, options } = passkeyOptionsResult.parse(
    await http.post<unknown>('passkey/proofOptions', {}, { prompt: false }),
  );
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  // The browser's JSON is what the API's schema describes (@simplewebauthn's own type is wider on optional fields).
  return { ceremonyId, response: response as unknown as AuthenticationResponseBody };
}

/**
 * Whether to offer "Confirm with passkey": WebAuthn works on this origin and the customer has a
 * passkey (the shared passkey/list query, so a passkey added in settings shows here at once).
 * Anything else — or a failed list — leaves the transaction password as the only way.
 */
export function usePasskeyOffered(): boolean {
  const { http, session } = useHost();
  const { userId, isLoggedIn } = session.useSession();
  const usable = passkeysUsableHere() && browserSupportsWebAuthn();
  const list = useQuery({ ...passkeyListQueryOptions(http, userId), enabled: usable && isLoggedIn, retry: false });
  return usable && (list.data?.length ?? 0) > 0;
}
