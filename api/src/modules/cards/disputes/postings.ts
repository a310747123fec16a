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

/**
 * A lost dispute takes the whole provisional credit back from the customer: `amount` from the card
 * (what it still held, taken back by the issuer) and the rest, `shortfall`, as a receivable
 * (system:card_receivables goes negative by it: the customer owes it to the programme). The scheme
 * settlement account gets the whole credit back either way.
 */
export const creditReversal = (p: {
  disputeId: string;
  userId: string;
  cardId: string;
  amount: string;
  shortfall?: string;
}): CardPosting => {
  const shortfall = money(p.shortfall ?? '0');
  const fromCard = money(p.amount);
  return {
    ...balancedPosting({
      ref: disputeReversalRef(p.disputeId),
      type: 'card_dispute_reversal',
      userId: p.userId,
      remark: 'dispute lost',
      entries: [
        ...(fromCard.gt(0)
          ? [{ account: cardAccount(p.userId, 'card', p.cardId), amount: format(fromCard.negated(), 'USD') }]
          : []),
        { account: systemAccount('card_settlement', 'USD'), amount: format(fromCard.plus(shortfall), 'USD') },
        ...(shortfall.gt(0)
          ? [{ account: systemAccount('card_receivables', 'USD'), amount: format(shortfall.negated(), 'USD') }]
          : []),
      ],
    }),
    operationId: p.disputeId,
  };
};

/**
 * A lost dispute's shortfall paid back from the card (operation kind `dispute_recovery`, ref
 * `card_op:<operationId>`): the card → the receivable.
 */
export const shortfallRecovery = (p: {
  operationId: string;
  disputeId: string;
  userId: string;
  cardId: string;
  amount: string;
}): CardPosting => ({
  ...balancedPosting({
    ref: `card_op:${p.operationId}`,
    type: 'card_dispute_recovery',
    userId: p.userId,
    remark: `dispute ${p.disputeId}`,
    entries: [
      { account: cardAccount(p.userId, 'card', p.cardId), amount: format(money(p.amount).negated(), 'USD') },
      { account: systemAccount('card_receivables', 'USD'), amount: format(money(p.amount), 'USD') },
    ],
  }),
  operationId: p.operationId,
});
