import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeHttp } from '@cardwallet/shared/testing/fake-host';
import { shouldOfferPasskey, snoozePasskeyOffer } from './offer-passkey';

/** A browser with WebAuthn and a platform authenticator (what jsdom lacks). */
function withPlatformAuthenticator(available: boolean) {
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, {
      isUserVerifyingPlatformAuthenticatorAvailable: async () => available,
    }),
  );
}

describe('the passkey offer after a password sign-in', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is made to a customer without a passkey, on a browser with a platform authenticator', async () => {
    withPlatformAuthenticator(true);
    const { http } = createFakeHttp({ 'GET passkey/list': () => ({ items: [] }) });
    expect(await shouldOfferPasskey(http, '42')).toBe(true);
  });

  it('is not made when the customer has a passkey, the browser has no authenticator, or the list fails', async () => {
    withPlatformAuthenticator(true);
    const has = createFakeHttp({
      'GET passkey/list': () => ({
        items: [{ id: '1', name: 'x', createdAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null, backedUp: false }],
      }),
    });
    expect(await shouldOfferPasskey(has.http, '42')).toBe(false);
    const failing = createFakeHttp({});
    expect(await shouldOfferPasskey(failing.http, '42')).toBe(false);
    withPlatformAuthenticator(false);
    const none = createFakeHttp({ 'GET passkey/list': () => ({ items: [] }) });
    expect(await shouldOfferPasskey(none.http, '42')).toBe(false);
    expect(none.calls).toHaveLength(0);
  });

  it('"Not now" keeps it away for 30 days for that customer only', async () => {
    withPlatformAuthenticator(true);
    const { http } = createFakeHttp({ 'GET passkey/list': () => ({ items: [] }) });
    const now = Date.parse('2026-05-01T00:00:00Z');
    snoozePasskeyOffer('42', now);
    expect(await shouldOfferPasskey(http, '42', now + 29 * 86400_000)).toBe(false);
    expect(await shouldOfferPasskey(http, '43', now)).toBe(true);
    expect(await shouldOfferPasskey(http, '42', now + 31 * 86400_000)).toBe(true);
  });
});
