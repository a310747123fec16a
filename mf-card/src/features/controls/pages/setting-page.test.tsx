import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import SettingPage from './setting-page';

const details = {
  pan: '4539871234564242',
  cvv: '123',
  expiry: '11/29',
  cardholder: 'ADA LOVELACE',
  visibleSeconds: 30,
};

describe('card settings page', () => {
  // The confirmation dialogs render into their own React 19 root, as app.tsx wires it.
  // (shared/src/ui's reactRootRender, with this app's react-dom: one root per container, re-rendered to close.)
  const roots = new WeakMap<Element | DocumentFragment, ReturnType<typeof createRoot>>();
  beforeAll(() => {
    unstableSetRender((node, container) => {
      const root = roots.get(container) ?? createRoot(container);
      roots.set(container, root);
      root.render(node);
      return async () => {
        root.unmount();
        roots.delete(container);
      };
    });
  });

  it('reveals the details after the transaction password, then hides them', async () => {
    const { user, calls } = renderWithHost(<SettingPage />, {
      loggedIn: true,
      route: '/pages/card/setting?cardId=c1',
      routes: {
        'GET card/detail': () => cardFixture(),
        'POST card/detailsGrant': () => ({ grant: 'rg_x', expiresAt: '2026-11-23T10:01:00.000Z' }),
        'POST card/details': () => details,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    screen.getByLabelText('Transaction password, 6 digits').focus();
    await user.keyboard('246810');
    const shown = await screen.findByRole('region', { name: 'Card details' });
    expect(within(shown).getByText('4539 8712 3456 4242')).toBeInTheDocument();
    expect(within(shown).getByText('123')).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'card/details')!.body).toEqual({ cardId: 'c1', grant: 'rg_x' });
    await user.click(screen.getByRole('button', { name: 'Hide now' }));
    expect(screen.queryByText('4539 8712 3456 4242')).not.toBeInTheDocument();
  });

  it('without a transaction password it says so and leads to setting one', async () => {
    const { user } = renderWithHost(<SettingPage />, {
      loggedIn: true,
      route: '/pages/card/setting?cardId=c1',
      routes: {
        'GET card/detail': () => cardFixture(),
        'POST card/detailsGrant': () =>
          apiError('card_paypass_required', 'Viewing CVV requires a transaction password. Set one first.', {
            code: 403,
            data: { fix: '/pages/user/paypass' },
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    screen.getByLabelText('Transaction password, 6 digits').focus();
    await user.keyboard('111111');
    expect(await screen.findByText(/Viewing CVV requires a transaction password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a transaction password' })).toHaveAttribute(
      'href',
      '/pages/user/paypass',
    );
  });

  it('a risk-frozen card explains the wait before an unfreeze request', async () => {
    const frozenAt = new Date().toISOString();
    renderWithHost(<SettingPage />, {
      loggedIn: true,
      route: '/pages/card/setting?cardId=c1',
      routes: {
        'GET card/detail': () =>
          cardFixture({
            status: 'risk_frozen',
            riskFreeze: {
              frozenAt,
              days: 3,
              unfreezeFrom: new Date(Date.now() + 3 * 86_400_000).toISOString(),
              unfreezeRequested: false,
            },
          }),
      },
    });
    expect(await screen.findByText('The freeze period is not over. Try again after 3 days.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Request unfreeze/ })).not.toBeInTheDocument());
  });

  it('an unfreeze-fee coupon is offered: the fee, the discount and the payable amount before confirming, and it is sent', async () => {
    const frozenAt = new Date(Date.now() - 4 * 86_400_000).toISOString();
    const coupon = {
      id: '91',
      code: 'THAW50',
      scope: 'card_unfreeze_fee',
      discountType: 'fixed',
      discountValue: '0.50',
      discountCap: null,
      currency: 'USD',
      validUntil: '2030-01-01T00:00:00.000Z',
      state: 'available',
      boundAt: '2026-01-01T00:00:00.000Z',
      usedAt: null,
      usedDiscount: null,
    };
    const frozen = cardFixture({
      status: 'risk_frozen',
      riskFreeze: {
        frozenAt,
        days: 3,
        unfreezeFrom: new Date(Date.now() - 86_400_000).toISOString(),
        unfreezeRequested: false,
      },
    });
    const requested = { ...frozen, riskFreeze: { ...frozen.riskFreeze!, unfreezeRequested: true } };
    let sent = false;
    const { user, calls } = renderWithHost(<SettingPage />, {
      loggedIn: true,
      route: '/pages/card/setting?cardId=c1',
      routes: {
        'GET card/detail': () => (sent ? requested : frozen),
        'GET coupon/list': () => ({ data: [coupon], current_page: 1, last_page: 1, per_page: 50, total: 1 }),
        'POST card/requestUnfreeze': () => {
          sent = true;
          return { id: 'u1', fee: '1.00', status: 'pending', card: requested };
        },
      },
    });
    // Offered preselected: 1.00 fee, −0.50, 0.50 payable, on the button too (the amount isolated for RTL).
    const request = await screen.findByRole('button', { name: 'Request unfreeze (\u2068$0.50\u2069)' });
    expect(screen.getByRole('radio', { name: 'THAW50 — $0.50 off' })).toBeChecked();
    const summary = screen.getByText('Before you confirm').closest('.adm-list')! as HTMLElement;
    expect(within(summary).getByText('Unfreeze fee').closest('.adm-list-item')).toHaveTextContent('$1.00');
    expect(within(summary).getByText('Coupon discount').closest('.adm-list-item')).toHaveTextContent('−$0.50');
    expect(within(summary).getByText('You pay').closest('.adm-list-item')).toHaveTextContent('$0.50');
    // Without the coupon: the full fee, no discount row.
    await user.click(screen.getByRole('radio', { name: 'No coupon' }));
    expect(within(summary).queryByText('Coupon discount')).not.toBeInTheDocument();
    expect(within(summary).getByText('You pay').closest('.adm-list-item')).toHaveTextContent('$1.00');
    await user.click(screen.getByRole('radio', { name: 'THAW50 — $0.50 off' }));
    await user.click(request);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/costs \u2068\$0\.50\u2069/);
    // (fireEvent: the dialog is still fading in, pointer-events none, for user-event.)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request unfreeze (\u2068$0.50\u2069)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'card/requestUnfreeze')?.body).toEqual({ cardId: 'c1', couponId: '91' }),
    );
    expect(await screen.findByText(/Unfreeze already applied for/)).toBeInTheDocument();
  });

  it('closing names what the balance returns as: USD exactly, a coin 1:1 only up to what came in as it', async () => {
    const { user, calls } = renderWithHost(<SettingPage />, {
      loggedIn: true,
      route: '/pages/card/setting?cardId=c1',
      routes: {
        'GET card/detail': () => cardFixture(),
        'POST card/close': () => cardFixture({ status: 'closed', balance: '0.00' }),
      },
    });
    expect(await screen.findByText('As USD it returns 1:1: exactly ⁨$100.00⁩ arrives.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'USDT' }));
    const note = screen.getByText(/As USDT it returns 1:1 only up to what you brought in as USDT/);
    expect(note).toHaveTextContent(/less than ⁨\$100\.00⁩ may arrive\. Choose USD to receive exactly/);
    await user.click(screen.getByRole('button', { name: 'Close card' }));
    const dialog = await screen.findByRole('dialog');
    // The confirmation says the same before anything moves: never "returns as 100 USDT".
    expect(dialog).toHaveTextContent(/its balance of ⁨\$100\.00⁩ returns to your wallet\. As USDT/);
    expect(dialog).not.toHaveTextContent('100.00 USDT');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close card' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'card/close')?.body).toEqual({ cardId: 'c1', currency: 'USDT' }),
    );
  });
});
