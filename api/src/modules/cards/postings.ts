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

export type CardPostingType =
  | 'card_apply_fee'
  | 'card_topup'
  | 'card_withdraw'
  | 'card_close'
  | 'card_unfreeze_fee'
  | 'card_topup_reversal'
  | 'card_hold'
  | 'card_clear'
  | 'card_release'
  | 'card_refund'
  | 'card_monthly_fee';

const cardFunding = (userId: string) => ({ key: `user:${userId}:card_funding:USD`, userId, kind: 'card_funding', currency: 'USD' as const, network: null, allowNegative: false });
export const cardAccountKey = (userId: string, cardId: string) => `user:${userId}:card:${cardId}:USD`;
const card = (userId: string, cardId: string) => ({ key: cardAccountKey(userId, cardId), userId, kind: 'card', currency: 'USD' as const, network: null, allowNegative: false });
export const cardHoldKey = (userId: string, cardId: string) => `user:${userId}:card_hold:${cardId}:USD`;
/** Amounts authorised on the card and not yet cleared or released (never negative). */
const hold = (userId: string, cardId: string) => ({ key: cardHoldKey(userId, cardId), userId, kind: 'card_hold', currency: 'USD' as const, network: null, allowNegative: false });
/** What the programme owes the card scheme for cleared purchases, less refunds (settled with the scheme outside the app). */
const settlement = () => ({ key: 'system:card_settlement:USD', userId: null, kind: 'card_settlement', currency: 'USD' as const, network: null, allowNegative: true });
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

/** Closing: the whole card balance returns to the wallet's card-funding balance. */
export const close = (p: { operationId: string; cardId: string; userId: string; amount: string }) =>
  build({ ref: `card_op:${p.operationId}`, type: 'card_close', userId: p.userId, operationId: p.operationId }, [
    { ...card(p.userId, p.cardId), amount: neg(p.amount) },
    { ...cardFunding(p.userId), amount: p.amount },
  ]);

/** Unfreeze request after a risk freeze: 1 USD from card-funding to card fees. */
export const unfreezeFee = (p: { requestId: string; userId: string; fee: string }) =>
  build({ ref: `card_unfreeze:${p.requestId}`, type: 'card_unfreeze_fee', userId: p.userId, operationId: p.requestId }, [
    { ...cardFunding(p.userId), amount: neg(p.fee) },
    { ...fees(), amount: p.fee },
  ]);

/** The issuer reversed a top-up it had accepted: the amount and the gateway fee go back to the wallet. */
export const topUpReversal = (p: { operationId: string; cardId: string; userId: string; amount: string; fee: string }) =>
  build({ ref: `card_load_reversal:${p.operationId}`, type: 'card_topup_reversal', userId: p.userId, operationId: p.operationId }, [
    { ...card(p.userId, p.cardId), amount: neg(p.amount) },
    { ...fees(), amount: neg(p.fee) },
    { ...cardFunding(p.userId), amount: format(money(p.amount).plus(p.fee)) },
  ]);

interface TxnPostingRef {
  issuerTxnId: string;
  transactionId: string;
  cardId: string;
  userId: string;
}
const txnRef = (p: TxnPostingRef, step: string) => ({ ref: `card_txn:${p.issuerTxnId}:${step}`, userId: p.userId, operationId: p.transactionId });

/** Authorisation: amount + fee move from the card's available balance to its hold. */
export const authorisationHold = (p: TxnPostingRef & { held: string }) =>
  build({ ...txnRef(p, 'hold'), type: 'card_hold' }, [
    { ...card(p.userId, p.cardId), amount: neg(p.held) },
    { ...hold(p.userId, p.cardId), amount: p.held },
  ]);

/**
 * Clearing: the settled amount goes to the scheme settlement account and the organisation fee to
 * card fees, out of the hold (what was held beyond them returns to the card). A clearing that
 * arrives before its authorisation (held = 0) is paid from the card directly.
 */
export const clearing = (p: TxnPostingRef & { held: string; settled: string; fee: string }) => {
  const rest = money(p.held).minus(p.settled).minus(p.fee);
  return build({ ...txnRef(p, 'clear'), type: 'card_clear' }, [
    { ...hold(p.userId, p.cardId), amount: neg(p.held) },
    { ...card(p.userId, p.cardId), amount: format(rest) },
    { ...settlement(), amount: p.settled },
    { ...fees(), amount: p.fee },
  ]);
};

/** Reversal of an authorisation: the hold returns to the card. */
export const release = (p: TxnPostingRef & { held: string }) =>
  build({ ...txnRef(p, 'release'), type: 'card_release' }, [
    { ...hold(p.userId, p.cardId), amount: neg(p.held) },
    { ...card(p.userId, p.cardId), amount: p.held },
  ]);

/** A settled refund: from the scheme settlement account back to the card. */
export const refund = (p: TxnPostingRef & { amount: string }) =>
  build({ ...txnRef(p, 'refund'), type: 'card_refund' }, [
    { ...settlement(), amount: neg(p.amount) },
    { ...card(p.userId, p.cardId), amount: p.amount },
  ]);

/** The product's monthly fee, taken by the issuer from the card balance: card → card fees. */
export const monthlyFee = (p: TxnPostingRef & { amount: string }) =>
  build({ ...txnRef(p, 'monthly_fee'), type: 'card_monthly_fee' }, [
    { ...card(p.userId, p.cardId), amount: neg(p.amount) },
    { ...fees(), amount: p.amount },
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
