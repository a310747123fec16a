import './zod-config';
import { z } from 'zod';
import { V, pinSchema, positiveDecimalSchema } from './validation';
import { paginatedSchema, paginationQuerySchema } from './pagination';
import { exactlyOneProof, freshProofFields } from './fresh-proof';

/**
 * Wallet contracts (spec §3 wallet entities, §5 rules, §9 limits). Paths are relative to `/api/`.
 * Money travels as decimal strings with at most the currency's precision, never as numbers.
 * The API validates with these same schemas; the forms use them through a zod resolver.
 *
 * Money-moving calls (wallet/withdraw, wallet/exchange, wallet/transfer) need an `Idempotency-Key`
 * header: same key + same body → the original answer; same key + another body → 409
 * `idempotency_key_mismatch`.
 */

export const WALLET_CURRENCIES = ['USDT', 'USDC', 'BTC', 'ETH', 'USD'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];
/** Crypto currencies move on chains; USD is the card-funding currency (no chain). */
export const CRYPTO_CURRENCIES = ['USDT', 'USDC', 'BTC', 'ETH'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const WALLET_NETWORKS = ['TRC20', 'ERC20', 'BTC'] as const;
export type WalletNetwork = (typeof WALLET_NETWORKS)[number];

export interface CurrencyDefinition {
  code: WalletCurrency;
  /** Decimal places kept in the ledger. */
  scale: number;
  networks: readonly WalletNetwork[];
  /** Deposits of this amount or less are recorded but not credited (spec §5: 0.5 USDT). */
  depositCreditThreshold: string;
  /** Smallest withdrawal quantity, fee not included (spec §9: 10 USDT). */
  withdrawMinimum: string;
  exchangeMinimum: string;
  exchangeMaximum: string;
  /** Stablecoins and USD fund the card 1:1. */
  cardFunding: boolean;
}

export const CURRENCY_DEFINITIONS: Record<WalletCurrency, CurrencyDefinition> = {
  USDT: {
    code: 'USDT',
    scale: 6,
    networks: ['TRC20', 'ERC20'],
    depositCreditThreshold: '0.5',
    withdrawMinimum: '10',
    exchangeMinimum: '1',
    exchangeMaximum: '100000',
    cardFunding: true,
  },
  USDC: {
    code: 'USDC',
    scale: 6,
    networks: ['ERC20'],
    depositCreditThreshold: '0.5',
    withdrawMinimum: '10',
    exchangeMinimum: '1',
    exchangeMaximum: '100000',
    cardFunding: true,
  },
  BTC: {
    code: 'BTC',
    scale: 8,
    networks: ['BTC'],
    depositCreditThreshold: '0.00001',
    withdrawMinimum: '0.0005',
    exchangeMinimum: '0.0001',
    exchangeMaximum: '5',
    cardFunding: false,
  },
  ETH: {
    code: 'ETH',
    scale: 18,
    networks: ['ERC20'],
    depositCreditThreshold: '0.0002',
    withdrawMinimum: '0.005',
    exchangeMinimum: '0.001',
    exchangeMaximum: '100',
    cardFunding: false,
  },
  USD: {
    code: 'USD',
    scale: 2,
    networks: [],
    depositCreditThreshold: '0',
    withdrawMinimum: '0',
    exchangeMinimum: '1',
    exchangeMaximum: '100000',
    cardFunding: true,
  },
};

/** Wallet → card transfer limits in USD (spec §9 minimum 50; the maximum is ours). */
export const TRANSFER_MAX_USD = '10000';
/** How long an exchange quote is honoured. */
export const EXCHANGE_QUOTE_TTL_SECONDS = 30;
/** Wrong transaction passwords before a lock, and how long the lock lasts. */
export const PAYPASS_MAX_ATTEMPTS = 5;
export const PAYPASS_LOCK_MINUTES = 15;

export function currencyScale(currency: WalletCurrency): number {
  return CURRENCY_DEFINITIONS[currency].scale;
}

export function isNetworkOf(currency: WalletCurrency, network: string): network is WalletNetwork {
  return (CURRENCY_DEFINITIONS[currency].networks as readonly string[]).includes(network);
}

/** Format-level address check for forms. The API also verifies checksums (base58check, EIP-55, bech32). */
export function looksLikeAddress(network: WalletNetwork, address: string): boolean {
  switch (network) {
    case 'TRC20':
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address);
    case 'ERC20':
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case 'BTC':
      return /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/.test(address);
  }
}

