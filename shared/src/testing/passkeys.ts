// What the feature apps' passkey tests feed the faked browser dialog and the fake API (each test
// still mocks '@simplewebauthn/browser' itself: vi.mock is hoisted per file). The real ceremony runs
// in api/test/passkeys and e2e/tests/passkeys.spec.ts.

/** The browser's answer to startAuthentication, as the API's schema reads it. */
export const passkeyAssertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'cd', authenticatorData: 'ad', signature: 'sig' },
};

/** One passkey of GET passkey/list. */
export const passkeyListItem = {
  id: '1',
  name: 'Chrome on Android',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

/** POST passkey/proofOptions' answer. */
export const proofCeremony = { ceremonyId: 'c'.repeat(32), options: { challenge: 'chal' } };
