import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { TRON_ADDRESS, withdrawFeeFixture, withdrawalFixture } from '../../../testing/fixtures';
import { useWithdrawDraft } from '../components/withdraw-draft';
import WithdrawPage from './withdraw-page';
import {
  passkeyAssertion as assertion,
  passkeyListItem as key,
  proofCeremony as ceremony,
} from '@cardwallet/shared/testing/passkeys';

// The browser's passkey dialog is the only thing faked here (the API test runs a real assertion).
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));
const dialog = vi.mocked(startAuthentication);

const ROUTE = '/pages/wallet/withdraw?currency=USDT&network=TRC20';

async function fillAndAsk() {
  // The closing sheet's leftovers carry pointer-events: none in jsdom (no animation frames end).
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  await user.type(await screen.findByLabelText('Withdrawal address'), TRON_ADDRESS);
  await user.type(screen.getByLabelText('Amount (USDT)'), '50');
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  return user;
}

describe('withdraw with a passkey', () => {
  beforeEach(() => {
    dialog.mockReset();
    useWithdrawDraft.getState().clear();
  });

  it('offers the passkey first and withdraws without the transaction password', async () => {
    dialog.mockResolvedValue(assertion as never);
    const { calls } = renderWithHost(<WithdrawPage />, {
      route: ROUTE,
      loggedIn: true,
      routes: {
        'GET wallet/withdrawFee': () => withdrawFeeFixture,
        'GET user/payPasswordStatus': () => ({ isSet: true, lockedForMinutes: 0 }),
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST wallet/withdraw': () => withdrawalFixture,
      },
    });
    const user = await fillAndAsk();
    const button = await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 });
    // The transaction password stays as the fallback, below.
    expect(screen.getAllByRole('button', { name: '6-digit transaction password' }).length).toBeGreaterThan(0);
    await user.click(button);
    expect(await screen.findByText('Withdrawal submitted')).toBeInTheDocument();
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(dialog.mock.calls[0]![0]).toEqual({ optionsJSON: ceremony.options });
    const sent = calls.find((c) => c.url === 'wallet/withdraw')!;
    expect(sent.body).toEqual({
      currency: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '50',
      passkey: { ceremonyId: ceremony.ceremonyId, response: assertion },
    });
    expect(sent.options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a refused proof is said under the button and the sheet stays; no transaction password set: the passkey alone is offered', async () => {
    dialog.mockResolvedValue(assertion as never);
    renderWithHost(<WithdrawPage />, {
      route: ROUTE,
      loggedIn: true,
      routes: {
        'GET wallet/withdrawFee': () => withdrawFeeFixture,
        'GET user/payPasswordStatus': () => ({ isSet: false, lockedForMinutes: 0 }),
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST wallet/withdraw': () =>
          apiError('passkey_ceremony_expired', 'This passkey request has expired. Please try again.', { code: 400 }),
      },
    });
    const user = await fillAndAsk();
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 }));
    expect(await screen.findByText('This passkey request has expired. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm with passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '6-digit transaction password' })).toBeNull();
  });

  it('without a passkey only the transaction password is asked', async () => {
    renderWithHost(<WithdrawPage />, {
      route: ROUTE,
      loggedIn: true,
      routes: {
        'GET wallet/withdrawFee': () => withdrawFeeFixture,
        'GET user/payPasswordStatus': () => ({ isSet: true, lockedForMinutes: 0 }),
        'GET passkey/list': () => ({ items: [] }),
      },
    });
    await fillAndAsk();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: '6-digit transaction password' }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).toBeNull();
  });
});
