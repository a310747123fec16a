import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { HttpClient } from '@cardwallet/shared';
import { passkeyOptionsResult, type AuthenticationResponseBody } from '@cardwallet/shared/schemas';

/**
 * A passkey as a step-up proof: POST passkey/proofOptions (the customer's own ceremony, 5 minutes,
 * single use), then the browser's passkey dialog over its challenge. The caller sends it at once to user/stepUp.
 */
export async function passkeyProof(
  http: HttpClient,
): Promise<{ kind: 'passkey'; ceremonyId: string; response: AuthenticationResponseBody }> {
  const { ceremonyId, options } = passkeyOptionsResult.parse(
    await http.post<unknown>('passkey/proofOptions', {}, { prompt: false }),
  );
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  // The browser's JSON is what the API's schema describes (@simplewebauthn's own type is wider on optional fields).
  return { kind: 'passkey', ceremonyId, response: response as unknown as AuthenticationResponseBody };
}
