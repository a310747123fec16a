import type { CardDispute } from '@cardwallet/shared/schemas';

/** A dispute as the API answers it (tests). */
export const disputeFixture = (over: Partial<CardDispute> = {}): CardDispute => ({
  id: 'd1',
  cardId: 'c1',
  orderId: 'o1',
  orderNo: 'CO2026112300000001',
  merchant: 'Gadget Shop',
  maskedNumber: '•••• 4242',
  reason: 'fraud',
  description: null,
  evidence: [],
  status: 'submitted',
  amount: '20.00',
  currency: 'USD',
  credited: '0.00',
  reversed: '0.00',
  shortfall: '0.00',
  recovered: '0.00',
  outcomeReason: null,
  fee: '0.00',
  timeline: [{ status: 'submitted', at: '2026-11-24T10:00:00.000Z', amount: null, reason: null }],
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
