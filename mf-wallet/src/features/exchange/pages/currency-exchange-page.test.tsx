import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { balancesFixture } from '../../../testing/fixtures';
import CurrencyExchangePage from './currency-exchange-page';

const currencies = {
  currencies: [
    {
      code: 'USDT',
      scale: 6,
      networks: ['TRC20', 'ERC20'],
      depositCreditThreshold: '0.5',
      withdrawMinimum: '10',
      exchangeMinimum: '1',
      exchangeMaximum: '100000',
      cardFunding: true,
      usdRate: '1',
    },
    {
      code: 'BTC',
      scale: 8,
      networks: ['BTC'],
      depositCreditThreshold: '0.00001',
      withdrawMinimum: '0.0005',
      exchangeMinimum: '0.0001',
      exchangeMaximum: '5',
      cardFunding: false,
      usdRate: '64000',
    },
  ],
};

let quoteSeq = 0;
const quote = () => {
  quoteSeq += 1;
  return {
    quoteId: `q${quoteSeq}`,
    from: 'USDT',
    to: 'BTC',
    amount: '100',
    rate: '0.0000155',
    midRate: '0.0000155778',
    spreadRate: '0.005',
    spreadAmount: '0.00000778',
    receive: '0.00155',
    expiresAt: new Date(Date.now() + 30_000).toISOString(),
    ttlSeconds: 30,
  };
};

describe('currency exchange', () => {
  it('quotes with a visible countdown; an expired quote is replaced and the new one confirmed with a new key', async () => {
    let exchanges = 0;
    const { user, calls } = renderWithHost(<CurrencyExchangePage />, {
      loggedIn: true,
      routes: {
        'GET wallet/currencies': () => currencies,
        'GET wallet/balances': () => balancesFixture,
        'POST wallet/exchangeQuote': () => quote(),
        'POST wallet/exchange': ({ body }) =>
          ++exchanges === 1
            ? apiError('quote_expired', 'The exchange rate has changed. Please confirm the new quote.', { code: 409 })
            : {
                id: 'x1',
                from: 'USDT',
                to: 'BTC',
                amount: '100',
                rate: '0.0000155',
                receive: '0.00155',
                createdAt: '2026-11-23T10:00:00.000Z',
                quoteId: (body as { quoteId: string }).quoteId,
              },
      },
    });
    const amount = await screen.findByLabelText('Amount (USDT)');
    await user.type(amount, '0.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum is \u20681.00 USDT\u2069');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByRole('timer')).toHaveTextContent(/Price held for (29|30) s/);
    expect(screen.getByText('0.00155 BTC')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm exchange' }));
    expect(await screen.findByText('The exchange rate has changed. Please confirm the new quote.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === 'wallet/exchangeQuote')).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Confirm exchange' }));
    expect(await screen.findByText('Exchanged')).toBeInTheDocument();

    const confirms = calls.filter((c) => c.url === 'wallet/exchange');
    expect(confirms.map((c) => (c.body as { quoteId: string }).quoteId)).toEqual([`q${quoteSeq - 1}`, `q${quoteSeq}`]);
    // A new price is a new intent: its key differs from the expired quote's.
    expect(confirms[0]?.options.idempotencyKey).not.toBe(confirms[1]?.options.idempotencyKey);
  });

  it('tr-TR: "1.000,5" is quoted as 1000.5, and every cost is named before confirming', async () => {
    const { user, calls } = renderWithHost(<CurrencyExchangePage />, {
      loggedIn: true,
      locale: 'tr-TR',
      routes: {
        'GET wallet/currencies': () => currencies,
        'GET wallet/balances': () => balancesFixture,
        'POST wallet/exchangeQuote': () => ({ ...quote(), amount: '1000.5' }),
      },
    });
    const amount = await screen.findByLabelText('Tutar (USDT)');
    await user.type(amount, '1.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ondalık için “,”');
    await user.clear(amount);
    await user.type(amount, '1.000,5');
    expect(amount).toHaveAccessibleDescription(/^Okunan tutar: \u20681\.000,50 USDT\u2069/);
    await user.click(screen.getByRole('button', { name: 'Fiyat al' }));
    await screen.findByRole('timer');
    expect(calls.find((c) => c.url === 'wallet/exchangeQuote')?.body).toEqual({
      from: 'USDT',
      to: 'BTC',
      amount: '1000.5',
    });
    const quoteCard = screen.getByRole('region', { name: 'Fiyat teklifiniz' });
    expect(quoteCard).toHaveTextContent('Ödeyeceğiniz1.000,50 USDT');
    expect(quoteCard).toHaveTextContent('Piyasa orta kuru1 USDT = 0,0000155778 BTC');
    expect(quoteCard).toHaveTextContent('Makas (%0,5)0,00000778 BTC');
    expect(quoteCard).toHaveTextContent('Kur1 USDT = 0,0000155 BTC');
    expect(quoteCard).toHaveTextContent('Alacağınız0,00155 BTC');
  });

  it('"All" fills the whole balance at full precision', async () => {
    const { user } = renderWithHost(<CurrencyExchangePage />, {
      loggedIn: true,
      routes: { 'GET wallet/currencies': () => currencies, 'GET wallet/balances': () => balancesFixture },
    });
    await screen.findByLabelText('Amount (USDT)');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1234.5');
  });
});
