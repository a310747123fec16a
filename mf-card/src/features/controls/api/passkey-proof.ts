import { useQuery } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeyListQueryOptions, passkeysUsableHere } from '@cardwallet/shared/forms';
import { passkeyOptionsResult, type AuthenticationResponseBody } from '@cardwallet/shared/schemas';

/** A passkey proof as card/detailsGrant and user/stepUp take it (the customer's own proof ceremony, single use). */
export interface PasskeyProof {
  ceremonyId: string;
  response: AuthenticationResponseBody;
}

/**
 * POST passkey/proofOptions, then the browser's passkey dialog over that challenge. The caller
 * sends the answer at once (reveal or step-up); the ceremony lasts 5 minutes and proves once.
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
 * Whether to offer "Confirm with passkey": this browser can run WebAuthn on this origin (not an IP
 * address) and the customer has at least one passkey (GET passkey/list). Anything else — or a
 * failed list — leaves the password as the only way, never a broken button.
 */
export function usePasskeyOffered(): boolean {
  const { http, session } = useHost();
  const { userId, isLoggedIn } = session.useSession();
  const usable = passkeysUsableHere() && browserSupportsWebAuthn();
  // The shared key: adding or removing a passkey in mf-user invalidates it, so this offer follows.
  const list = useQuery({ ...passkeyListQueryOptions(http, userId), enabled: usable && isLoggedIn, retry: false });
  return usable && (list.data?.length ?? 0) > 0;
}
