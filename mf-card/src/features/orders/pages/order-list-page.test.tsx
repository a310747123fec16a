import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardOrder } from '@cardwallet/shared/schemas';
import { renderWithHost } from '../../../testing/render';
import { cardFixture } from '../../../testing/fixtures';
import OrderListPage from './order-list-page';

const order = (i: number, over: Partial<CardOrder> = {}): CardOrder => ({
  id: `o${i}`,
  orderNo: `CO2026112300000${String(i).padStart(3, '0')}`,
  cardId: 'c1',
  maskedNumber: '•••• 4242',
  cardBrand: 'visa',
  type: 'purchase',
  status: 'completed',
  merchant: { name: `Shop ${i}`, city: 'London', country: 'GB', mcc: '5411' },
  transactionAmount: '10',
  transactionCurrency: 'EUR',
  authorizationAmount: '10.80',
  settlementAmount: '10.80',
  fee: '0.50',
  currency: 'USD',
  declineReason: null,
  feePeriod: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...over,
});
const page = (n: number, last: number, items: CardOrder[]) => ({
  data: items,
  current_page: n,
  last_page: last,
  per_page: 15,
  total: 16,
});

describe('order list page', () => {
  it('lists orders, filters by state, opens the detail with every field', async () => {
    const { user, calls } = renderWithHost(<OrderListPage />, {
      loggedIn: true,
      route: '/pages/card/order-list?cardId=c1',
      routes: {
        'GET card/list': () => ({ cards: [cardFixture()] }),
        'GET card/orders': ({ params }) =>
          params?.status === 'pre_authorization'
            ? page(1, 1, [order(99, { status: 'pre_authorization', settlementAmount: null })])
            : page(1, 1, [order(1), order(2)]),
      },
    });
    expect(await screen.findByText('Shop 1')).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'card/orders')!.params).toMatchObject({ cardId: 'c1', page: 1, per_page: 15 });
    await user.selectOptions(screen.getByLabelText('Status'), 'pre_authorization');
    expect(await screen.findByText('Shop 99')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Shop 99/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    for (const label of [
      'Order number',
      'Status',
      'Card number',
      'Transaction type',
      'Transaction amount',
      'Authorisation amount',
      'Settlement amount',
      'Fee',
      'Merchant',
    ]) {
      expect(within(dialog).getByText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Pre-authorisation')).toBeInTheDocument();
  });

  it("shows the issuer's monthly fee with its month in the reader's words, not the issuer's merchant text", async () => {
    const fee = order(7, {
      type: 'fee',
      merchant: { name: 'Monthly card fee', city: null, country: null, mcc: null },
      transactionAmount: '1',
      transactionCurrency: 'USD',
      authorizationAmount: null,
      settlementAmount: '1.00',
      fee: '0.00',
      feePeriod: '2026-12',
    });
    const { user } = renderWithHost(<OrderListPage />, {
      loggedIn: true,
      routes: { 'GET card/list': () => ({ cards: [cardFixture()] }), 'GET card/orders': () => page(1, 1, [fee]) },
    });
    const row = await screen.findByRole('button', { name: /Monthly card fee · December 2026/ });
    expect(row).toHaveTextContent('−$1.00');
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    expect(within(dialog).getByText('Monthly fee')).toBeInTheDocument();
    expect(within(dialog).getByText('Month paid for')).toBeInTheDocument();
    expect(within(dialog).getByText('December 2026')).toBeInTheDocument();
    expect(within(dialog).queryByText('Merchant')).not.toBeInTheDocument();
  });

  it('shows the dispute state on the statement line; its detail links to the dispute', async () => {
    const { user } = renderWithHost(<OrderListPage />, {
      loggedIn: true,
      routes: {
        'GET card/list': () => ({ cards: [cardFixture()] }),
        'GET card/orders': () =>
          page(1, 1, [order(3, { dispute: { id: 'd3', status: 'under_review' } }), order(4, { dispute: null })]),
        'GET card/dispute/eligibility': () => ({ eligible: false, why: 'already_disputed', disputeId: 'd3' }),
      },
    });
    const row = await screen.findByRole('button', { name: /Shop 3/ });
    expect(row).toHaveTextContent('Dispute: Under review');
    expect(screen.getByRole('button', { name: /Shop 4/ })).not.toHaveTextContent('Dispute');
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Order details' });
    // (The popup is still animating in here; the click itself is covered in dispute-form.test.tsx.)
    expect(await within(dialog).findByRole('button', { name: 'View the dispute' })).toBeInTheDocument();
  });

  it('says what to do when there are no orders', async () => {
    renderWithHost(<OrderListPage />, {
      loggedIn: true,
      routes: { 'GET card/list': () => ({ cards: [cardFixture()] }), 'GET card/orders': () => page(1, 1, []) },
    });
    await waitFor(() => expect(screen.getByText('No card orders yet')).toBeInTheDocument());
  });
});
