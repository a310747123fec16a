import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { ApiError } from '@cardwallet/shared';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { TRON_ADDRESS, withdrawFeeFixture, withdrawalFixture } from '../../../testing/fixtures';
import { useWithdrawDraft } from '../components/withdraw-draft';
import WithdrawPage from './withdraw-page';

const ROUTE = '/pages/wallet/withdraw?currency=USDT&network=TRC20';
const base = {
  'GET wallet/withdrawFee': () => withdrawFeeFixture,
  'GET user/payPasswordStatus': () => ({ isSet: true, lockedForMinutes: 0 }),
};

async function typePassword(user: ReturnType<typeof renderWithHost>['user'], digits: string) {
  // A sheet closed a moment ago may still be leaving (antd-mobile animates it out): use the newest.
  await user.click(screen.getAllByRole('button', { name: '6-digit transaction password' }).at(-1)!);
  for (const d of digits) await user.click(screen.getAllByRole('button', { name: d, exact: true } as never).at(-1)!);
}

describe('withdraw page', () => {
  beforeEach(() => useWithdrawDraft.getState().clear());

  it('checks the address for the network and the amount against minimum and balance as the customer types', async () => {
    const { user } = renderWithHost(<WithdrawPage />, { route: ROUTE, loggedIn: true, routes: base });
    const address = await screen.findByLabelText('Withdrawal address');
    await user.type(address, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(await screen.findByText('This is not a valid TRC20 address.')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, TRON_ADDRESS);
    await waitFor(() => expect(screen.queryByText('This is not a valid TRC20 address.')).toBeNull());
    const amount = screen.getByLabelText('Amount (USDT)');
    await user.type(amount, '9.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum is \u206810.00 USDT\u2069');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    // "All" is the balance minus the network fee, computed in decimals.
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(amount).toHaveValue('99');
    const summary = screen.getByLabelText('Withdrawal summary');
    expect(within(summary).getByText('99.00 USDT')).toBeInTheDocument();
    expect(within(summary).getByText('100.00 USDT')).toBeInTheDocument();
  });

  it('retries a timed-out withdrawal with the same idempotency key and shows the pending result', async () => {
    let attempts = 0;
    const { calls, host } = renderWithHost(<WithdrawPage />, {
      route: ROUTE,
      loggedIn: true,
      routes: {
        ...base,
        'POST wallet/withdraw': () => {
          attempts += 1;
          if (attempts === 1) return new ApiError('The request timed out.', 0, 0, 'network_error');
          if (attempts === 2)
            return apiError('paypass_wrong', 'Wrong transaction password. 4 attempts left.', { code: 400 });
          return withdrawalFixture;
        },
      },
    });
    // The closing sheet's leftovers carry pointer-events: none in jsdom (no animation frames end).
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.type(await screen.findByLabelText('Withdrawal address'), TRON_ADDRESS);
    await user.type(screen.getByLabelText('Amount (USDT)'), '50');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await typePassword(user, '135790');
    // The timeout is shown on the form; asking again is the same intent.
    expect(await screen.findByText('The request timed out.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await typePassword(user, '111111');
    expect(await screen.findByText('Wrong transaction password. 4 attempts left.')).toBeInTheDocument();
    for (const d of '135790')
      await user.click(screen.getAllByRole('button', { name: d, exact: true } as never).at(-1)!);
    expect(await screen.findByText('Withdrawal submitted')).toBeInTheDocument();
    const keys = calls.filter((c) => c.url === 'wallet/withdraw').map((c) => c.options.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(calls.find((c) => c.url === 'wallet/withdraw')?.body).toMatchObject({
      currency: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '50',
    });
    await user.click(screen.getByRole('button', { name: 'View secured account' }));
    expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/wallet/secured-account');
  });

  it('tr-TR, ETH: "All" leaves exactly zero after the fee at 18 decimals, and the body carries the figure shown', async () => {
    const { calls } = renderWithHost(<WithdrawPage />, {
      route: '/pages/wallet/withdraw?currency=ETH&network=ERC20',
      loggedIn: true,
      locale: 'tr-TR',
      routes: {
        ...base,
        'GET wallet/withdrawFee': () => ({
          currency: 'ETH',
          network: 'ERC20',
          fee: '0.00003',
          minimum: '0.005',
          total: null,
          available: '1.123456789012345678',
        }),
        'POST wallet/withdraw': () => ({
          ...withdrawalFixture,
          currency: 'ETH',
          network: 'ERC20',
          amount: '1.123426789012345678',
        }),
      },
    });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.type(await screen.findByLabelText('Çekim adresi'), '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const amount = screen.getByLabelText('Tutar (ETH)');
    await user.type(amount, '1.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ondalık için “,”');
    await user.click(screen.getByRole('button', { name: 'Tümü' }));
    expect(amount).toHaveValue('1,123426789012345678');
    expect(amount).toHaveAccessibleDescription(/^Okunan tutar: \u20681,123426789012345678 ETH\u2069/);
    const summary = screen.getByLabelText('Çekim özeti');
    expect(within(summary).getByText('1,123426789012345678 ETH')).toBeInTheDocument();
    expect(within(summary).getByText('1,123456789012345678 ETH')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Para çek' }));
    await user.click(screen.getAllByRole('button', { name: '6 haneli işlem şifresi' }).at(-1)!);
    for (const d of '135790')
      await user.click(screen.getAllByRole('button', { name: d, exact: true } as never).at(-1)!);
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'wallet/withdraw')?.body).toMatchObject({ amount: '1.123426789012345678' }),
    );
  });

  it('leads to setting a transaction password first, and back here', async () => {
    const { user, host } = renderWithHost(<WithdrawPage />, {
      route: ROUTE,
      loggedIn: true,
      routes: { ...base, 'GET user/payPasswordStatus': () => ({ isSet: false, lockedForMinutes: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Set transaction password' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith(
      `/pages/user/paypass?redirect=${encodeURIComponent('/pages/wallet/withdraw?currency=USDT&network=TRC20')}`,
    );
  });
});
