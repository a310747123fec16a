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
  /** card_funding → wallet (the mirror of transfer_to_card; docs/cards.md "Money back to the wallet"). */
  'transfer_from_card',
  // The card side (docs/cards.md "Postings"; drafts in modules/cards/postings.ts).
  'card_apply_fee',
  'card_topup',
  'card_withdraw',
  'card_close',
  'card_unfreeze_fee',
  'card_topup_reversal',
  'card_hold',
  'card_clear',
  'card_release',
  'card_refund',
  'card_monthly_fee',
  // card disputes (docs/cards.md "Disputes"; drafts in modules/cards/disputes/postings.ts)
  'card_dispute_credit',
  'card_dispute_reversal',
  /** A lost dispute's shortfall paid back from the card (the card's next top-up). */
  'card_dispute_recovery',
  /** A replaced card's balance moved to its replacement (docs/cards.md "Replacing a compromised card"). */
  'card_replace',
  // The referral programme (docs/referral.md; drafts in modules/referral/postings.ts).
  'referral_cashback',
  'referral_cashback_reversal',
  'referral_bonus',
  /** Deposit addresses → hot wallet on chain (docs/chain.md "Sweeping"); system accounts only. */
  'chain_sweep',
  /**
   * A hot-wallet transaction settled on chain (a withdrawal, a sweep's gas top-up): the gas it burned
   * as a network-fee expense, and a top-up's move to a deposit address (docs/ledger.md); system only.
   */
  'chain_send',
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
    if (!fitsCurrency(amount, currency))
      throw new UnbalancedPostingError(`${draft.ref}: ${entry.amount} exceeds ${currency} precision`);
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

/**
 * A posting built by a module from accounts declared in accounts.ts: entries of zero (a fee that
 * does not apply, a coupon that covers nothing) are left out, amounts are put in the canonical
 * form of their currency, and the result is checked like every other posting.
 */
export function balancedPosting(
  d: Omit<PostingDraft, 'remark' | 'txHash'> & { remark?: string | null; txHash?: string | null },
): PostingDraft {
  const entries = d.entries
    .filter((e) => !money(e.amount).isZero())
    .map((e) => ({ account: e.account, amount: format(money(e.amount), e.account.currency) }));
  return draft({ ...d, remark: d.remark ?? null, txHash: d.txHash ?? null, entries });
}

const neg = (v: string) => format(money(v).negated());

/** The wallet currencies card USD can return to, 1:1 (the currencies transfer_to_card takes). */
export type CardWalletCurrency = 'USDT' | 'USDC' | 'USD';

/**
 * The entries that turn `amount` card-side USD (debited by the caller's other entries) into the
 * customer's wallet in `currency`, 1:1 — the reverse of transferToCard: USD lands in the USD
 * wallet directly; a stablecoin goes through the system card_funding accounts of both currencies.
 */
export function cardUsdToWallet(userId: string, currency: CardWalletCurrency, amount: string): EntryDraft[] {
  return currency === 'USD'
    ? [{ account: userAccount(userId, 'wallet', 'USD'), amount }]
    : [
        { account: systemAccount('card_funding', 'USD'), amount },
        { account: systemAccount('card_funding', currency), amount: neg(amount) },
        { account: userAccount(userId, 'wallet', currency), amount },
      ];
}

/**
 * How card-side USD returns to the wallet (docs/cards.md "Money back to the wallet"): `sameCurrency`
 * USD came in as `currency` and returns 1:1; `converted` USD is exchanged into `currency` at the
 * desk, paying out `convertedReceive` (the spread stays on the exchange accounts).
 */
export interface CardReturn {
  currency: CardWalletCurrency;
  sameCurrency: string;
  converted: string;
  convertedReceive: string;
}

/**
 * The entries that turn card-side USD (debited by the caller's other entries: sameCurrency +
 * converted) into the customer's wallet: the 1:1 part as cardUsdToWallet does, the converted part
 * through the exchange desk like wallet/exchange — entries on one account are added together.
 */
