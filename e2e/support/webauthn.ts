import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's DevTools virtual authenticator (CDP WebAuthn domain): a platform authenticator with user
 * verification that answers every ceremony by itself, so passkey journeys run real ceremonies with
 * nothing mocked. WebAuthn refuses IP-address origins: specs that use it talk to http://localhost.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The passkeys the virtual authenticator holds. */
export async function credentialsOn(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}
