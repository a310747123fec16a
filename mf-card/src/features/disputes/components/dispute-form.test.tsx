import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardOrder } from '@cardwallet/shared/schemas';
import { renderWithHost } from '../../../testing/render';
import { disputeFixture } from '../testing/dispute-fixture';
import { DisputeEntry } from './dispute-entry';

const order: CardOrder = {
  id: 'o1',
  orderNo: 'CO2026112300000001',
  cardId: 'c1',
  maskedNumber: '•••• 4242',
  cardBrand: 'visa',
  type: 'purchase',
  status: 'completed',
  merchant: { name: 'Gadget Shop', city: 'London', country: 'GB', mcc: '5732' },
  transactionAmount: '20',
  transactionCurrency: 'USD',
  authorizationAmount: '20.00',
  settlementAmount: '20.00',
  fee: '0.00',
  currency: 'USD',
  declineReason: null,
  feePeriod: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};
describe('dispute from a statement line', () => {
  it('reason then submit (free): one request with one Idempotency-Key, fraud freezes the card, then the dispute page', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { user, calls, host } = renderWithHost(<DisputeEntry order={order} />, {
      loggedIn: true,
      routes: {
        'GET card/dispute/eligibility': () => ({ eligible: true, why: null, disputeId: null }),
        'POST card/dispute/create': async () => {
          await gate;
          return { ...disputeFixture(), cardFrozen: true };
        },
      },
    });
    expect(await screen.findByText('Free of charge. We tell you at every step.')).toBeInTheDocument();
    // Submitting without a reason says so next to the choice.
    await user.click(screen.getByRole('button', { name: 'Submit dispute' }));
    expect(await screen.findByText('Choose what went wrong.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: "I don't recognise it (fraud)" }));
    expect(screen.getByRole('checkbox', { name: 'Freeze this card now' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit dispute' }));
    // In progress: the button cannot be pressed twice.
    const busy = await screen.findByRole('button', { name: /Submitting/ });
    expect(busy).toBeDisabled();
    await user.click(busy).catch(() => undefined);
    release();
    await waitFor(() => expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/dispute?id=d1'));
    const creates = calls.filter((c) => c.url === 'card/dispute/create');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toEqual({ orderId: 'o1', reason: 'fraud', freezeCard: true });
    expect(typeof creates[0]!.options.idempotencyKey).toBe('string');
  });

  it('a purchase that already has a dispute links to it; a server refusal shows next to the button', async () => {
    const { user, host } = renderWithHost(<DisputeEntry order={order} />, {
      loggedIn: true,
      routes: { 'GET card/dispute/eligibility': () => ({ eligible: false, why: 'already_disputed', disputeId: 'd9' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'View the dispute' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/card/dispute?id=d9');
  });

  it('nothing for an order that is not a completed purchase', async () => {
    const { container } = renderWithHost(<DisputeEntry order={{ ...order, status: 'pre_authorization' }} />, {
      loggedIn: true,
    });
    expect(container.querySelector('form')).toBeNull();
  });
});
