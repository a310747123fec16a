import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { balancesFixture, emptyBalancesFixture } from '../../../testing/fixtures';
import WalletIndexPage from './wallet-index-page';

describe('wallet index', () => {
  it('shows the total, the card funding balance and every funded currency, formatted from decimal strings', async () => {
    renderWithHost(<WalletIndexPage />, {
      loggedIn: true,
      routes: { 'GET wallet/balances': () => balancesFixture, 'GET wallet/unseenEvents': () => ({ count: 0 }) },
    });
    expect(await screen.findByText('$4,015.50')).toBeInTheDocument();
    expect(screen.getByText('$350.00')).toBeInTheDocument();
    expect(screen.getByText('1,234.50')).toBeInTheDocument();
    expect(screen.getByText('0.0425')).toBeInTheDocument();
    expect(screen.getByText('61.00')).toBeInTheDocument();
    expect(screen.getByLabelText('BTC worth $2,720.00')).toBeInTheDocument();
  });

  it('never shows a holding rounded up; the exact figure is one tap away', async () => {
    const balances = {
      ...balancesFixture,
      balances: balancesFixture.balances.map((b) =>
        b.currency === 'ETH' ? { ...b, available: '1.123456789999999999', usdValue: '3370.37' } : b,
      ),
    };
    const { user } = renderWithHost(<WalletIndexPage />, {
      loggedIn: true,
      routes: { 'GET wallet/balances': () => balances, 'GET wallet/unseenEvents': () => ({ count: 0 }) },
    });
    const eth = await screen.findByRole('button', { name: '1.12345678' });
    await user.click(eth);
    expect(eth).toHaveTextContent('1.123456789999999999');
  });

  it('shows the unseen wallet events once, marks them seen and clears the tab badge', async () => {
    const { calls, host } = renderWithHost(<WalletIndexPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/balances': () => balancesFixture,
        'GET wallet/unseenEvents': () => ({ count: 2 }),
        'POST wallet/markEventsSeen': () => ({ count: 0 }),
      },
    });
    expect(await screen.findByText(/New wallet updates: 2/)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === 'wallet/markEventsSeen')).toBe(true));
    expect(host.tabBadge.set).toHaveBeenCalledWith('wallet', 0);
    // Still shown after the count went to 0 on the server: the customer has not read it yet.
    expect(screen.getByText(/New wallet updates: 2/)).toBeInTheDocument();
  });

  it('tells an empty wallet how to start', async () => {
    const { user, host, calls } = renderWithHost(<WalletIndexPage />, {
      loggedIn: true,
      routes: { 'GET wallet/balances': () => emptyBalancesFixture, 'GET wallet/unseenEvents': () => ({ count: 0 }) },
    });
    expect(await screen.findByText('Your wallet is empty')).toBeInTheDocument();
    // Nothing unseen: nothing to mark.
    expect(calls.some((c) => c.url === 'wallet/markEventsSeen')).toBe(false);
    await user.click(screen.getAllByRole('button', { name: 'Deposit' })[1]!);
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/wallet/recharge');
  });

  it('refetches the balances when a wallet event arrives on the live stream', async () => {
    let total = '4015.50';
    const { emitLive } = renderWithHost(<WalletIndexPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/balances': () => ({ ...balancesFixture, totalUsd: total }),
        'GET wallet/unseenEvents': () => ({ count: 0 }),
      },
    });
    expect(await screen.findByText('$4,015.50')).toBeInTheDocument();
    total = '4115.50';
    emitLive({ id: '9', type: 'wallet.deposit_credited' });
    expect(await screen.findByText('$4,115.50')).toBeInTheDocument();
  });
});
