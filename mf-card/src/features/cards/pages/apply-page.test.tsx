import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { cardFixture, eligibilityFixture, productsFixture } from '../../../testing/fixtures';
import ApplyPage from './apply-page';

const routes = (over = {}) => ({
  'GET card/products': () => productsFixture,
  'GET card/eligibility': () => eligibilityFixture(),
  'GET card/addresses': () => ({ addresses: [] }),
  'GET coupon/list': () => ({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 }),
  ...over,
});

describe('apply page', () => {
  it('refuses a physical card without KYC 2 and links to the identity check', async () => {
    const { user } = renderWithHost(<ApplyPage />, {
      loggedIn: true,
      routes: routes(),
      route: '/pages/card/apply?type=physical',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/level 2|KYC/i);
    expect(screen.getByRole('link', { name: 'Complete the identity check (KYC 2)' })).toHaveAttribute(
      'href',
      '/pages/card/sumsub',
    );
    expect(screen.getByRole('button', { name: /Apply and pay/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Virtual' }));
    expect(screen.getByRole('button', { name: 'Apply and pay $10.00' })).toBeEnabled();
  });

  it('sends the PIN twice with an idempotency key and opens apply-success', async () => {
    const { user, host, calls } = renderWithHost(<ApplyPage />, {
      loggedIn: true,
      routes: routes({ 'POST card/apply': () => cardFixture({ id: 'new1', status: 'inactivated' }) }),
    });
    await user.click(await screen.findByRole('radio', { name: 'MasterCard' }));
    await user.type(screen.getByLabelText('Card PIN (6 digits)'), '123456');
    await user.type(screen.getByLabelText('Repeat the card PIN'), '123450');
    await user.click(screen.getByRole('button', { name: 'Apply and pay $10.00' }));
    expect(await screen.findByText('The two entries differ')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat the card PIN'));
    await user.type(screen.getByLabelText('Repeat the card PIN'), '123456');
    await user.click(screen.getByRole('button', { name: 'Apply and pay $10.00' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/apply-success?cardId=new1'));
    const call = calls.find((c) => c.url === 'card/apply')!;
    expect(call.body).toEqual({ productId: 'virtual-mastercard-standard', pin: '123456', pinConfirm: '123456' });
    expect(call.options.idempotencyKey).toBe(true);
  });

  it('explains "insufficient wallet balance" and leads to funding the card balance', async () => {
    const { user } = renderWithHost(<ApplyPage />, {
      loggedIn: true,
      routes: routes({
        'GET card/eligibility': () => eligibilityFixture({ cardFunding: '200.00' }),
        'POST card/apply': () =>
          apiError('insufficient_wallet_balance', 'Insufficient wallet balance. Go to recharge.', {
            data: { fix: '/pages/wallet/transfer' },
          }),
      }),
    });
    await user.type(await screen.findByLabelText('Card PIN (6 digits)'), '123456');
    await user.type(screen.getByLabelText('Repeat the card PIN'), '123456');
    await user.click(screen.getByRole('button', { name: 'Apply and pay $10.00' }));
    expect(await screen.findByText('Insufficient wallet balance. Go to recharge.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Move funds to your card balance' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pages\/wallet\/transfer\?redirect=%2F/),
    );
    expect(screen.getByRole('link', { name: 'Recharge your wallet' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pages\/wallet\/recharge\?redirect=%2F/),
    );
  });

  it('a coupon for the application fee lowers what is paid and is sent with the application', async () => {
    const coupon = {
      id: '77',
      code: 'WELCOME4',
      scope: 'card_application_fee',
      discountType: 'fixed',
      discountValue: '4.00',
      discountCap: null,
      currency: 'USD',
      validUntil: '2030-01-01T00:00:00.000Z',
      state: 'available',
      boundAt: '2026-01-01T00:00:00.000Z',
      usedAt: null,
      usedDiscount: null,
    };
    const { user, calls } = renderWithHost(<ApplyPage />, {
      loggedIn: true,
      routes: routes({
        'GET coupon/list': () => ({ data: [coupon], current_page: 1, last_page: 1, per_page: 50, total: 1 }),
        'POST card/apply': () => cardFixture({ id: 'new2', status: 'inactivated' }),
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'WELCOME4 — $4.00 off' }));
    expect(screen.getByText('Coupon discount')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card PIN (6 digits)'), '123456');
    await user.type(screen.getByLabelText('Repeat the card PIN'), '123456');
    await user.click(screen.getByRole('button', { name: 'Apply and pay $6.00' }));
    await waitFor(() => expect(calls.find((c) => c.url === 'card/apply')?.body).toMatchObject({ couponId: '77' }));
  });
});
