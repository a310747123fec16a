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
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum is \u206850.00 USD\u2069');
    await user.clear(amount);
    await user.type(amount, '600');
    expect(await screen.findByRole('alert')).toHaveTextContent('More than the \u2068500.00 USD\u2069 available');
    await user.clear(amount);
    await user.type(amount, '120');
    expect(amount).toHaveAccessibleDescription(/^Reads as \u2068120\.00 USD\u2069/);
    await user.click(screen.getByRole('button', { name: 'Transfer to card' }));
    expect(await screen.findByText('$120.00 from USDT is on your card funding balance.')).toBeInTheDocument();
    const call = calls.find((c) => c.url === 'wallet/transfer');
    expect(call?.body).toEqual({ currency: 'USDT', amount: '120' });
    expect(call?.options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tr-TR: reads "1.000,5" as one thousand and a half and sends exactly the figure shown; refuses "12.5"', async () => {
    const { user, calls } = renderWithHost(<TransferPage />, {
      loggedIn: true,
      locale: 'tr-TR',
      routes: {
        'GET wallet/transferInfo': () => ({ ...info(true), sources: [{ currency: 'USDT', available: '70000' }] }),
        'POST wallet/transfer': () => ({
          id: 't1',
          currency: 'USDT',
          amount: '1000.5',
          usdAmount: '1000.50',
          createdAt: '2026-11-23T10:00:00.000Z',
        }),
      },
    });
    const amount = await screen.findByLabelText('Tutar (USD)');
    await user.type(amount, '12.5');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ondalık için “,”, 3 basamaklı gruplar arasında “.” kullanın',
    );
    await user.clear(amount);
    await user.type(amount, '60.000');
    expect(await screen.findByRole('alert')).toHaveTextContent('En fazla \u206810.000,00 USD\u2069 girebilirsiniz');
    await user.clear(amount);
    await user.type(amount, '1.000,5');
    expect(amount).toHaveAccessibleDescription(/^Okunan tutar: \u20681\.000,50 USD\u2069/);
    await user.click(screen.getByRole('button', { name: 'Karta aktar' }));
    await screen.findByRole('button', { name: 'Tamam' });
    expect(calls.find((c) => c.url === 'wallet/transfer')?.body).toEqual({ currency: 'USDT', amount: '1000.5' });
  });

  it('"All" fills the balance up to the maximum', async () => {
    const { user } = renderWithHost(<TransferPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/transferInfo': () => ({
          ...info(true),
          sources: [{ currency: 'USDT', available: '12345.678901' }],
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('10000');
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
