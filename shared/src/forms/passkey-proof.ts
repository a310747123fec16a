import { useQuery } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
// useHost from the package root: the federated singleton whose React context the shell provides.
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeyOptionsResult, type AuthenticationResponseBody } from '../schemas/passkeys';
import { passkeyListQueryOptions, passkeysUsableHere } from './passkeys';

/** A passkey proof as card/detailsGrant, wallet/withdraw and user/stepUp take it (the customer's own ceremony, single use). */
export interface PasskeyProof {
  ceremonyId: string;
  response: AuthenticationResponseBody;
}

/**
 * POST passkey/proofOptions, then the browser's passkey dialog over that challenge. The caller
 * sends the answer at once (reveal, withdrawal, step-up); the ceremony lasts 5 minutes and proves once.
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
 * address) and the customer has at least one passkey (the shared passkey/list query, so a passkey
 * added or removed in settings shows here at once). Anything else — or a failed list — leaves the
 * password as the only way, never a broken button.
 */
export function usePasskeyOffered(): boolean {
  const { http, session } = useHost();
  const { userId, isLoggedIn } = session.useSession();
  const usable = passkeysUsableHere() && browserSupportsWebAuthn();
  const list = useQuery({ ...passkeyListQueryOptions(http, userId), enabled: usable && isLoggedIn, retry: false });
  return usable && (list.data?.length ?? 0) > 0;
}
