import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAuthentication } from '@simplewebauthn/browser';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { RevealPanel } from './reveal-panel';
import {
  passkeyAssertion as assertion,
  passkeyListItem as key,
  proofCeremony as ceremony,
} from '@cardwallet/shared/testing/passkeys';

// The browser's passkey dialog is the only thing faked here (e2e/tests/passkeys.spec.ts runs the real one).
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));
const dialog = vi.mocked(startAuthentication);

const details = {
  pan: '4539871234564242',
  cvv: '123',
  expiry: '11/29',
  cardholder: 'ADA LOVELACE',
  visibleSeconds: 30,
};

describe('card details reveal with a passkey', () => {
  beforeEach(() => {
    dialog.mockReset();
  });

  it('offers the passkey first and reveals without the transaction password; one press, one ceremony', async () => {
    let finish!: () => void;
    dialog.mockImplementation(() => new Promise((resolve) => (finish = () => resolve(assertion as never))));
    const { user, calls } = renderWithHost(<RevealPanel cardId="c1" />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST card/detailsGrant': () => ({ grant: 'rg_x', expiresAt: '2026-11-23T10:01:00.000Z' }),
        'POST card/details': () => details,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    const button = await screen.findByRole('button', { name: 'Confirm with passkey' });
    // The password stays as the fallback, below.
    expect(screen.getByLabelText('Transaction password, 6 digits')).toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(dialog).toHaveBeenCalledTimes(1));
    expect(button).toBeDisabled();
    await user.click(button);
    finish();
    const shown = await screen.findByRole('region', { name: 'Card details' });
    expect(within(shown).getByText('123')).toBeInTheDocument();
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(dialog.mock.calls[0]![0]).toEqual({ optionsJSON: ceremony.options });
    expect(calls.filter((c) => c.url === 'passkey/proofOptions')).toHaveLength(1);
    expect(calls.find((c) => c.url === 'card/detailsGrant')!.body).toEqual({
      cardId: 'c1',
      passkey: { ceremonyId: ceremony.ceremonyId, response: assertion },
    });
  });

  it('a cancelled dialog or a refused proof is said next to the button; the password still works', async () => {
    const { user, calls } = renderWithHost(<RevealPanel cardId="c1" />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST card/detailsGrant': (r) =>
          (r.body as { passkey?: unknown }).passkey
            ? apiError('passkey_invalid', 'This passkey could not be verified.', { code: 401 })
            : { grant: 'rg_y', expiresAt: '2026-11-23T10:01:00.000Z' },
        'POST card/details': () => details,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    dialog.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey request was cancelled or timed out.');
    dialog.mockResolvedValueOnce(assertion as never);
    await user.click(screen.getByRole('button', { name: 'Confirm with passkey' }));
    expect(await screen.findByText('This passkey could not be verified.')).toBeInTheDocument();
    screen.getByLabelText('Transaction password, 6 digits').focus();
    await user.keyboard('246810');
    expect(await screen.findByRole('region', { name: 'Card details' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === 'card/detailsGrant').at(-1)!.body).toEqual({
      cardId: 'c1',
      payPassword: '246810',
    });
  });

  it('without a passkey only the transaction password is asked', async () => {
    const { user } = renderWithHost(<RevealPanel cardId="c1" />, {
      loggedIn: true,
      routes: { 'GET passkey/list': () => ({ items: [] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    expect(await screen.findByLabelText('Transaction password, 6 digits')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).not.toBeInTheDocument();
  });
});
