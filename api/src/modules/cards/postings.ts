import { accountKey, cardAccount, systemAccount, userAccount } from '../../ledger/accounts';
import { format, money } from '../../ledger/money';
import {
  balancedPosting,
  cardReturnToWallet,
  cardUsdToWallet,
  type CardReturn,
  type CardWalletCurrency,
  type EntryDraft,
  type PostingDraft,
  type PostingType,
} from '../../ledger/posting';
import { post } from '../../ledger/store';
import type { SqlRunner } from '../../db/sql';

/**
 * The card side's postings (docs/cards.md, "Postings"), built from the ledger's accounts
 * (ledger/accounts.ts) and posted through the ledger (balanced per currency, idempotent on the ref,
 * no-overdraft in the database). Card balances are customer accounts, one per card, never
 * negative; every card fee goes to the system account card_fees.
 */
export type CardPostingType = Extract<PostingType, `card_${string}`>;

const cardFunding = (userId: string) => userAccount(userId, 'card_funding', 'USD');
const card = (userId: string, cardId: string) => cardAccount(userId, 'card', cardId);
/** Amounts authorised on the card and not yet cleared or released (never negative). */
const hold = (userId: string, cardId: string) => cardAccount(userId, 'card_hold', cardId);
/** What the programme owes the card scheme for cleared purchases, less refunds (settled with the scheme outside the app). */
const settlement = () => systemAccount('card_settlement', 'USD');
/** Marketing's budget for coupons and cashback: may go negative (an expense). */
const promotions = () => systemAccount('promotions', 'USD');
const fees = () => systemAccount('card_fees', 'USD');

export const cardAccountKey = (userId: string, cardId: string) => accountKey(card(userId, cardId));
export const cardHoldKey = (userId: string, cardId: string) => accountKey(hold(userId, cardId));
export const cardFundingKey = (userId: string) => accountKey(cardFunding(userId));

/** A card posting: a ledger draft plus the operation (card operation, order, request) it belongs to. */
export type CardPosting = PostingDraft & { operationId: string };

function build(
  p: { ref: string; type: CardPostingType; userId: string; operationId: string },
  entries: EntryDraft[],
): CardPosting {
  return { ...balancedPosting({ ref: p.ref, type: p.type, userId: p.userId, entries }), operationId: p.operationId };
}
const neg = (v: string) => format(money(v).negated(), 'USD');
const plus = (a: string, b: string) => format(money(a).plus(b), 'USD');
/** A fee less its coupon's discount: what the customer pays (the fee account still earns the whole fee). */
const payable = (fee: string, discount = '0') => format(money(fee).minus(discount), 'USD');
/** Marketing funds a fee coupon's discount (a zero entry is left out). */
const couponFunding = (discount = '0') => ({ account: promotions(), amount: neg(discount) });

/**
 * Application fee. A coupon's discount is part of the same posting: the customer pays fee − discount,
 * the fee account still earns the whole fee, and the promotions account funds the difference.
 */
export const applyFee = (p: { cardId: string; userId: string; fee: string; discount?: string }) => {
  const discount = format(money(p.discount ?? '0'));
  const payable = format(money(p.fee).minus(discount));
  return build({ ref: `card_apply:${p.cardId}`, type: 'card_apply_fee', userId: p.userId, operationId: p.cardId }, [
    ...(money(payable).gt(0) ? [{ account: cardFunding(p.userId), amount: neg(payable) }] : []),
    { account: fees(), amount: p.fee },
    { account: promotions(), amount: neg(discount) },
  ]);
};

/**
 * Top-up (and the activating first top-up): amount + gateway fee leave card-funding, the amount
 * reaches the card. With a gateway-fee coupon the customer pays fee − discount, promotions the rest.
 */
export const topUp = (p: {
  operationId: string;
  cardId: string;
  userId: string;
  amount: string;
  fee: string;
  discount?: string;
}) =>
  build({ ref: `card_op:${p.operationId}`, type: 'card_topup', userId: p.userId, operationId: p.operationId }, [
    { account: cardFunding(p.userId), amount: neg(plus(p.amount, payable(p.fee, p.discount))) },
    { account: card(p.userId, p.cardId), amount: p.amount },
    { account: fees(), amount: p.fee },
    couponFunding(p.discount),
  ]);

/**
 * A replaced card's balance moves to its replacement (ref `card_replace:<newCardId>`): old card −A,
 * new card +A. The issuer moved the same balance in its own reissue transaction.
 */
export const replaceMove = (p: { newCardId: string; oldCardId: string; userId: string; amount: string }) =>
  build({ ref: `card_replace:${p.newCardId}`, type: 'card_replace', userId: p.userId, operationId: p.newCardId }, [
    { account: card(p.userId, p.oldCardId), amount: neg(p.amount) },
    { account: card(p.userId, p.newCardId), amount: p.amount },
  ]);

/**
 * Withdrawal card → wallet (spec §4): amount + 5 USD fee leave the card, the amount reaches the
 * wallet in the chosen currency 1:1 (USD directly, USDT/USDC through the system card_funding
 * accounts). Withdrawals posted before migration 0205 credited card_funding instead; the
 * customer moves that balance with transfer_from_card (moves/funding.ts).
 */
