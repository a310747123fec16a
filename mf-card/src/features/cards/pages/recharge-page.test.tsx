import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { cardFixture, eligibilityFixture, productsFixture } from '../../../testing/fixtures';
import RechargePage from './recharge-page';
import WithdrawPage from './withdraw-page';

const routes = {
  'GET card/products': () => productsFixture,
  'GET card/eligibility': () => eligibilityFixture({ cardFunding: '80.00' }),
  'GET card/detail': () => cardFixture(),
  'POST card/topUp': () => ({ id: 'op1', cardId: 'c1', kind: 'topup', amount: '50.00', fee: '0.00', createdAt: '2026-11-23T10:00:00.000Z', card: cardFixture({ balance: '150.00' }) }),
};

describe('recharge page', () => {
  it('shows the gateway fee before confirming: 0.30 at 49.99, free at 50', async () => {
    const { user, host, calls } = renderWithHost(<RechargePage />, { loggedIn: true, routes, route: '/pages/card/recharge?cardId=c1' });
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.type(amount, '49.99');
    const summary = screen.getByText('Before you confirm').closest('.adm-list')! as HTMLElement;
    expect(within(summary).getByText('Gateway fee').closest('.adm-list-item')).toHaveTextContent('$0.30');
    expect(within(summary).getByText('Total taken from your wallet').closest('.adm-list-item')).toHaveTextContent('$50.29');
    await user.clear(amount);
    await user.type(amount, '50');
    expect(within(summary).getByText('Gateway fee').closest('.adm-list-item')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/index'));
    expect(calls.find((c) => c.url === 'card/topUp')!.options.idempotencyKey).toBe(true);
  });

  it('refuses more than the card-funding balance and leads to funding it', async () => {
    const { user } = renderWithHost(<RechargePage />, { loggedIn: true, routes, route: '/pages/card/recharge?cardId=c1' });
    await user.type(await screen.findByLabelText('Amount (USD)'), '80.01');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByRole('link', { name: 'Move funds to your card balance' })).toHaveAttribute('href', expect.stringMatching(/^\/pages\/wallet\/transfer\?redirect=%2F/));
  });

  it('without a card it asks which card first', async () => {
    const { host } = renderWithHost(<RechargePage />, { loggedIn: true, routes, route: '/pages/card/recharge' });
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/select-card?for=recharge'));
  });
});

describe('withdraw page', () => {
  it('keeps 1 USD on the card: at most balance − 5 fee − 1', async () => {
    const { user, calls } = renderWithHost(<WithdrawPage />, { loggedIn: true, routes, route: '/pages/card/withdraw?cardId=c1' });
    const amount = await screen.findByLabelText('Amount (USD)');
    expect(screen.getByText('Most you can withdraw').closest('.adm-list-item')).toHaveTextContent('$94.00');
    await user.type(amount, '95');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/must keep at least 1 USD/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === 'card/withdraw')).toBe(false);
  });
});
