import { useMutation } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  platformAuthenticatorIsAvailable,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { passkeysUsableHere } from '@cardwallet/shared/forms';
import { loadSchemas } from '../../../lib/lazy-schemas';

/** How long "Not now" keeps the offer away on this browser for this customer. */
const SNOOZE_MS = 30 * 86400_000;
const snoozeKey = (userId: string) => `cw.passkeyOffer.${userId}`;

export function snoozePasskeyOffer(userId: string, now = Date.now()): void {
  try {
    localStorage.setItem(snoozeKey(userId), String(now));
  } catch {
    // Storage full or blocked: the offer may simply come again.
  }
}

/**
 * Whether to offer a passkey after a password sign-in: this browser has a platform authenticator,
 * the customer has no passkey yet and did not say "Not now" here in the last 30 days.
 */
export async function shouldOfferPasskey(http: HttpClient, userId: string, now = Date.now()): Promise<boolean> {
  if (!passkeysUsableHere() || !browserSupportsWebAuthn()) return false;
  const snoozed = Number(localStorage.getItem(snoozeKey(userId)) ?? 0);
  if (now - snoozed < SNOOZE_MS) return false;
  if (!(await platformAuthenticatorIsAvailable())) return false;
  try {
    const [answer, { passkeyListResult }] = await Promise.all([
      http.get<unknown>('passkey/list', undefined, { prompt: false, login: 'none' }),
      loadSchemas(),
    ]);
    const { items } = passkeyListResult.parse(answer);
    return items.length === 0;
  } catch {
    return false;
  }
}

/** POST passkey/registerOptions, the browser's passkey dialog, POST passkey/register. */
export async function createPasskey(http: HttpClient, name: string) {
  const [answer, { passkeyItem, passkeyOptionsResult }] = await Promise.all([
    http.post<unknown>('passkey/registerOptions', {}, { prompt: false }),
    loadSchemas(),
  ]);
  const { ceremonyId, options } = passkeyOptionsResult.parse(answer);
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return passkeyItem.parse(
    await http.post<unknown>('passkey/register', { ceremonyId, response, name }, { prompt: false }),
  );
}

export function useCreatePasskey() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['passport', 'passkey-create'],
    mutationFn: (name: string) => createPasskey(http, name),
  });
}
