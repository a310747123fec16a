import type { WalletCurrency, WalletNetwork } from '@cardwallet/shared/schemas';

/**
 * Chart of accounts (docs/ledger.md "Account map"). Amounts are signed: an entry adds to the
 * account's balance, so a customer's balance is what we owe them and must never go below zero.
 * System accounts are the other side of every movement and may be negative: e.g. the chain hot
 * wallet of USDT/TRC20 at −1,000 means 1,000 USDT arrived on chain that we now owe to customers.
 * Every module that moves money names its accounts here; the keys are what ledger_accounts.key
 * holds, so they never change.
 */
export const USER_ACCOUNT_KINDS = [
  /** Spendable balance per currency. */
  'wallet',
  /** The secured account: amount + fee of withdrawals awaiting an administrator. */
  'withdrawal_pending',
  /** USD the customer moved to the card side; card fees and top-ups are paid from it. */
  'card_funding',
  /** One per card (sub = card id): the card's available balance, mirrored by the issuer. */
  'card',
  /** One per card (sub = card id): amounts authorised on the card, not yet cleared or released. */
  'card_hold',
] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  /** Per currency and network: what the chain holds for us (deposits in, withdrawals out). */
  'chain_hot_wallet',
  /** Network fees charged to customers on withdrawals. */
  'fees',
  /** The desk on the other side of every exchange (keeps the spread). */
  'exchange',
  /** Counterpart of card funding: stablecoins received for card USD, USD issued to cards (and back). */
  'card_funding',
  /** Card fees: application, gateway, withdrawal, unfreeze, monthly, per-transaction. */
  'card_fees',
  /** What the programme owes the card scheme for cleared purchases, less refunds. */
  'card_settlement',
  /** Marketing's budget: coupon discounts, referral cashback and bonuses (an expense). */
  'promotions',
  /**
   * Per currency and network (ERC20): what our deposit addresses hold for customers until a sweep
   * moves it to the hot wallet (docs/chain.md "Sweeping"); ERC20 deposits are credited against it.
   */
  'chain_deposit_addresses',
  /** Gas the house burned moving its own custody (sweeps, their top-ups), in ETH (an expense). */
  'chain_network_fees',
  /** Card fees the customer paid with WeChat Pay (in CNY, at the quoted rate): what WeChat Pay settles to us, in USD. */
  'wechat_pay',
  /**
   * What customers owe the card programme: the part of a lost dispute's provisional credit the card
   * no longer held (negative = owed to us), recovered from the card's next top-ups (docs/cards.md).
   */
  'card_receivables',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
/** The kinds that exist once per card rather than once per currency. */
const PER_CARD: ReadonlySet<UserAccountKind> = new Set(['card', 'card_hold']);

export type AccountRef =
  | { owner: 'user'; userId: string; kind: UserAccountKind; currency: WalletCurrency; sub?: string }
  | { owner: 'system'; kind: SystemAccountKind; currency: WalletCurrency; network?: WalletNetwork };

export const userAccount = (
  userId: string,
  kind: Exclude<UserAccountKind, 'card' | 'card_hold'>,
  currency: WalletCurrency,
): AccountRef => ({
  owner: 'user',
  userId,
  kind,
  currency,
});
/** A card's own account (`card`) or its hold account (`card_hold`); cards are in USD. */
export const cardAccount = (userId: string, kind: 'card' | 'card_hold', cardId: string): AccountRef => ({
  owner: 'user',
  userId,
  kind,
  currency: 'USD',
  sub: cardId,
});
export const systemAccount = (
  kind: SystemAccountKind,
  currency: WalletCurrency,
  network?: WalletNetwork,
): AccountRef => (network ? { owner: 'system', kind, currency, network } : { owner: 'system', kind, currency });

/** Stable text key of an account, as stored in ledger_accounts.key (unique). */
export function accountKey(ref: AccountRef): string {
  if (ref.owner === 'system') return `system:${ref.kind}:${ref.currency}${ref.network ? `:${ref.network}` : ''}`;
  if (PER_CARD.has(ref.kind) !== (ref.sub !== undefined))
    throw new Error(`account ${ref.kind} ${PER_CARD.has(ref.kind) ? 'needs' : 'takes no'} card id`);
  return ref.sub === undefined
    ? `user:${ref.userId}:${ref.kind}:${ref.currency}`
    : `user:${ref.userId}:${ref.kind}:${ref.sub}:${ref.currency}`;
}

/** Only customer accounts carry the no-overdraft guarantee. */
export function allowsNegative(ref: AccountRef): boolean {
  return ref.owner === 'system';
}
