import { cardAccount, systemAccount } from '../../../ledger/accounts';
import { format, money } from '../../../ledger/money';
import { balancedPosting } from '../../../ledger/posting';
import type { CardPosting } from '../postings';

/**
 * The two postings of a dispute (docs/cards.md "Disputes"), each at most once — the ledger refuses a
 * second posting with the same ref, and the dispute row (locked) records that it was made:
 * - provisional credit: the scheme settlement account (the chargeback the programme claims from the
 *   merchant's side) → the card;
 * - reversal of a lost dispute: the card → the scheme settlement account, for what the issuer took
 *   back (at most what the card still held). A won dispute keeps the credit: no posting.
 */
const entries = (userId: string, cardId: string, toCard: string) => [
  { account: cardAccount(userId, 'card', cardId), amount: toCard },
  { account: systemAccount('card_settlement', 'USD'), amount: format(money(toCard).negated(), 'USD') },
];

export const disputeCreditRef = (disputeId: string) => `card_dispute:${disputeId}:credit`;
export const disputeReversalRef = (disputeId: string) => `card_dispute:${disputeId}:reversal`;

export const provisionalCredit = (p: {
  disputeId: string;
  userId: string;
  cardId: string;
  amount: string;
}): CardPosting => ({
  ...balancedPosting({
    ref: disputeCreditRef(p.disputeId),
    type: 'card_dispute_credit',
    userId: p.userId,
    entries: entries(p.userId, p.cardId, p.amount),
  }),
  operationId: p.disputeId,
});

export const creditReversal = (p: {
  disputeId: string;
  userId: string;
  cardId: string;
  amount: string;
}): CardPosting => ({
  ...balancedPosting({
    ref: disputeReversalRef(p.disputeId),
    type: 'card_dispute_reversal',
    userId: p.userId,
    remark: 'dispute lost',
    entries: entries(p.userId, p.cardId, format(money(p.amount).negated(), 'USD')),
  }),
  operationId: p.disputeId,
});
