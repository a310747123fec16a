import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import SettingPage from './setting-page';

const details = { pan: '4539871234564242', cvv: '123', expiry: '11/29', cardholder: 'ADA LOVELACE', visibleSeconds: 30 };

describe('card settings page', () => {
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
        'POST card/detailsGrant': () => apiError('card_paypass_required', 'Viewing CVV requires a transaction password. Set one first.', { code: 403, data: { fix: '/pages/user/paypass' } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    screen.getByLabelText('Transaction password, 6 digits').focus();
    await user.keyboard('111111');
    expect(await screen.findByText(/Viewing CVV requires a transaction password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a transaction password' })).toHaveAttribute('href', '/pages/user/paypass');
  });

  it('a risk-frozen card explains the wait before an unfreeze request', async () => {
    const frozenAt = new Date().toISOString();
    renderWithHost(<SettingPage />, {
      loggedIn: true,
      route: '/pages/card/setting?cardId=c1',
      routes: {
        'GET card/detail': () =>
          cardFixture({ status: 'risk_frozen', riskFreeze: { frozenAt, days: 3, unfreezeFrom: new Date(Date.now() + 3 * 86_400_000).toISOString(), unfreezeRequested: false } }),
      },
    });
    expect(await screen.findByText('The freeze period is not over. Try again after 3 days.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Request unfreeze/ })).not.toBeInTheDocument());
  });
});
