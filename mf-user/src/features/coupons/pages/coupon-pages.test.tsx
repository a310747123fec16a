import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { apiError } from '../../../testing/fake-host';
import CouponListPage from './coupon-list-page';
import CouponBindingPage from './coupon-binding-page';

const coupon = (over: Record<string, unknown> = {}) => ({
  id: '1',
  code: 'WELCOME10AB',
  scope: 'card_application_fee',
  discountType: 'fixed',
  discountValue: '10.00',
  discountCap: null,
  currency: 'USD',
  validUntil: '2026-12-31T12:00:00.000Z',
  state: 'available',
  boundAt: '2026-11-01T00:00:00.000Z',
  usedAt: null,
  usedDiscount: null,
  ...over,
});
const page = (data: unknown[], counts = { available: 1, used: 0, expired: 2 }) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: data.length,
  counts,
});

describe('coupon list', () => {
  it('shows each coupon with code, scope, discount and valid-until in the locale, tabs with counts', async () => {
    const { user, host } = renderWithHost(<CouponListPage />, {
      loggedIn: true,
      routes: {
        'GET coupon/list': (r) =>
          r.params?.state === 'expired'
            ? page([
                coupon({
                  id: '2',
                  state: 'expired',
                  discountType: 'percent',
                  discountValue: '50',
                  discountCap: '0.30',
                  scope: 'card_topup_gateway_fee',
                }),
              ])
            : page([coupon()]),
      },
    });
    const card = await screen.findByRole('article', { name: 'Card application fee $10.00' });
    expect(within(card).getByText('WELCOME10AB')).toBeInTheDocument();
    expect(within(card).getByText('Dec 31, 2026, 12:00 PM', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expired (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Expired (2)' }));
    const expired = await screen.findByRole('article', { name: 'Card top-up gateway fee 50%' });
    expect(within(expired).getByText('up to $0.30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bind' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/user/coupon-binding');
  });

  it('says what to do when there are none', async () => {
    renderWithHost(<CouponListPage />, {
      loggedIn: true,
      locale: 'tr-TR',
      routes: { 'GET coupon/list': () => page([], { available: 0, used: 0, expired: 0 }) },
    });
    expect(await screen.findByText(/Kart ücretlerinde indirim için bir kupon kodu bağlayın/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kupon bağla' })).toBeInTheDocument();
  });
});

describe('coupon binding', () => {
  it('requires a code, shows refusals on the field, and goes to the list when bound', async () => {
    let n = 0;
    const { user, host } = renderWithHost(<CouponBindingPage />, {
      loggedIn: true,
      routes: {
        'POST coupon/bind': () =>
          ++n === 1
            ? apiError('coupon_bound_by_other', 'This coupon has already been bound by another account.')
            : coupon(),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Bind coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Required');
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'welcome-10ab');
    await user.click(screen.getByRole('button', { name: 'Bind coupon' }));
    expect(await screen.findByText('This coupon has already been bound by another account.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Bind coupon' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/user/coupon-list'));
  });
});