export function cardReturnToWallet(userId: string, r: CardReturn): EntryDraft[] {
  const entries: EntryDraft[] = [];
  if (money(r.sameCurrency).gt(0)) entries.push(...cardUsdToWallet(userId, r.currency, format(money(r.sameCurrency))));
  if (money(r.converted).gt(0)) {
    entries.push(
      { account: systemAccount('exchange', 'USD'), amount: format(money(r.converted)) },
      { account: systemAccount('exchange', r.currency), amount: neg(r.convertedReceive) },
      { account: userAccount(userId, 'wallet', r.currency), amount: format(money(r.convertedReceive)) },
    );
  }
  const byKey = new Map<string, EntryDraft>();
  for (const e of entries) {
    const k = accountKey(e.account);
    const prev = byKey.get(k);
    byKey.set(k, prev ? { account: e.account, amount: format(money(prev.amount).plus(e.amount)) } : e);
  }
  return [...byKey.values()].filter((e) => !money(e.amount).isZero());
}

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
      // ERC20 deposits arrive at a deposit address and stay there until swept (docs/chain.md).
      {
        account: systemAccount(
          p.network === 'ERC20' ? 'chain_deposit_addresses' : 'chain_hot_wallet',
          p.currency,
          p.network,
        ),
        amount: neg(p.amount),
      },
      { account: userAccount(p.userId, 'wallet', p.currency), amount: p.amount },
    ],
  });
}

/**
 * A settled sweep (docs/chain.md "Sweeping"). `amount`: the credited deposits the sweep took out of a
 * deposit address; `sent`: what reached the hot wallet; `gas` (ETH): what the sweep transaction
 * burned — always paid by the deposit address, its sender. ETH sweeps: deposit addresses −(sent +
 * gas), hot wallet +sent (any unspent gas reserve stays booked at the deposit addresses, where it
 * still is on chain); token sweeps move `amount` and the address's ETH (the gas top-up, booked when
 * it settled: chainSendSettled) pays the gas. A reverted sweep books only its gas (`amount` = `sent`
 * = '0').
 */
export function chainSweep(p: {
  sweepId: string;
  currency: CryptoCurrency;
  amount: string;
  sent: string;
  gas: string;
  txHash: string;
}): PostingDraft {
  const entries: EntryDraft[] = [];
  const gas = money(p.gas);
  const hotEth = systemAccount('chain_hot_wallet', 'ETH', 'ERC20');
  if (p.currency === 'ETH') {
    // The address paid its own gas, reverted or not.
    const out = money(p.sent).plus(gas);
    if (!out.isZero())
      entries.push({ account: systemAccount('chain_deposit_addresses', 'ETH', 'ERC20'), amount: format(out) });
    if (!money(p.sent).isZero()) entries.push({ account: hotEth, amount: neg(p.sent) });
  } else {
    if (!money(p.amount).isZero()) {
      entries.push({ account: systemAccount('chain_deposit_addresses', p.currency, 'ERC20'), amount: p.amount });
      entries.push({ account: systemAccount('chain_hot_wallet', p.currency, 'ERC20'), amount: neg(p.amount) });
    }
    if (!gas.isZero())
      entries.push({ account: systemAccount('chain_deposit_addresses', 'ETH', 'ERC20'), amount: p.gas });
  }
  if (!gas.isZero()) entries.push({ account: systemAccount('chain_network_fees', 'ETH'), amount: neg(p.gas) });
  return draft({
    ref: `sweep:${p.sweepId}`,
    type: 'chain_sweep',
    userId: null,
    remark: 'ERC20',
    txHash: p.txHash,
    entries,
  });
}

/**
 * A hot-wallet transaction settled on chain (docs/ledger.md "Network fees"): `gas` (ETH, the receipt's
 * gasUsed × effectiveGasPrice) left the hot wallet for good, mined or reverted — an expense; a send to
 * one of our own deposit addresses (a sweep's gas top-up) also moved `internal` from the hot wallet to
 * the deposit addresses. The customer-facing side of a withdrawal is booked by withdrawalSent; this is
 * the house's cost of it. Null when there is nothing to book (no gas, nothing internal).
 */
