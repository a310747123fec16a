import type { WalletCurrency, WalletNetwork } from '@cardwallet/shared/schemas';

/**
 * Chart of accounts. Amounts are signed: an entry adds to the account's balance, so a user's
 * balance is what we owe them and must never go below zero. System accounts are the other side of
 * every movement and may be negative: e.g. the chain hot wallet of USDT/TRC20 at −1,000 means
 * 1,000 USDT arrived on chain that we now owe to customers (docs/ledger.md).
 */
export const USER_ACCOUNT_KINDS = [
  /** Spendable balance per currency. */
  'wallet',
  /** The secured account: amount + fee of withdrawals awaiting an administrator. */
  'withdrawal_pending',
  /** USD the customer moved to the card side; the card module spends from it. */
  'card_funding',
] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  /** Per currency and network: what the chain holds for us (deposits in, withdrawals out). */
  'chain_hot_wallet',
  /** Network fees charged to customers on withdrawals. */
  'fees',
  /** The desk on the other side of every exchange (keeps the spread). */
  'exchange',
  /** Counterpart of card funding: stablecoins received for card USD, USD issued to cards. */
  'card_funding',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export type AccountRef =
  | { owner: 'user'; userId: string; kind: UserAccountKind; currency: WalletCurrency }
  | { owner: 'system'; kind: SystemAccountKind; currency: WalletCurrency; network?: WalletNetwork };

export const userAccount = (userId: string, kind: UserAccountKind, currency: WalletCurrency): AccountRef => ({
  owner: 'user',
  userId,
  kind,
  currency,
});
export const systemAccount = (kind: SystemAccountKind, currency: WalletCurrency, network?: WalletNetwork): AccountRef =>
  network ? { owner: 'system', kind, currency, network } : { owner: 'system', kind, currency };

/** Stable text key of an account, as stored in ledger_accounts.key (unique). */
export function accountKey(ref: AccountRef): string {
  return ref.owner === 'user'
    ? `user:${ref.userId}:${ref.kind}:${ref.currency}`
    : `system:${ref.kind}:${ref.currency}${ref.network ? `:${ref.network}` : ''}`;
}

/** Only customer accounts carry the no-overdraft guarantee. */
export function allowsNegative(ref: AccountRef): boolean {
  return ref.owner === 'system';
}
