import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import {
  cardFixture,
  eligibilityFixture,
  productsFixture,
  topUpQuoteFixture,
  withdrawQuoteFixture,
} from '../../../testing/fixtures';
import RechargePage from './recharge-page';
import WithdrawPage from './withdraw-page';

const routes = {
  'GET card/products': () => productsFixture,
  'GET card/eligibility': () => eligibilityFixture({ cardFunding: '80.00' }),
  'GET card/detail': () => cardFixture(),
  'GET card/topUpQuote': ({ params }: { params?: Readonly<Record<string, unknown>> }) => topUpQuoteFixture(params),
  'GET card/withdrawQuote': ({ params }: { params?: Readonly<Record<string, unknown>> }) =>
    withdrawQuoteFixture(params),
  'POST card/withdraw': () => ({
    id: 'op2',
    cardId: 'c1',
    kind: 'withdraw',
    amount: '40.00',
    fee: '5.00',
    walletCurrency: 'USDT',
    createdAt: '2026-11-23T10:00:00.000Z',
    card: cardFixture({ balance: '55.00' }),
  }),
  'GET coupon/list': () => ({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 }),
  'POST card/topUp': () => ({
    id: 'op1',
    cardId: 'c1',
    kind: 'topup',
    amount: '50.00',
    fee: '0.00',
    createdAt: '2026-11-23T10:00:00.000Z',
    card: cardFixture({ balance: '150.00' }),
  }),
};

describe('recharge page', () => {
  it('shows the gateway fee before confirming: 0.30 at 49.99, free at 50', async () => {
    const { user, host, calls } = renderWithHost(<RechargePage />, {
      loggedIn: true,
      routes,
      route: '/pages/card/recharge?cardId=c1',
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '49.99');
    const summary = screen.getByText('Before you confirm').closest('.adm-list')! as HTMLElement;
    // The fee and what arrives are the API's quote for the amount typed (card/topUpQuote).
    await waitFor(() =>
      expect(within(summary).getByText('Gateway fee').closest('.adm-list-item')).toHaveTextContent('$0.30'),
    );
    expect(within(summary).getByText('Total taken from your wallet').closest('.adm-list-item')).toHaveTextContent(
      '$50.29',
    );
    expect(within(summary).getByText('Arrives on the card').closest('.adm-list-item')).toHaveTextContent('$49.99');
    expect(calls.filter((c) => c.url === 'card/topUpQuote').map((c) => c.params)).toContainEqual({
      cardId: 'c1',
      amount: '49.99',
    });
    await user.clear(amount);
    await user.type(amount, '50');
    await waitFor(() =>
      expect(within(summary).getByText('Gateway fee').closest('.adm-list-item')).toHaveTextContent('$0.00'),
    );
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/index'));
    expect(calls.find((c) => c.url === 'card/topUp')!.options.idempotencyKey).toBe(true);
  });

  it('a gateway-fee coupon lowers the fee shown and is sent with the top-up', async () => {
    const coupon = {
      id: '78',
      code: 'FEEFREE',
      scope: 'card_topup_gateway_fee',
      discountType: 'fixed',
      discountValue: '1.00',
      discountCap: null,
      currency: 'USD',
      validUntil: '2030-01-01T00:00:00.000Z',
      state: 'available',
      boundAt: '2026-01-01T00:00:00.000Z',
      usedAt: null,
      usedDiscount: null,
    };
    const { user, calls } = renderWithHost(<RechargePage />, {
      loggedIn: true,
      routes: {
        ...routes,
        'GET coupon/list': () => ({ data: [coupon], current_page: 1, last_page: 1, per_page: 50, total: 1 }),
      },
      route: '/pages/card/recharge?cardId=c1',
    });
    await user.type(await screen.findByLabelText('Amount (USD)'), '20');
    const summary = screen.getByText('Before you confirm').closest('.adm-list')! as HTMLElement;
    await waitFor(() =>
      expect(within(summary).getByText('Gateway fee').closest('.adm-list-item')).toHaveTextContent('$0.30'),
    );
    await user.click(screen.getByRole('radio', { name: 'FEEFREE — $1.00 off' }));
    expect(within(summary).getByText('Coupon discount').closest('.adm-list-item')).toHaveTextContent('−$0.30');
    expect(within(summary).getByText('Gateway fee').closest('.adm-list-item')).toHaveTextContent('$0.00');
    expect(within(summary).getByText('Total taken from your wallet').closest('.adm-list-item')).toHaveTextContent(
      '$20.00',
    );
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'card/topUp')?.body).toEqual({ cardId: 'c1', amount: '20', couponId: '78' }),
    );
  });

  it('refuses more than the card-funding balance as it is typed, and leads to funding it', async () => {
    const { user, calls } = renderWithHost(<RechargePage />, {
      loggedIn: true,
      routes,
      route: '/pages/card/recharge?cardId=c1',
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '80.01');
    expect(await screen.findByText('More than the \u206880.00 USD\u2069 available')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'Move funds to your card balance' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pages\/wallet\/transfer\?redirect=%2F/),
    );
    // Nothing is named as arriving while the amount is refused.
    expect(screen.getByText('Arrives on the card').closest('.adm-list-item')).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(calls.some((c) => c.url === 'card/topUp')).toBe(false);
    // Max: the whole balance (free from 50 USD).
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('80');
    await waitFor(() =>
      expect(screen.getByText('Arrives on the card').closest('.adm-list-item')).toHaveTextContent('$80.00'),
    );
  });

  it('tr-TR: "1.000,5" is one thousand and a half, sent as 1000.5; "12.5" is refused at the field', async () => {
    const { user, calls } = renderWithHost(<RechargePage />, {
      locale: 'tr-TR',
      loggedIn: true,
      routes: {
        ...routes,
        'GET card/eligibility': () => eligibilityFixture({ cardFunding: '2000.00' }),
        'GET card/topUpQuote': ({ params }) => topUpQuoteFixture(params, '2000.00'),
      },
      route: '/pages/card/recharge?cardId=c1',
    });
    const amount = await screen.findByLabelText('Tutar (USD)');
    await user.type(amount, '12.5');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Yükle' }));
    expect(calls.some((c) => c.url === 'card/topUp')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '1.000,5');
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    expect(amount).toHaveAccessibleDescription(/1\.000,50 USD/);
    await waitFor(() =>
      expect(screen.getByText('Karta geçecek tutar').closest('.adm-list-item')).toHaveTextContent('1.000,50'),
    );
    await user.click(screen.getByRole('button', { name: 'Yükle' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'card/topUp')?.body).toEqual({ cardId: 'c1', amount: '1000.5' }),
    );
  });

  it('without a card it asks which card first', async () => {
    const { host } = renderWithHost(<RechargePage />, { loggedIn: true, routes, route: '/pages/card/recharge' });
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/select-card?for=recharge'));
  });
});

