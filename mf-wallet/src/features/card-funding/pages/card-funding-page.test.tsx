import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { balancesFixture, emptyBalancesFixture } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import CardFundingPage from './card-funding-page';

const moved = {
  id: 'm1',
  currency: 'USDC',
  amount: '120.50',
  fee: '0.00',
  received: '120.50',
  createdAt: '2026-11-24T08:00:00.000Z',
  cardFunding: '229.50',
};

describe('card funding → wallet', () => {
  it('shows from, to, fee and what arrives before confirming, then asks the transaction password; one key per intent', async () => {
    let tries = 0;
    const { user, calls } = renderWithHost(<CardFundingPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/balances': () => balancesFixture,
        'POST card/funding/withdrawToWallet': () => {
          tries += 1;
          if (tries === 1) throw apiError('paypass_wrong', 'Wrong transaction password. 4 tries left.');
          return moved;
        },
      },
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '350.01');
    expect(await screen.findByRole('alert')).toHaveTextContent('More than the \u2068350.00 USD\u2069 available');
    await user.clear(amount);
    await user.type(amount, '120.5');
    await user.click(screen.getByRole('option', { name: 'USDC' }));
    const summary = screen.getByLabelText('Before you confirm');
    expect(within(summary).getByText('Wallet · USDC')).toBeInTheDocument();
    expect(within(summary).getByText('Card funding balance')).toBeInTheDocument();
    expect(within(summary).getByText('120.50 USDC')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(calls.some((c) => c.url === 'card/funding/withdrawToWallet')).toBe(false);
    screen.getByLabelText('6-digit transaction password').focus();
    await user.keyboard('000000');
    expect(await screen.findByText('Wrong transaction password. 4 tries left.')).toBeInTheDocument();
    screen.getByLabelText('6-digit transaction password').focus();
    await user.keyboard('246810');
    expect(await screen.findByText('120.50 USDC is in your wallet.')).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === 'card/funding/withdrawToWallet');
    expect(sent.map((c) => c.body)).toEqual([
      { amount: '120.5', currency: 'USDC', payPassword: '000000' },
      { amount: '120.5', currency: 'USDC', payPassword: '246810' },
    ]);
    // The retry of the same intent carries the same key: the server moves the money once.
    expect(sent[0]!.options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.options.idempotencyKey).toBe(sent[0]!.options.idempotencyKey);
  });

  it('tr-TR: "120,5" is read the Turkish way, "1.5" refused; the body carries the figure shown', async () => {
    const { user, calls } = renderWithHost(<CardFundingPage />, {
      loggedIn: true,
      locale: 'tr-TR',
      routes: {
        'GET wallet/balances': () => balancesFixture,
        'POST card/funding/withdrawToWallet': () => ({ ...moved, currency: 'USDT' }),
      },
    });
    const amount = await screen.findByLabelText('Tutar (USD)');
    await user.type(amount, '1.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ondalık için “,”');
    await user.clear(amount);
    await user.type(amount, '120,5');
    expect(amount).toHaveAccessibleDescription(/^Okunan tutar: \u2068120,50 USD\u2069/);
    expect(within(screen.getByLabelText('Onaylamadan önce')).getByText('120,50 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Devam' }));
    screen.getByLabelText('6 haneli işlem şifresi').focus();
    await user.keyboard('246810');
    await screen.findByRole('button', { name: 'Cüzdana dön' });
    expect(calls.find((c) => c.url === 'card/funding/withdrawToWallet')?.body).toEqual({
      amount: '120.5',
      currency: 'USDT',
      payPassword: '246810',
    });
  });

  it('with nothing on the card funding balance it says so', async () => {
    renderWithHost(<CardFundingPage />, {
      loggedIn: true,
      routes: { 'GET wallet/balances': () => emptyBalancesFixture },
    });
    expect(await screen.findByText('Nothing on your card funding balance')).toBeInTheDocument();
  });
});
