import type {
  CryptoCurrency,
  DepositRecord,
  ExchangeRecord,
  TransferRecord,
  WalletCurrency,
  WalletNetwork,
  WithdrawalRecord,
  WithdrawalStatus,
} from '@cardwallet/shared/schemas';
import { InsufficientBalanceError, mapLedgerError } from '../../ledger/store';
import { format, formatFixed, money } from '../../ledger/money';
import { withRetry } from '../../ledger/sql';
import { WalletError } from './errors';

/** Wallet rows as SQL returns them, and their API records (shared by the wallet's subdomains). */

export type Page = { page: number; per_page: number };

export const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** Runs a ledger statement (retrying serialisation failures), mapping an overdraft refusal to insufficient_balance. */
export async function runLedger<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await withRetry(fn);
  } catch (e) {
    const mapped = mapLedgerError(e);
    if (mapped instanceof InsufficientBalanceError) throw new WalletError('insufficient_balance');
    throw mapped;
  }
}

export interface WithdrawalRow {
  id: string;
  user_id: string;
  request_hash: string;
  currency: CryptoCurrency;
  network: WalletNetwork;
  address: string;
  amount: string;
  fee: string;
  status: WithdrawalStatus;
  tx_hash: string | null;
  reject_reason: string | null;
  created_at: string;
  decided_at: string | null;
}

export const WITHDRAWAL_COLUMNS = `id, user_id, request_hash, currency, network, address, amount::text AS amount, fee::text AS fee, status,
  tx_hash, reject_reason, created_at, decided_at`;

export function toWithdrawal(r: WithdrawalRow): WithdrawalRecord {
  return {
    id: r.id,
    currency: r.currency,
    network: r.network,
    address: r.address,
    amount: format(r.amount, r.currency),
    fee: format(r.fee, r.currency),
    total: format(money(r.amount).plus(r.fee), r.currency),
    status: r.status,
    txHash: r.tx_hash,
    rejectReason: r.reject_reason,
    createdAt: iso(r.created_at)!,
    decidedAt: iso(r.decided_at),
  };
}

export interface DepositRow {
  id: string;
  user_id: string;
  currency: CryptoCurrency;
  network: WalletNetwork;
  address: string;
  amount: string;
  tx_hash: string;
  confirmations: number;
  required_confirmations: number;
  status: DepositRecord['status'];
  reason: string | null;
  created_at: string;
  credited_at: string | null;
}
export const DEPOSIT_COLUMNS = `id, user_id, currency, network, address, amount::text AS amount, tx_hash, confirmations, required_confirmations,
  status, reason, created_at, credited_at`;
export function toDeposit(r: DepositRow): DepositRecord {
  return {
    id: r.id,
    currency: r.currency,
    network: r.network,
    address: r.address,
    amount: format(r.amount, r.currency),
    txHash: r.tx_hash,
    confirmations: r.confirmations,
    requiredConfirmations: r.required_confirmations,
    status: r.status,
    reason: r.reason,
    createdAt: iso(r.created_at)!,
    creditedAt: iso(r.credited_at),
  };
}

export interface ExchangeRow {
  id: string;
  request_hash: string;
  from_currency: WalletCurrency;
  to_currency: WalletCurrency;
  amount: string;
  rate: string;
  receive: string;
  created_at: string;
}
export function toExchange(r: ExchangeRow): ExchangeRecord {
  return {
    id: r.id,
    from: r.from_currency,
    to: r.to_currency,
    amount: format(r.amount, r.from_currency),
    rate: format(r.rate),
    receive: format(r.receive, r.to_currency),
    createdAt: iso(r.created_at)!,
  };
}

export interface TransferRow {
  id: string;
  request_hash: string;
  currency: WalletCurrency;
  amount: string;
  usd_amount: string;
  created_at: string;
}
export function toTransfer(r: TransferRow): TransferRecord {
  return {
    id: r.id,
    currency: r.currency,
    amount: format(r.amount, r.currency),
    usdAmount: formatFixed(r.usd_amount, 2),
    createdAt: iso(r.created_at)!,
  };
}