describe('withdraw page', () => {
  it('keeps 1 USD on the card: at most balance − 5 fee − 1, refused as typed; Max fills exactly that', async () => {
    const { user, calls } = renderWithHost(<WithdrawPage />, {
      loggedIn: true,
      routes,
      route: '/pages/card/withdraw?cardId=c1',
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    expect(screen.getByText('Most you can withdraw').closest('.adm-list-item')).toHaveTextContent('$94.00');
    await user.type(amount, '95');
    expect(await screen.findByText('\u20681.00 USD\u2069 must stay in the balance')).toBeInTheDocument();
    expect(screen.getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent('—');
    await user.type(screen.getByLabelText('Transaction password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(calls.some((c) => c.url === 'card/withdraw')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('94');
    await waitFor(() =>
      expect(screen.getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent('$94.00'),
    );
  });

  it('above the maximum is refused at the field at once, never shown as arriving', async () => {
    const { user } = renderWithHost(<WithdrawPage />, {
      loggedIn: true,
      routes: { ...routes, 'GET card/detail': () => cardFixture({ balance: '20000.00' }) },
      route: '/pages/card/withdraw?cardId=c1',
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '10000.01');
    expect(await screen.findByText('The maximum is \u206810,000.00 USD\u2069')).toBeInTheDocument();
    expect(screen.getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent('—');
    expect(screen.getByText('Total taken from the card').closest('.adm-list-item')).toHaveTextContent('—');
  });

  it('ar-AE: Arabic-Indic digits and separators are read as the customer means them', async () => {
    const { user, calls } = renderWithHost(<WithdrawPage />, {
      locale: 'ar-AE',
      loggedIn: true,
      routes,
      route: '/pages/card/withdraw?cardId=c1',
    });
    const amount = await screen.findByLabelText('المبلغ (دولار أمريكي)');
    await user.type(amount, '٤٠٫٥');
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    expect(amount).toHaveAttribute('dir', 'ltr');
    await user.type(screen.getByLabelText('كلمة مرور المعاملات'), '135790');
    await user.click(screen.getByRole('button', { name: 'سحب' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'card/withdraw')?.body).toEqual({
        cardId: 'c1',
        amount: '40.5',
        currency: 'USD',
        payPassword: '135790',
      }),
    );
  });

  it('says where the money goes and what arrives — the quote, spread named — and asks the transaction password', async () => {
    const { user, host, calls } = renderWithHost(<WithdrawPage />, {
      loggedIn: true,
      routes,
      route: '/pages/card/withdraw?cardId=c1',
    });
    await user.type(await screen.findByLabelText('Amount (USD)'), '40');
    const summary = screen.getByText('Before you confirm').closest('.adm-list')! as HTMLElement;
    // As USD: 1:1, no spread.
    await waitFor(() =>
      expect(within(summary).getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent('$40.00'),
    );
    expect(within(summary).queryByText(/Exchange spread/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'USDT' }));
    expect(within(summary).getByText('Goes to').closest('.adm-list-item')).toHaveTextContent('Wallet · USDT');
    // Only 10 USD came in as USDT: the other 30 are priced as an exchange, less the 0.5 % spread.
    await waitFor(() =>
      expect(within(summary).getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent(
        '39.85 USDT',
      ),
    );
    expect(within(summary).getByText('Exchange spread (0.5%)').closest('.adm-list-item')).toHaveTextContent(
      '−0.15 USDT',
    );
    expect(within(summary).getByText('Priced as an exchange').closest('.adm-list-item')).toHaveTextContent(
      '$30.00 · 1 USD = 0.995 USDT',
    );
    expect(within(summary).getByText('Withdrawal fee').closest('.adm-list-item')).toHaveTextContent('$5.00');
    expect(calls.filter((c) => c.url === 'card/withdrawQuote').map((c) => c.params)).toContainEqual({
      cardId: 'c1',
      amount: '40',
      currency: 'USDT',
    });
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(calls.some((c) => c.url === 'card/withdraw')).toBe(false);
    await user.type(screen.getByLabelText('Transaction password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/index'));
    const call = calls.find((c) => c.url === 'card/withdraw')!;
    expect(call.body).toEqual({ cardId: 'c1', amount: '40', currency: 'USDT', payPassword: '135790' });
    expect(call.options.idempotencyKey).toBe(true);
  });

  it("a quote's refusal shows at the field before confirming, and nothing is named as arriving", async () => {
    const { user, calls } = renderWithHost(<WithdrawPage />, {
      loggedIn: true,
      routes: {
        ...routes,
        'GET card/withdrawQuote': ({ params }) =>
          params!.amount === '60'
            ? apiError('card_amount_out_of_limits', 'The amount must be between 10 and 50 USD')
            : withdrawQuoteFixture(params),
      },
      route: '/pages/card/withdraw?cardId=c1',
    });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '60');
    expect(await screen.findByText('The amount must be between 10 and 50 USD')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent('—');
    await user.type(screen.getByLabelText('Transaction password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(calls.some((c) => c.url === 'card/withdraw')).toBe(false);
    // Another amount: the refusal goes and that amount's quote is shown.
    await user.clear(amount);
    await user.type(amount, '30');
    await waitFor(() =>
      expect(screen.getByText('Arrives in your wallet').closest('.adm-list-item')).toHaveTextContent('$30.00'),
    );
    expect(screen.queryByText('The amount must be between 10 and 50 USD')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'card/withdraw')?.body).toEqual({
        cardId: 'c1',
        amount: '30',
        currency: 'USD',
        payPassword: '135790',
      }),
    );
  });
});