export function chainSendSettled(p: {
  clientTxId: string;
  gas: string;
  internal: { currency: CryptoCurrency; amount: string } | null;
  txHash: string;
}): PostingDraft | null {
  const hot = new Map<CryptoCurrency, Money>();
  const add = (currency: CryptoCurrency, amount: Money) => hot.set(currency, (hot.get(currency) ?? ZERO).plus(amount));
  const entries: EntryDraft[] = [];
  if (p.internal && !money(p.internal.amount).isZero()) {
    add(p.internal.currency, money(p.internal.amount));
    entries.push({
      account: systemAccount('chain_deposit_addresses', p.internal.currency, 'ERC20'),
      amount: neg(p.internal.amount),
    });
  }
  if (!money(p.gas).isZero()) {
    add('ETH', money(p.gas));
    entries.push({ account: systemAccount('chain_network_fees', 'ETH'), amount: neg(p.gas) });
  }
  if (!entries.length) return null;
  for (const [currency, amount] of hot)
    entries.unshift({ account: systemAccount('chain_hot_wallet', currency, 'ERC20'), amount: format(amount) });
  return draft({
    ref: `chain-send:${p.clientTxId}`,
    type: 'chain_send',
    userId: null,
    remark: 'ERC20',
    txHash: p.txHash,
    entries,
  });
}

export function withdrawalHold(p: {
  withdrawalId: string;
  userId: string;
  currency: CryptoCurrency;
  total: string;
}): PostingDraft {
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
  return draft({
    ref: `withdraw:${p.withdrawalId}:sent`,
    type: 'withdraw_sent',
    userId: p.userId,
    remark: null,
    txHash: p.txHash,
    entries,
  });
}

export function withdrawalRefund(p: {
  withdrawalId: string;
  userId: string;
  currency: CryptoCurrency;
  total: string;
}): PostingDraft {
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

/**
 * A sent withdrawal whose transaction failed on chain (mined reverted): the amount never left the
 * hot wallet and the fee income is given back — the customer gets amount + fee, the gas actually
 * burned is the house's loss (docs/ledger.md "Payout state machine"). The reverse of withdrawalSent,
 * into the wallet instead of the secured account (the hold was released when it was sent).
 */
export function withdrawalChainFailed(p: {
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
    { account: systemAccount('chain_hot_wallet', p.currency, p.network), amount: neg(p.amount) },
  ];
  if (!money(p.fee).isZero()) entries.push({ account: systemAccount('fees', p.currency), amount: neg(p.fee) });
  entries.push({ account: userAccount(p.userId, 'wallet', p.currency), amount: total });
  return draft({
    ref: `withdraw:${p.withdrawalId}:failed`,
    type: 'withdraw_refund',
    userId: p.userId,
    remark: 'chain_reverted',
    txHash: p.txHash,
    entries,
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
export function transferToCard(p: {
  transferId: string;
  userId: string;
  currency: 'USDT' | 'USDC' | 'USD';
  amount: string;
}): PostingDraft {
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
  return draft({
    ref: `transfer:${p.transferId}`,
    type: 'transfer_to_card',
    userId: p.userId,
    remark: p.currency,
    txHash: null,
    entries,
  });
}

/** card_funding → wallet, 1:1 in the chosen currency (the mirror of transferToCard). */
export function transferFromCard(p: {
  transferId: string;
  userId: string;
  currency: CardWalletCurrency;
  amount: string;
  /** How it returns (funding lots, spread); without it, 1:1. */
  price?: CardReturn;
}): PostingDraft {
  return draft({
    ref: `transfer_back:${p.transferId}`,
    type: 'transfer_from_card',
    userId: p.userId,
    remark: p.currency,
    txHash: null,
    entries: [
      { account: userAccount(p.userId, 'card_funding', 'USD'), amount: neg(p.amount) },
      ...(p.price ? cardReturnToWallet(p.userId, p.price) : cardUsdToWallet(p.userId, p.currency, p.amount)),
    ],
  });
}
