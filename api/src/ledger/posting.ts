import type { CryptoCurrency, WalletCurrency, WalletNetwork } from '@cardwallet/shared/schemas';
import { accountKey, systemAccount, userAccount, type AccountRef } from './accounts';
import { Money, ZERO, fitsCurrency, format, money } from './money';

/** Posting types; the cash flow shows the user-side entries under these names. */
export const POSTING_TYPES = [
  'deposit',
  'withdraw',
  'withdraw_sent',
  'withdraw_refund',
  'exchange',
  'transfer_to_card',
] as const;
export type PostingType = (typeof POSTING_TYPES)[number];

export interface EntryDraft {
  account: AccountRef;
  /** Signed decimal string in the account's currency. */
  amount: string;
}

export interface PostingDraft {
  /** Unique idempotency reference: the same movement can never be posted twice. */
  ref: string;
  type: PostingType;
  userId: string | null;
  remark: string | null;
  txHash: string | null;
  entries: EntryDraft[];
}

export class UnbalancedPostingError extends Error {
  override readonly name = 'UnbalancedPostingError';
}

/**
 * Checks the invariants every posting must keep before it reaches the database (which checks the
 * sum again inside the same transaction): ≥ 2 entries, no zero entries, amounts within the
 * currency's precision, Σ = 0 per currency, each account at most once.
 */
export function assertValidPosting(draft: PostingDraft): void {
  if (draft.entries.length < 2) throw new UnbalancedPostingError(`${draft.ref}: needs at least two entries`);
  const sums = new Map<string, Money>();
  const seen = new Set<string>();
  for (const entry of draft.entries) {
    const amount = money(entry.amount);
    const { currency } = entry.account;
    if (amount.isZero()) throw new UnbalancedPostingError(`${draft.ref}: zero entry`);
    if (!fitsCurrency(amount, currency)) throw new UnbalancedPostingError(`${draft.ref}: ${entry.amount} exceeds ${currency} precision`);
    const key = accountKey(entry.account);
    if (seen.has(key)) throw new UnbalancedPostingError(`${draft.ref}: account ${key} appears twice`);
    seen.add(key);
    sums.set(currency, (sums.get(currency) ?? ZERO).plus(amount));
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedPostingError(`${draft.ref}: ${currency} entries sum to ${format(sum)}`);
  }
}

function draft(d: PostingDraft): PostingDraft {
  assertValidPosting(d);
  return d;
}

const neg = (v: string) => format(money(v).negated());

// ---- The postings of each operation (tables in docs/ledger.md) ----------------------------------

export function depositCredit(p: {
  depositId: string;
  userId: string;
  currency: CryptoCurrency;
  network: WalletNetwork;
  amount: string;
  txHash: string;
}): PostingDraft {
  return draft({
    ref: `deposit:${p.depositId}`,
    type: 'deposit',
    userId: p.userId,
    remark: p.network,
    txHash: p.txHash,
    entries: [
      { account: systemAccount('chain_hot_wallet', p.currency, p.network), amount: neg(p.amount) },
      { account: userAccount(p.userId, 'wallet', p.currency), amount: p.amount },
    ],
  });
}

export function withdrawalHold(p: { withdrawalId: string; userId: string; currency: CryptoCurrency; total: string }): PostingDraft {
  return draft({
    ref: `withdraw:${p.withdrawalId}:hold`,
    type: 'withdraw',
    userId: p.userId,
    remark: null,
    txHash: null,
    entries: [
      { account: userAccount(p.userId, 'wallet', p.currency), amount: neg(p.total) },
      { account: userAccount(p.userId, 'withdrawal_pending', p.currency), amount: p.total },
    ],
  });
}

export function withdrawalSent(p: {
  withdrawalId: string;
  userId: string;
  currency: CryptoCurrency;
  network: WalletNetwork;
  amount: string;
  fee: string;
  txHash: string;
}): PostingDraft {
  const total = format(money(p.amount).plus(p.fee));
  const entries: EntryDraft[] = [
    { account: userAccount(p.userId, 'withdrawal_pending', p.currency), amount: neg(total) },
    { account: systemAccount('chain_hot_wallet', p.currency, p.network), amount: p.amount },
  ];
  if (!money(p.fee).isZero()) entries.push({ account: systemAccount('fees', p.currency), amount: p.fee });
  return draft({ ref: `withdraw:${p.withdrawalId}:sent`, type: 'withdraw_sent', userId: p.userId, remark: null, txHash: p.txHash, entries });
}

export function withdrawalRefund(p: { withdrawalId: string; userId: string; currency: CryptoCurrency; total: string }): PostingDraft {
  return draft({
    ref: `withdraw:${p.withdrawalId}:refund`,
    type: 'withdraw_refund',
    userId: p.userId,
    remark: null,
    txHash: null,
    entries: [
      { account: userAccount(p.userId, 'withdrawal_pending', p.currency), amount: neg(p.total) },
      { account: userAccount(p.userId, 'wallet', p.currency), amount: p.total },
    ],
  });
}

/** Two linked legs in one posting: both currencies balance through the exchange desk. */
export function exchange(p: {
  exchangeId: string;
  userId: string;
  from: WalletCurrency;
  to: WalletCurrency;
  amount: string;
  receive: string;
}): PostingDraft {
  return draft({
    ref: `exchange:${p.exchangeId}`,
    type: 'exchange',
    userId: p.userId,
    remark: `${p.from}->${p.to}`,
    txHash: null,
    entries: [
      { account: userAccount(p.userId, 'wallet', p.from), amount: neg(p.amount) },
      { account: systemAccount('exchange', p.from), amount: p.amount },
      { account: systemAccount('exchange', p.to), amount: neg(p.receive) },
      { account: userAccount(p.userId, 'wallet', p.to), amount: p.receive },
    ],
  });
}

/** Stablecoins and USD fund the card 1:1: `amount` leaves the wallet, the same in USD arrives. */
export function transferToCard(p: { transferId: string; userId: string; currency: 'USDT' | 'USDC' | 'USD'; amount: string }): PostingDraft {
  const entries: EntryDraft[] =
    p.currency === 'USD'
      ? [
          { account: userAccount(p.userId, 'wallet', 'USD'), amount: neg(p.amount) },
          { account: userAccount(p.userId, 'card_funding', 'USD'), amount: p.amount },
        ]
      : [
          { account: userAccount(p.userId, 'wallet', p.currency), amount: neg(p.amount) },
          { account: systemAccount('card_funding', p.currency), amount: p.amount },
          { account: systemAccount('card_funding', 'USD'), amount: neg(p.amount) },
          { account: userAccount(p.userId, 'card_funding', 'USD'), amount: p.amount },
        ];
  return draft({ ref: `transfer:${p.transferId}`, type: 'transfer_to_card', userId: p.userId, remark: p.currency, txHash: null, entries });
}