const currencyField = z.enum(WALLET_CURRENCIES, { error: 'errors.currency_unsupported' });
const cryptoCurrencyField = z.enum(CRYPTO_CURRENCIES, { error: 'errors.currency_unsupported' });
const networkField = z.enum(WALLET_NETWORKS, { error: 'errors.network_unsupported' });

/** Positive decimal string with at most 18 decimals; the per-currency scale is checked in refine. */
const decimalString = positiveDecimalSchema(15, 18);

function fitsScale(amount: string, currency: WalletCurrency): boolean {
  const decimals = amount.split('.')[1] ?? '';
  return decimals.replace(/0+$/, '').length <= currencyScale(currency);
}
const scaleIssue = { message: V.amount, path: ['amount'] };

export const decimalSchema = z.string();
const money = decimalSchema;

// ---- Currencies, balances, secured account ---------------------------------------------------

/** GET wallet/currencies — what the select-currency page lists. */
export const currencyInfo = z.object({
  code: currencyField,
  scale: z.number().int(),
  networks: z.array(networkField),
  depositCreditThreshold: money,
  withdrawMinimum: money,
  exchangeMinimum: money,
  exchangeMaximum: money,
  cardFunding: z.boolean(),
  /** Mid rate in USD. */
  usdRate: money,
});
export type CurrencyInfo = z.infer<typeof currencyInfo>;
export const currenciesResult = z.object({
  currencies: z.array(currencyInfo),
  /**
   * Block explorers per network (docs/chain.md), URL templates with {hash} / {address}. A network
   * without one (sandboxed networks, the local dev chain) is absent: the UI shows the hash only.
   */
  explorers: z.array(z.object({ network: networkField, tx: z.string(), address: z.string() })).optional(),
});

/** GET wallet/balances */
export const balanceItem = z.object({
  currency: currencyField,
  /** Spendable now. */
  available: money,
  /** Held in the secured account (pending withdrawals). */
  held: money,
  /** (available + held) valued at the mid rate, 2 decimals. */
  usdValue: money,
  usdRate: money,
});
export type BalanceItem = z.infer<typeof balanceItem>;
export const balancesResult = z.object({
  balances: z.array(balanceItem),
  totalUsd: money,
  /** The card-funding account (USD) fed by wallet → card transfers. */
  cardFunding: money,
});
export type BalancesResult = z.infer<typeof balancesResult>;

/** GET wallet/securedAccount — funds held and why. */
export const securedHolding = z.object({
  currency: currencyField,
  amount: money,
  /** Machine reason; the page translates it. */
  reason: z.enum(['pending_withdrawal', 'sending_withdrawal']),
  withdrawalId: z.string(),
  createdAt: z.string(),
});
export const securedAccountResult = z.object({
  totals: z.array(z.object({ currency: currencyField, amount: money, usdValue: money })),
  totalUsd: money,
  holdings: z.array(securedHolding),
});
export type SecuredAccountResult = z.infer<typeof securedAccountResult>;

// ---- Deposit (recharge) -----------------------------------------------------------------------

/** GET wallet/rechargeAddress?currency=&network= */
export const rechargeAddressQuery = z
  .object({ currency: cryptoCurrencyField, network: networkField })
  .refine((v) => isNetworkOf(v.currency, v.network), { message: 'errors.network_unsupported', path: ['network'] });
export type RechargeAddressQuery = z.input<typeof rechargeAddressQuery>;
export const rechargeAddressResult = z.object({
  currency: cryptoCurrencyField,
  network: networkField,
  address: z.string(),
  /** Deposits must exceed this to be credited. */
  depositCreditThreshold: money,
  confirmations: z.number().int(),
});
export type RechargeAddressResult = z.infer<typeof rechargeAddressResult>;

