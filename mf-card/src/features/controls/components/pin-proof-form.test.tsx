import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startAuthentication } from '@simplewebauthn/browser';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { PinProofForm } from './pin-proof-form';
import {
  passkeyAssertion as assertion,
  passkeyListItem as key,
  proofCeremony as ceremony,
} from '@cardwallet/shared/testing/passkeys';

// Only the browser's passkey dialog is faked (the real one runs in e2e/tests/passkeys.spec.ts).
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));
const dialog = vi.mocked(startAuthentication);

describe('card PIN step-up with a passkey', () => {
  it('the passkey comes first and steps up card_pin; a refusal is shown next to it', async () => {
    dialog.mockResolvedValue(assertion as never);
    const onDone = vi.fn();
    let refuse = true;
    const { user, calls } = renderWithHost(<PinProofForm onDone={onDone} />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST user/stepUp': () =>
          refuse
            ? apiError('passkey_ceremony_expired', 'This passkey request expired. Try again.', { code: 401 })
            : { expiresInSeconds: 300 },
      },
    });
    const button = await screen.findByRole('button', { name: 'Confirm with passkey' });
    expect(screen.getByLabelText('Login password')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey request expired. Try again.');
    expect(onDone).not.toHaveBeenCalled();
    refuse = false;
    await user.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.url === 'user/stepUp').at(-1)!.body).toEqual({
      purpose: 'card_pin',
      proof: { kind: 'passkey', ceremonyId: ceremony.ceremonyId, response: assertion },
    });
  });

  it('without a passkey, only the login password', async () => {
    renderWithHost(<PinProofForm onDone={() => undefined} />, {
      loggedIn: true,
      routes: { 'GET passkey/list': () => ({ items: [] }) },
    });
    expect(await screen.findByLabelText('Login password')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).not.toBeInTheDocument();
  });
});
