import { screen, waitFor, within } from '@testing-library/react';
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

type Params = Readonly<Record<string, unknown>> | undefined;
/**
 * GET card/funding/withdrawQuote as the API prices it: USDC came in (it returns 1:1); USD returns
 * 1:1; USDT did not come in, so it is priced as an exchange at a mid rate of 1 less the 0.5 % spread.
 */
const quote = (params: Params) => {
  const amount = String(params!.amount);
  const currency = String(params!.currency);
  const converted = currency === 'USDT';
  const [whole, part = ''] = amount.split('.');
  const micro = BigInt(whole!) * 1_000_000n + BigInt(part.padEnd(6, '0'));
  const spread = converted ? (micro * 5n) / 1000n : 0n;
  const fixed = (m: bigint) => `${m / 1_000_000n}.${String(m % 1_000_000n).padStart(6, '0')}`;
  return {
    fee: '0.00',
    cardFunding: '350.00',
    currency,
    amount,
    sameCurrency: converted ? '0.00' : amount,
    converted: converted ? amount : '0.00',
    rate: converted ? '0.995' : '1',
    midRate: '1',
    spreadRate: converted ? '0.005' : '0',
    spreadAmount: fixed(spread),
    receive: fixed(micro - spread),
  };
};

describe('card funding → wallet', () => {
  it('shows from, to, fee and what arrives before confirming, then asks the transaction password; one key per intent', async () => {
    let tries = 0;
    const { user, calls } = renderWithHost(<CardFundingPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/balances': () => balancesFixture,
        'GET card/funding/withdrawQuote': ({ params }) => quote(params),
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
    // What arrives is the quote's: USDC came in as USDC, so it returns 1:1, with no spread.
    expect(await within(summary).findByText('120.50 USDC')).toBeInTheDocument();
    expect(within(summary).queryByText(/Exchange spread/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === 'card/funding/withdrawQuote').map((c) => c.params)).toContainEqual({
      amount: '120.5',
      currency: 'USDC',
    });
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
        'GET card/funding/withdrawQuote': ({ params }) => quote(params),
        'POST card/funding/withdrawToWallet': () => ({ ...moved, currency: 'USDT', received: '119.8975' }),
      },
    });
    const amount = await screen.findByLabelText('Tutar (USD)');
    await user.type(amount, '1.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ondalık için “,”');
    await user.clear(amount);
    await user.type(amount, '120,5');
    expect(amount).toHaveAccessibleDescription(/^Okunan tutar: \u2068120,50 USD\u2069/);
    // USDT did not come in: priced as an exchange, the spread named, less arrives than was moved.
    const summary = screen.getByLabelText('Onaylamadan önce');
    expect(await within(summary).findByText('119,8975 USDT')).toBeInTheDocument();
    expect(within(summary).getByText('Döviz makası (%0,5)').nextElementSibling).toHaveTextContent('−0,6025 USDT');
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

  it("a quote's refusal shows at the field and the password is not asked", async () => {
    const { user, calls } = renderWithHost(<CardFundingPage />, {
      loggedIn: true,
      routes: {
        'GET wallet/balances': () => balancesFixture,
        'GET card/funding/withdrawQuote': ({ params }) =>
          params!.amount === '300'
            ? apiError('card_funding_insufficient', 'Your card-funding balance is 250.00 USD, less than this amount.')
            : quote(params),
      },
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '300');
    expect(
      await screen.findByText('Your card-funding balance is 250.00 USD, less than this amount.'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByLabelText('Before you confirm');
    expect(within(summary).getByText('Arrives in your wallet').nextElementSibling).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByLabelText('6-digit transaction password')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === 'card/funding/withdrawToWallet')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '30');
    await waitFor(() =>
      expect(within(summary).getByText('Arrives in your wallet').nextElementSibling).toHaveTextContent('29.85 USDT'),
    );
  });

  it('with nothing on the card funding balance it says so', async () => {
    renderWithHost(<CardFundingPage />, {
      loggedIn: true,
      routes: { 'GET wallet/balances': () => emptyBalancesFixture },
    });
    expect(await screen.findByText('Nothing on your card funding balance')).toBeInTheDocument();
  });
});