export const DEPOSIT_STATUSES = ['confirming', 'credited', 'not_credited'] as const;
export const depositRecord = z.object({
  id: z.string(),
  currency: cryptoCurrencyField,
  network: networkField,
  address: z.string(),
  amount: money,
  txHash: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  /** Why a deposit was not credited, e.g. 'below_minimum'. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;
/** GET wallet/deposits?page= */
export const depositsQuery = paginationQuerySchema;
export const depositsResult = paginatedSchema(depositRecord);

// ---- Withdraw ---------------------------------------------------------------------------------

/**
 * The amount rules of a withdrawal — wallet/withdraw and its quote wallet/withdrawFee refuse the
 * same inputs with the same keys: the network must carry the currency and the amount must fit the
 * currency's precision. (The minimum and the balance are checked by the API, for both routes.)
 */
const withdrawAmountFields = { currency: cryptoCurrencyField, network: networkField, amount: decimalString };
function withdrawAmountRules<
  S extends z.ZodType<{ currency: CryptoCurrency; network: WalletNetwork; amount?: string }>,
>(schema: S): S {
  return schema
    .refine((v) => isNetworkOf(v.currency, v.network), { message: 'errors.network_unsupported', path: ['network'] })
    .refine((v) => v.amount === undefined || fitsScale(v.amount, v.currency), scaleIssue);
}

/**
 * GET wallet/withdrawFee?currency=&network=&amount= — the network fee, shown before confirming.
 * With an amount it is checked as wallet/withdraw checks it (precision, minimum, balance): the
 * quote refuses what the withdrawal would refuse, with the same key.
 */
export const withdrawFeeQuery = withdrawAmountRules(
  z.object({ ...withdrawAmountFields, amount: decimalString.optional() }),
);
export const withdrawFeeResult = z.object({
  currency: cryptoCurrencyField,
  network: networkField,
  fee: money,
  minimum: money,
  /** amount + fee when an amount was given. */
  total: money.nullable(),
  available: money,
});
export type WithdrawFeeResult = z.infer<typeof withdrawFeeResult>;

/**
 * POST wallet/withdraw (Idempotency-Key). `amount` arrives at the address; the fee is on top.
 * The fresh proof is the transaction password OR a passkey assertion (./fresh-proof), exactly one.
 */
export const withdrawBody = withdrawAmountRules(
  exactlyOneProof(
    z.object({
      ...withdrawAmountFields,
      address: z.string({ error: V.required }).trim().min(1, V.required).max(128, 'errors.address_invalid'),
      ...freshProofFields,
    }),
  ),
).refine((v) => looksLikeAddress(v.network, v.address), { message: 'errors.address_invalid', path: ['address'] });
export type WithdrawBody = z.input<typeof withdrawBody>;

/**
 * pending → sending (approved: the broadcast is queued) → sent, or → rejected with reason
 * 'broadcast_failed' when the chain refused it for good; pending → rejected by an administrator.
 * Rejected is always refunded. sent → failed (reason 'chain_reverted'): the transaction was mined
 * but failed on chain; amount + fee are refunded once. docs/ledger.md "Payout state machine".
 */
export const WITHDRAWAL_STATUSES = ['pending', 'sending', 'sent', 'rejected', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalRecord = z.object({
  id: z.string(),
  currency: cryptoCurrencyField,
  network: networkField,
  address: z.string(),
  amount: money,
  fee: money,
  total: money,
  status: z.enum(WITHDRAWAL_STATUSES),
  txHash: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;
/** GET wallet/withdrawals?page= */
export const withdrawalsResult = paginatedSchema(withdrawalRecord);

// ---- Address book -----------------------------------------------------------------------------

/** GET wallet/addresses?currency= */
export const addressListQuery = z.object({ currency: cryptoCurrencyField.optional() });
export const walletAddressSchema = z.object({
  id: z.string(),
  address: z.string(),
  network: networkField,
  remark: z.string().nullable(),
  currency: cryptoCurrencyField,
});
export const addressListResult = z.object({ addresses: z.array(walletAddressSchema) });

/** POST wallet/addAddress — a missing currency means the user skipped choosing one. */
export const addAddressBody = z
  .object({
    currency: cryptoCurrencyField.optional(),
    network: networkField,
    address: z.string({ error: V.required }).trim().min(1, V.required).max(128, 'errors.address_invalid'),
    remark: z
      .string()
      .trim()
      .max(40, V.tooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((v) => !v.currency || isNetworkOf(v.currency, v.network), {
    message: 'errors.network_unsupported',
    path: ['network'],
  })
  .refine((v) => looksLikeAddress(v.network, v.address), { message: 'errors.address_invalid', path: ['address'] });
export type AddAddressBody = z.input<typeof addAddressBody>;

/** POST wallet/deleteAddress */
export const deleteAddressBody = z.object({ id: z.string().min(1, V.required).max(64) });

// ---- Exchange ---------------------------------------------------------------------------------

/** POST wallet/exchangeQuote — price `amount` of `from` in `to`, honoured for 30 s. */
export const exchangeQuoteBody = z
  .object({ from: currencyField, to: currencyField, amount: decimalString })
  .refine((v) => v.from !== v.to, { message: 'errors.currency_unsupported', path: ['to'] })
  .refine((v) => fitsScale(v.amount, v.from), scaleIssue);
export type ExchangeQuoteBody = z.input<typeof exchangeQuoteBody>;
export const exchangeQuoteResult = z.object({
  quoteId: z.string(),
  from: currencyField,
  to: currencyField,
  amount: money,
  /** `to` per one `from`, spread included. */
  rate: money,
  /** `to` per one `from` at the mid-market rate, before the spread (to 12 decimals, rounded down). */
  midRate: money,
  /** The spread as a fraction of the mid-market value, e.g. "0.005" for 0.5 %. */
  spreadRate: money,
  /** What the spread costs, in `to`: `amount` × `midRate` (at `to`'s precision, rounded down) − `receive`. */
  spreadAmount: money,
  receive: money,
  expiresAt: z.string(),
  ttlSeconds: z.number().int(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteResult>;

/** POST wallet/exchange (Idempotency-Key) */
export const exchangeBody = z.object({ quoteId: z.string({ error: V.required }).min(1, V.required).max(64) });
export const exchangeRecord = z.object({
  id: z.string(),
  from: currencyField,
  to: currencyField,
  amount: money,
  rate: money,
  receive: money,
  createdAt: z.string(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecord>;
/** GET wallet/exchangeRecords?page= */
export const exchangeRecordsResult = paginatedSchema(exchangeRecord);

// ---- Wallet → card transfer -------------------------------------------------------------------

/** POST wallet/transfer (Idempotency-Key) — stablecoins and USD fund the card account 1:1 in USD. */
export const transferBody = z
  .object({
    currency: z.enum(['USDT', 'USDC', 'USD'], { error: 'errors.currency_unsupported' }),
    amount: decimalString,
  })
  .refine((v) => fitsScale(v.amount, 'USD'), scaleIssue);
export type TransferBody = z.input<typeof transferBody>;
export const transferRecord = z.object({
  id: z.string(),
  currency: currencyField,
  amount: money,
  usdAmount: money,
  createdAt: z.string(),
});
export type TransferRecord = z.infer<typeof transferRecord>;
/** GET wallet/transferInfo */
export const transferInfoResult = z.object({
  minimumUsd: money,
  maximumUsd: money,
  kycLevel1: z.boolean(),
  sources: z.array(z.object({ currency: currencyField, available: money })),
  cardFunding: money,
});

// ---- Unseen wallet events (Wallet tab badge) -------------------------------------------------

/** GET wallet/unseenEvents, POST wallet/markEventsSeen — deposits credited and withdrawals decided not yet seen. */
export const unseenEventsResult = z.object({ count: z.number().int().min(0) });
export type UnseenEventsResult = z.infer<typeof unseenEventsResult>;

// ---- Cash flow --------------------------------------------------------------------------------

export const CASH_FLOW_FILTERS = ['all', 'income', 'expense', 'withdrawing'] as const;
/** GET wallet/cashFlow?filter=&page= */
export const cashFlowQuery = paginationQuerySchema.extend({
  filter: z.enum(CASH_FLOW_FILTERS).default('all'),
  currency: currencyField.optional(),
});
export type CashFlowQuery = z.input<typeof cashFlowQuery>;
export const CASH_FLOW_TYPES = [
  'deposit',
  'deposit_not_credited',
  'withdraw',
  'withdraw_refund',
  'exchange_out',
  'exchange_in',
  'transfer_to_card',
  // referral programme (docs/referral.md): cashback and campaign bonuses into the USD wallet
  'referral_cashback',
  'referral_cashback_reversal',
  'referral_bonus',
  // card money back to the wallet (issue 21; docs/cards.md "Money back to the wallet")
  'card_withdraw',
  'card_close',
  'transfer_from_card',
] as const;
export const cashFlowEntry = z.object({
  id: z.string(),
  time: z.string(),
  /** Signed: positive income, negative expense, 0-effect rows (not credited) carry the amount seen. */
  amount: money,
  currency: currencyField,
  type: z.enum(CASH_FLOW_TYPES),
  /** Machine remark (e.g. 'below_minimum', 'pending', 'sent', 'rejected'), translated by the page. */
  remark: z.string().nullable(),
  txHash: z.string().nullable(),
  /** The chain of a deposit, withdrawal or withdrawal refund (its hash's explorer); null otherwise. */
  network: z.enum(WALLET_NETWORKS).nullable().optional(),
});
export type CashFlowItem = z.infer<typeof cashFlowEntry>;
export const cashFlowResult = paginatedSchema(cashFlowEntry);

// ---- Transaction password (spec §5: exactly 6 digits, entered twice) --------------------------

const payPair = { password: pinSchema, confirmPassword: z.string({ error: V.required }).min(1, V.required) };
const payPairMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
const payDiffer = { message: V.pinsDiffer, path: ['confirmPassword'] };

/** POST user/setPayPassword — first time only. */
export const setPayPasswordBody = z.object(payPair).refine(payPairMatch, payDiffer);
/** POST user/changePayPassword — with the old one. */
export const changePayPasswordBody = z.object({ oldPassword: pinSchema, ...payPair }).refine(payPairMatch, payDiffer);
/** POST user/resetPayPassword — with a verification code (purpose 'paypass') sent to the account. */
export const resetPayPasswordBody = z
  .object({
    code: z
      .string({ error: V.required })
      .trim()
      .regex(/^\d{6}$/, V.code),
    /** Which bound account received the code (user/sendCode purpose 'paypass'); default the e-mail. */
    account: z.string().trim().max(254).optional(),
    ...payPair,
  })
  .refine(payPairMatch, payDiffer);
export const payPasswordStatusResult = z.object({ isSet: z.boolean(), lockedForMinutes: z.number().int() });

// ---- Administration and sandbox ---------------------------------------------------------------

/** GET admin/withdrawals?status=&page= */
export const adminWithdrawalsQuery = paginationQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
export const adminWithdrawalRecord = withdrawalRecord.extend({ userId: z.string() });
/** POST admin/withdrawals/approve, admin/withdrawals/reject */
export const adminDecideBody = z.object({
  id: z.string().min(1).max(64),
  reason: z.string().trim().max(200).optional(),
});

export const ledgerCheckResult = z.object({
  ok: z.boolean(),
  problems: z.array(z.string()),
  counts: z.object({ accounts: z.number().int(), postings: z.number().int(), entries: z.number().int() }),
  /** With a real EVM chain (docs/chain.md "The on-chain check"): per asset, books against chain. */
  onChain: z
    .array(
      z.object({
        currency: z.string(),
        customerBalances: z.string(),
        onChain: z.string(),
        hotWallet: z.string(),
        depositAddresses: z.string(),
        depositAddressesInBooks: z.string(),
        sweepsInFlight: z.string(),
        hotWalletInBooks: z.string(),
        houseFunds: z.string(),
        difference: z.string(),
      }),
    )
    .optional(),
});
export type LedgerCheckResult = z.infer<typeof ledgerCheckResult>;

/** POST dev/chain/deposit (sandbox only) — an incoming transfer to one of our addresses. */
export const devChainDepositBody = z.object({
  address: z.string().min(1).max(128),
  currency: cryptoCurrencyField,
  network: networkField,
  amount: decimalString,
  txHash: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/)
    .optional(),
});
/** POST dev/chain/mine (sandbox only) — add blocks on a network (or all). */
export const devChainMineBody = z.object({
  network: networkField.optional(),
  blocks: z.number().int().min(1).max(1000).default(1),
});
/** POST dev/chain/failures (sandbox only) — switch provider failures for tests. */
export const devChainFailuresBody = z.object({
  rechargeAddress: z.boolean().optional(),
  /** Broadcasts fail transiently (retried). */
  send: z.boolean().optional(),
  /** The chain refuses broadcasts for good (the payout is refunded). */
  sendRejected: z.boolean().optional(),
  /** The chain sends but its answer is lost (the retry gets the same tx hash). */
  lostAnswer: z.boolean().optional(),
});
