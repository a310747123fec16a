import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import TransferPage from './transfer-page';

const info = (kycLevel1: boolean) => ({
  minimumUsd: '50',
  maximumUsd: '10000',
  kycLevel1,
  sources: [
    { currency: 'USDT', available: '500' },
    { currency: 'USDC', available: '0' },
    { currency: 'USD', available: '20' },
  ],
  cardFunding: '0.00',
});

describe('transfer to card', () => {
  it('needs KYC level 1 and leads to verification', async () => {
    const { user, host } = renderWithHost(<TransferPage />, {
      loggedIn: true,
      routes: { 'GET wallet/transferInfo': () => info(false) },
    });
    expect(
      await screen.findByText('Transfers to your card need identity verification (KYC level 1).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer to card' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Verify identity' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/user/kyc?redirect=%2Fpages%2Fwallet%2Ftransfer');
  });

  it('refuses below 50 USD and above the balance inline, then transfers with an idempotency key', async () => {
    const { user, calls } = renderWithHost(<TransferPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/transferInfo': () => info(true),
        'POST wallet/transfer': () => ({
          id: 't1',
          currency: 'USDT',
          amount: '120',
          usdAmount: '120.00',
          createdAt: '2026-11-23T10:00:00.000Z',
        }),
      },
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '49.99');
    expect(await screen.findByText('The minimum transfer is 50.00 USD.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '600');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '120');
    await user.click(screen.getByRole('button', { name: 'Transfer to card' }));
    expect(await screen.findByText('$120.00 from USDT is on your card funding balance.')).toBeInTheDocument();
    const call = calls.find((c) => c.url === 'wallet/transfer');
    expect(call?.body).toEqual({ currency: 'USDT', amount: '120' });
    expect(call?.options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a server refusal on the amount field', async () => {
    const { user } = renderWithHost(<TransferPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/transferInfo': () => info(true),
        'POST wallet/transfer': () => apiError('insufficient_balance', 'Insufficient balance', { code: 400 }),
      },
    });
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Transfer to card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
  });
});