export const withdraw = (p: {
  operationId: string;
  cardId: string;
  userId: string;
  amount: string;
  fee: string;
  currency: CardWalletCurrency;
  discount?: string;
  /** How the amount returns (funding lots, spread; docs/cards.md); without it, 1:1. */
  price?: CardReturn;
}) =>
  build({ ref: `card_op:${p.operationId}`, type: 'card_withdraw', userId: p.userId, operationId: p.operationId }, [
    { account: card(p.userId, p.cardId), amount: neg(plus(p.amount, payable(p.fee, p.discount))) },
    { account: fees(), amount: p.fee },
    couponFunding(p.discount),
    ...(p.price ? cardReturnToWallet(p.userId, p.price) : cardUsdToWallet(p.userId, p.currency, p.amount)),
  ]);

/** Closing: the whole card balance returns to the wallet in the chosen currency, 1:1 (spec §4). */
export const close = (p: {
  operationId: string;
  cardId: string;
  userId: string;
  amount: string;
  currency: CardWalletCurrency;
  /** How the balance returns (funding lots, spread; docs/cards.md); without it, 1:1. */
  price?: CardReturn;
}) =>
  build({ ref: `card_op:${p.operationId}`, type: 'card_close', userId: p.userId, operationId: p.operationId }, [
    { account: card(p.userId, p.cardId), amount: neg(p.amount) },
    ...(p.price ? cardReturnToWallet(p.userId, p.price) : cardUsdToWallet(p.userId, p.currency, p.amount)),
  ]);

/** Unfreeze request after a risk freeze: 1 USD from card-funding to card fees (less an unfreeze-fee coupon's discount). */
export const unfreezeFee = (p: { requestId: string; userId: string; fee: string; discount?: string }) =>
  build(
    { ref: `card_unfreeze:${p.requestId}`, type: 'card_unfreeze_fee', userId: p.userId, operationId: p.requestId },
    [
      { account: cardFunding(p.userId), amount: neg(payable(p.fee, p.discount)) },
      { account: fees(), amount: p.fee },
      couponFunding(p.discount),
    ],
  );

/** The issuer reversed a top-up it had accepted: the amount and the gateway fee go back to card-funding. */
export const topUpReversal = (p: {
  operationId: string;
  cardId: string;
  userId: string;
  amount: string;
  fee: string;
}) =>
  build(
    {
      ref: `card_load_reversal:${p.operationId}`,
      type: 'card_topup_reversal',
      userId: p.userId,
      operationId: p.operationId,
    },
    [
      { account: card(p.userId, p.cardId), amount: neg(p.amount) },
      { account: fees(), amount: neg(p.fee) },
      { account: cardFunding(p.userId), amount: plus(p.amount, p.fee) },
    ],
  );

interface TxnPostingRef {
  issuerTxnId: string;
  transactionId: string;
  cardId: string;
  userId: string;
}
const txnRef = (p: TxnPostingRef, step: string) => ({
  ref: `card_txn:${p.issuerTxnId}:${step}`,
  userId: p.userId,
  operationId: p.transactionId,
});

/** Authorisation: amount + fee move from the card's available balance to its hold. */
export const authorisationHold = (p: TxnPostingRef & { held: string }) =>
  build({ ...txnRef(p, 'hold'), type: 'card_hold' }, [
    { account: card(p.userId, p.cardId), amount: neg(p.held) },
    { account: hold(p.userId, p.cardId), amount: p.held },
  ]);

/**
 * Clearing: the settled amount goes to the scheme settlement account and the organisation fee to
 * card fees, out of the hold (what was held beyond them returns to the card). A clearing that
 * arrives before its authorisation (held = 0) is paid from the card directly.
 */
export const clearing = (p: TxnPostingRef & { held: string; settled: string; fee: string }) => {
  const rest = money(p.held).minus(p.settled).minus(p.fee);
  return build({ ...txnRef(p, 'clear'), type: 'card_clear' }, [
    { account: hold(p.userId, p.cardId), amount: neg(p.held) },
    { account: card(p.userId, p.cardId), amount: format(rest, 'USD') },
    { account: settlement(), amount: p.settled },
    { account: fees(), amount: p.fee },
  ]);
};

/** Reversal of an authorisation: the hold returns to the card. */
export const release = (p: TxnPostingRef & { held: string }) =>
  build({ ...txnRef(p, 'release'), type: 'card_release' }, [
    { account: hold(p.userId, p.cardId), amount: neg(p.held) },
    { account: card(p.userId, p.cardId), amount: p.held },
  ]);

/** A settled refund: from the scheme settlement account back to the card. */
export const refund = (p: TxnPostingRef & { amount: string }) =>
  build({ ...txnRef(p, 'refund'), type: 'card_refund' }, [
    { account: settlement(), amount: neg(p.amount) },
    { account: card(p.userId, p.cardId), amount: p.amount },
  ]);

/** The product's monthly fee, taken by the issuer from the card balance: card → card fees. */
export const monthlyFee = (p: TxnPostingRef & { amount: string }) =>
  build({ ...txnRef(p, 'monthly_fee'), type: 'card_monthly_fee' }, [
    { account: card(p.userId, p.cardId), amount: neg(p.amount) },
    { account: fees(), amount: p.amount },
  ]);

/** Posts inside the caller's transaction; an overdraft throws InsufficientBalanceError (rolls back). */
export async function postCard(tx: SqlRunner, posting: CardPosting): Promise<boolean> {
  return (await post(tx, posting, posting.operationId)).created;
}
