import { format, money, ZERO } from '../../ledger/money';
import { mapLedgerError } from '../../ledger/store';
import type { SqlRunner } from '../../ledger/sql';

/**
 * The card side's postings (docs/cards.md, "Postings"). Card balances are customer accounts, one
 * per card (`user:<U>:card:<cardId>:USD`, never negative); every card fee goes to the system
 * account `system:card_fees:USD`. Posted through the ledger's own `ledger_post` (balanced per
 * currency, idempotent on the ref, no-overdraft in the database).
 */
interface AccountEntry {
  key: string;
  userId: string | null;
  kind: string;
  currency: 'USD';
  network: null;
  allowNegative: boolean;
  amount: string;
}

export type CardPostingType = 'card_apply_fee' | 'card_topup' | 'card_withdraw';

const cardFunding = (userId: string) => ({ key: `user:${userId}:card_funding:USD`, userId, kind: 'card_funding', currency: 'USD' as const, network: null, allowNegative: false });
export const cardAccountKey = (userId: string, cardId: string) => `user:${userId}:card:${cardId}:USD`;
const card = (userId: string, cardId: string) => ({ key: cardAccountKey(userId, cardId), userId, kind: 'card', currency: 'USD' as const, network: null, allowNegative: false });
/** Marketing's budget for coupons and cashback: may go negative (an expense). */
const promotions = () => ({ key: 'system:promotions:USD', userId: null, kind: 'promotions', currency: 'USD' as const, network: null, allowNegative: true });
const fees = () => ({ key: 'system:card_fees:USD', userId: null, kind: 'card_fees', currency: 'USD' as const, network: null, allowNegative: true });

export interface CardPosting {
  ref: string;
  type: CardPostingType;
  userId: string;
  operationId: string;
  entries: AccountEntry[];
}

function build(p: Omit<CardPosting, 'entries'>, entries: Array<Omit<AccountEntry, 'amount'> & { amount: string }>): CardPosting {
  const kept = entries.filter((e) => !money(e.amount).isZero());
  const sum = kept.reduce((s, e) => s.plus(e.amount), ZERO);
  if (kept.length < 2 || !sum.isZero()) throw new Error(`card posting ${p.ref} does not balance`);
  return { ...p, entries: kept.map((e) => ({ ...e, amount: format(e.amount, 'USD') })) };
}
const neg = (v: string) => format(money(v).negated(), 'USD');

/** Application fee: card-funding → card fees. */
/**
 * Application fee. A coupon's discount is part of the same posting: the customer pays fee − discount,
 * the fee account still earns the whole fee, and the promotions account funds the difference.
 */
export const applyFee = (p: { cardId: string; userId: string; fee: string; discount?: string }) => {
  const discount = money(p.discount ?? '0');
  const payable = format(money(p.fee).minus(discount));
  return build({ ref: `card_apply:${p.cardId}`, type: 'card_apply_fee', userId: p.userId, operationId: p.cardId }, [
    ...(money(payable).gt(0) ? [{ ...cardFunding(p.userId), amount: neg(payable) }] : []),
    { ...fees(), amount: p.fee },
    ...(discount.gt(0) ? [{ ...promotions(), amount: neg(format(discount)) }] : []),
  ]);
};

/** Top-up (and the activating first top-up): amount + gateway fee leave card-funding, the amount reaches the card. */
export const topUp = (p: { operationId: string; cardId: string; userId: string; amount: string; fee: string }) =>
  build({ ref: `card_op:${p.operationId}`, type: 'card_topup', userId: p.userId, operationId: p.operationId }, [
    { ...cardFunding(p.userId), amount: neg(format(money(p.amount).plus(p.fee))) },
    { ...card(p.userId, p.cardId), amount: p.amount },
    { ...fees(), amount: p.fee },
  ]);

/** Withdrawal card → wallet: amount + 5 USD fee leave the card, the amount reaches card-funding. */
export const withdraw = (p: { operationId: string; cardId: string; userId: string; amount: string; fee: string }) =>
  build({ ref: `card_op:${p.operationId}`, type: 'card_withdraw', userId: p.userId, operationId: p.operationId }, [
    { ...card(p.userId, p.cardId), amount: neg(format(money(p.amount).plus(p.fee))) },
    { ...cardFunding(p.userId), amount: p.amount },
    { ...fees(), amount: p.fee },
  ]);

/** Posts inside the caller's transaction; an overdraft throws InsufficientBalanceError (rolls back). */
export async function postCard(tx: SqlRunner, posting: CardPosting): Promise<boolean> {
  try {
    const [row] = await tx.query<{ created: boolean }>(`SELECT created FROM ledger_post($1, $2, $3, $4, NULL, NULL, $5::jsonb)`, [
      posting.ref,
      posting.type,
      posting.userId,
      posting.operationId,
      JSON.stringify(posting.entries),
    ]);
    return row?.created ?? false;
  } catch (e) {
    throw mapLedgerError(e);
  }
}
