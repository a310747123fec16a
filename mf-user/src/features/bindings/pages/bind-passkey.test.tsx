import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAuthentication } from '@simplewebauthn/browser';
import { renderWithHost } from '../../../testing/render';
import { apiError, profileFixture } from '../../../testing/fake-host';
import BindPhonePage from './bind-phone-page';
import {
  passkeyAssertion as assertion,
  passkeyListItem as key,
  proofCeremony as ceremony,
} from '@cardwallet/shared/testing/passkeys';

// The browser's passkey dialog is the only thing faked here (api/test/passkeys/bind.test.ts runs a real assertion).
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));
const dialog = vi.mocked(startAuthentication);

// Waits up to 5 s for the passkey offer: the first render of a file is cold (jsdom, antd-mobile, i18n) and slow on a loaded machine.
describe('bind a first phone with a passkey', () => {
  beforeEach(() => dialog.mockReset());

  it('offers "Confirm with passkey" first; its ticket binds the number', async () => {
    dialog.mockResolvedValue(assertion as never);
    const { user, host, calls } = renderWithHost(<BindPhonePage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => profileFixture,
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST user/sendCode': () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
        'POST user/verifyIdentity': () => ({ ticket: 'TP', expiresInSeconds: 600 }),
        'POST user/sumbitBind': () => ({ ...profileFixture, mobile: '+905321234567' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 }));
    expect(await screen.findByRole('textbox', { name: 'Mobile number' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'user/verifyIdentity')?.body).toEqual({
      method: 'passkey',
      channel: 'mobile',
      ceremonyId: ceremony.ceremonyId,
      response: assertion,
    });
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+905321234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind phone' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/settings'));
    expect(calls.find((c) => c.url === 'user/sumbitBind')?.body).toMatchObject({ ticket: 'TP' });
  });

  it('a refused proof is said under the button; the code form stays as the fallback', async () => {
    dialog.mockResolvedValue(assertion as never);
    const { user } = renderWithHost(<BindPhonePage />, {
      loggedIn: true,
      routes: {
        'GET user/info': () => profileFixture,
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST user/verifyIdentity': () =>
          apiError('passkey_invalid', 'This passkey could not be verified.', { code: 401 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 }));
    expect(await screen.findByText('This passkey could not be verified.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mobile number' })).toBeNull();
  });

  it('without a passkey no passkey button', async () => {
    renderWithHost(<BindPhonePage />, {
      loggedIn: true,
      routes: { 'GET user/info': () => profileFixture, 'GET passkey/list': () => ({ items: [] }) },
    });
    expect(
      await screen.findByRole('heading', { name: 'First, confirm it is you' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).toBeNull();
  });
});
