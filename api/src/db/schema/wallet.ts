import { bigint, bigserial, boolean, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Drizzle view of the wallet tables created by migrations/0100_wallet_ledger.sql (the SQL is the
 * source of truth: constraints, triggers and the ledger_post function live there). Money columns are
 * NUMERIC(38,18) read as strings. Writes to the ledger go through ledger_post only
 * (src/ledger/store.ts); these definitions serve typed reads.
 */
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  key: text('key').notNull().unique(),
  userId: text('user_id'),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  network: text('network'),
  allowNegative: boolean('allow_negative').notNull(),
  balance: money('balance').notNull().default('0'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerPostings = pgTable('ledger_postings', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  ref: text('ref').notNull().unique(),
  type: text('type').notNull(),
  userId: text('user_id'),
  operationId: text('operation_id'),
  remark: text('remark'),
  txHash: text('tx_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    postingId: bigint('posting_id', { mode: 'bigint' }).notNull(),
    accountId: bigint('account_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.postingId, t.accountId)],
);

export const walletDepositAddresses = pgTable(
  'wallet_deposit_addresses',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.currency, t.network), unique().on(t.network, t.address)],
);

export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    txHash: text('tx_hash').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status', { enum: ['confirming', 'credited', 'not_credited'] }).notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    creditedAt: ts('credited_at'),
  },
  (t) => [unique().on(t.network, t.txHash)],
);

export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'rejected', 'failed'] }).notNull(),
    txHash: text('tx_hash'),
    rejectReason: text('reject_reason'),
    decidedBy: text('decided_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [unique().on(t.userId, t.idempotencyKey)],
);

export const walletAddressBook = pgTable(
  'wallet_address_book',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    remark: text('remark'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.currency, t.network, t.address)],
);

export const walletExchangeQuotes = pgTable('wallet_exchange_quotes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  fromCurrency: text('from_currency').notNull(),
  toCurrency: text('to_currency').notNull(),
  amount: money('amount').notNull(),
  rate: money('rate').notNull(),
  receive: money('receive').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const walletExchanges = pgTable(
  'wallet_exchanges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    quoteId: text('quote_id').notNull().unique(),
    fromCurrency: text('from_currency').notNull(),
    toCurrency: text('to_currency').notNull(),
    amount: money('amount').notNull(),
    rate: money('rate').notNull(),
    receive: money('receive').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.idempotencyKey)],
);

export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    usdAmount: money('usd_amount').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.idempotencyKey)],
);

export const walletPayPasswords = pgTable('wallet_pay_passwords', {
  userId: text('user_id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  attemptsInFlight: integer('attempts_in_flight').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
