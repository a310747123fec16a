import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ResultCode, TRANSFER_MIN_USD, paginate, type Paginated } from '@cardwallet/shared';
import { CRYPTO_CURRENCIES, CURRENCY_DEFINITIONS, EXCHANGE_QUOTE_TTL_SECONDS, TRANSFER_MAX_USD, WALLET_CURRENCIES, isNetworkOf, type BalancesResult, type CashFlowItem, type CryptoCurrency, type DepositRecord, type ExchangeQuote, type ExchangeRecord, type SecuredAccountResult, type TransferRecord, type WalletCurrency, type WalletNetwork, type WithdrawalRecord, type WithdrawalStatus } from '@cardwallet/shared/schemas';
import { checkLedger, type LedgerCheckReport } from '../../ledger/check';
import { Money, ZERO, fitsCurrency, format, formatFixed, money, roundDown } from '../../ledger/money';
import * as postings from '../../ledger/posting';
import { InsufficientBalanceError, mapLedgerError, post, postingCall } from '../../ledger/store';
import { withRetry, type SqlDatabase, type SqlRunner } from '../../ledger/sql';
import { canonicalAddress, isValidAddress } from '../../providers/chain/addresses';
import { ChainProviderError, type ChainProvider, type IncomingTransfer } from '../../providers/chain/types';
import type { RateProvider } from '../../providers/rates/types';
import { WalletError, idempotencyMismatch, notFound } from './errors';
import { PayPasswords } from './paypass';
import type { DomainEvents } from '../../events/domain-events';

export interface WalletDeps {
  db: SqlDatabase;
  chain: ChainProvider;
  rates: RateProvider;
  /** KYC level of a user (users.kyc_level, owned by the accounts module). */
  kycLevel(userId: string): Promise<number>;
  /** scrypt cost for transaction passwords (config SCRYPT_N). */
  scryptN?: number;
  /**
   * Runs a statement as a named prepared statement (PostgreSQL: parsed and planned once per
   * connection). Hot paths use it when present; PGlite has none and falls back to db.query.
   */
  prepared?: <T>(name: string, text: string, params: unknown[]) => Promise<T[]>;
  /** The API's domain events (src/events): decided deposits and withdrawals are recorded in their posting's transaction. */
  events?: Pick<DomainEvents, 'record'>;
}

type Page = { page: number; per_page: number };

/** Stable hash of a request's meaning, to tell a replay from another request under the same key. */
export function requestHash(payload: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(payload).sort().map((k) => [k, payload[k]]));
  return createHash('sha256').update(canonical).digest('hex');
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

interface WithdrawalRow {
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

const WITHDRAWAL_COLUMNS = `id, user_id, request_hash, currency, network, address, amount::text AS amount, fee::text AS fee, status,
  tx_hash, reject_reason, created_at, decided_at`;

function toWithdrawal(r: WithdrawalRow): WithdrawalRecord {
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

/** One more wallet event for the Wallet tab badge, in the transaction of the event itself. */
/**
 * The Wallet tab badge's stored count: the `wallet-unseen` consumer of domain events calls this for
 * each credited deposit and decided withdrawal (src/modules/wallet/index.ts), in the consumer's own
 * transaction — so each event counts exactly once.
 */
export async function countUnseenEvent(tx: SqlRunner, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO wallet_unseen_events (user_id, unseen) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET unseen = wallet_unseen_events.unseen + 1, updated_at = now()`,
    [userId],
  );
}

export class WalletService {
  readonly payPasswords: PayPasswords;

  constructor(private readonly deps: WalletDeps) {
    this.payPasswords = new PayPasswords(deps.db, deps.scryptN);
  }

  kycLevelOf(userId: string): Promise<number> {
    return this.deps.kycLevel(userId);
  }

  private get db() {
    return this.deps.db;
  }

  /** Subscribes to the chain provider: incoming transfers are recorded, blocks confirm them. */
  attachChain(): void {
    this.deps.chain.onIncoming((t) => this.recordIncoming(t).then(() => undefined));
    this.deps.chain.onBlocks((e) => this.confirmDeposits(e.network, e.count).then(() => undefined));
  }

  // ---- Rates, currencies, balances ---------------------------------------------------------------

  private async usdRates(): Promise<Record<WalletCurrency, string>> {
    const entries = await Promise.all(WALLET_CURRENCIES.map(async (c) => [c, await this.deps.rates.usdMid(c)] as const));
    return Object.fromEntries(entries) as Record<WalletCurrency, string>;
  }

  async currencies() {
    const rates = await this.usdRates();
    return {
      currencies: WALLET_CURRENCIES.map((code) => {
        const d = CURRENCY_DEFINITIONS[code];
        return {
          code,
          scale: d.scale,
          networks: [...d.networks],
          depositCreditThreshold: d.depositCreditThreshold,
          withdrawMinimum: d.withdrawMinimum,
          exchangeMinimum: d.exchangeMinimum,
          exchangeMaximum: d.exchangeMaximum,
          cardFunding: d.cardFunding,
          usdRate: rates[code],
        };
      }),
    };
  }

  private async accountBalances(userId: string): Promise<Map<string, Money>> {
    const rows = await this.db.query<{ kind: string; currency: string; balance: string }>(
      `SELECT kind, currency, balance::text AS balance FROM ledger_accounts WHERE user_id = $1`,
      [userId],
    );
    return new Map(rows.map((r) => [`${r.kind}:${r.currency}`, money(r.balance)]));
  }

  async available(userId: string, currency: WalletCurrency): Promise<Money> {
    const [row] = await this.db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`,
      [`user:${userId}:wallet:${currency}`],
    );
    return row ? money(row.balance) : ZERO;
  }

  async balances(userId: string): Promise<BalancesResult> {
    const [accounts, rates] = await Promise.all([this.accountBalances(userId), this.usdRates()]);
    let totalUsd = ZERO;
    const balances = WALLET_CURRENCIES.map((currency) => {
      const available = accounts.get(`wallet:${currency}`) ?? ZERO;
      const held = accounts.get(`withdrawal_pending:${currency}`) ?? ZERO;
      const usd = available.plus(held).times(rates[currency]);
      totalUsd = totalUsd.plus(usd);
      return {
        currency,
        available: format(available, currency),
        held: format(held, currency),
        usdValue: formatFixed(usd, 2),
        usdRate: rates[currency],
      };
    });
    return {
      balances,
      totalUsd: formatFixed(totalUsd, 2),
      cardFunding: formatFixed(accounts.get('card_funding:USD') ?? ZERO, 2),
    };
  }

  async securedAccount(userId: string): Promise<SecuredAccountResult> {
    const [pending, rates] = await Promise.all([
      this.db.query<WithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE user_id = $1 AND status = 'pending' ORDER BY created_at DESC`,
        [userId],
      ),
      this.usdRates(),
    ]);
    const accounts = await this.accountBalances(userId);
    let totalUsd = ZERO;
    const totals = CRYPTO_CURRENCIES.flatMap((currency) => {
      const held = accounts.get(`withdrawal_pending:${currency}`) ?? ZERO;
      if (held.isZero()) return [];
      const usd = held.times(rates[currency]);
      totalUsd = totalUsd.plus(usd);
      return [{ currency, amount: format(held, currency), usdValue: formatFixed(usd, 2) }];
    });
    return {
      totals,
      totalUsd: formatFixed(totalUsd, 2),
      holdings: pending.map((w) => ({
        currency: w.currency,
        amount: format(money(w.amount).plus(w.fee), w.currency),
        reason: 'pending_withdrawal' as const,
        withdrawalId: w.id,
        createdAt: iso(w.created_at)!,
      })),
    };
  }

  // ---- Deposits ----------------------------------------------------------------------------------

  async rechargeAddress(userId: string, currency: CryptoCurrency, network: WalletNetwork) {
    if (!isNetworkOf(currency, network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    const result = (address: string) => ({
      currency,
      network,
      address,
      depositCreditThreshold: CURRENCY_DEFINITIONS[currency].depositCreditThreshold,
      confirmations: this.deps.chain.requiredConfirmations(network),
    });
    const [existing] = await this.db.query<{ address: string }>(
      `SELECT address FROM wallet_deposit_addresses WHERE user_id = $1 AND currency = $2 AND network = $3`,
      [userId, currency, network],
    );
    if (existing) return result(existing.address);
    let address: string;
    try {
      address = await this.deps.chain.depositAddress({ userId, currency, network });
    } catch (e) {
      if (e instanceof ChainProviderError) throw new WalletError('recharge_address_failed');
      throw e;
    }
    await this.db.query(
      `INSERT INTO wallet_deposit_addresses (user_id, currency, network, address) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, currency, network) DO NOTHING`,
      [userId, currency, network, address],
    );
    const [stored] = await this.db.query<{ address: string }>(
      `SELECT address FROM wallet_deposit_addresses WHERE user_id = $1 AND currency = $2 AND network = $3`,
      [userId, currency, network],
    );
    return result(stored!.address);
  }

  /**
   * Records a transfer seen on chain. Not ours → null. The same tx hash is recorded once (unique
   * (network, tx_hash)); amounts at or below the threshold are kept with reason 'below_minimum'.
   */
  async recordIncoming(t: IncomingTransfer): Promise<DepositRecord | null> {
    if (!isValidAddress(t.network, t.address) || !isNetworkOf(t.currency, t.network)) return null;
    const address = canonicalAddress(t.network, t.address);
    const [owner] = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM wallet_deposit_addresses WHERE network = $1 AND address = $2`,
      [t.network, address],
    );
    if (!owner) return null;
    const amount = money(t.amount);
    if (amount.lte(0) || !fitsCurrency(amount, t.currency)) return null;
    const credited = amount.gt(CURRENCY_DEFINITIONS[t.currency].depositCreditThreshold);
    await this.db.query(
      `INSERT INTO wallet_deposits (id, user_id, currency, network, address, amount, tx_hash, block_height, required_confirmations, status, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (network, tx_hash) DO NOTHING`,
      [
        randomUUID(),
        owner.user_id,
        t.currency,
        t.network,
        address,
        format(amount),
        t.txHash,
        t.blockHeight,
        this.deps.chain.requiredConfirmations(t.network),
        credited ? 'confirming' : 'not_credited',
        credited ? null : 'below_minimum',
      ],
    );
    const [row] = await this.db.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM wallet_deposits WHERE network = $1 AND tx_hash = $2`, [
      t.network,
      t.txHash,
    ]);
    return row ? toDeposit(row) : null;
  }

  /** Counts new blocks and credits every deposit that has reached its confirmations (once). */
  async confirmDeposits(network: WalletNetwork, blocks: number): Promise<number> {
    await this.db.query(
      `UPDATE wallet_deposits SET confirmations = confirmations + $2 WHERE network = $1 AND status = 'confirming'`,
      [network, blocks],
    );
    const ready = await this.db.query<{ id: string }>(
      `SELECT id FROM wallet_deposits WHERE network = $1 AND status = 'confirming' AND confirmations >= required_confirmations ORDER BY created_at`,
      [network],
    );
    let credited = 0;
    for (const { id } of ready) {
      const done = await withRetry(() =>
        this.db.transaction(async (tx) => {
          const [d] = await tx.query<DepositRow>(
            `UPDATE wallet_deposits SET status = 'credited', credited_at = clock_timestamp()
             WHERE id = $1 AND status = 'confirming' RETURNING ${DEPOSIT_COLUMNS}`,
            [id],
          );
          if (!d) return false;
          await post(
            tx,
            postings.depositCredit({ depositId: d.id, userId: d.user_id, currency: d.currency, network: d.network, amount: format(d.amount, d.currency), txHash: d.tx_hash }),
            d.id,
          );
          await this.deps.events?.record(tx, {
            type: 'wallet.deposit_credited',
            userId: d.user_id,
            aggregateId: d.id,
            payload: { currency: d.currency, network: d.network, amount: format(d.amount, d.currency), txHash: d.tx_hash },
          });
          return true;
        }),
      );
      if (done) credited++;
    }
    return credited;
  }

  async deposits(userId: string, q: Page): Promise<Paginated<DepositRecord>> {
    const [rows, [count]] = await Promise.all([
      this.db.query<DepositRow>(
        `SELECT ${DEPOSIT_COLUMNS} FROM wallet_deposits WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_deposits WHERE user_id = $1`, [userId]),
    ]);
    return paginate(rows.map(toDeposit), count!.n, q.page, q.per_page);
  }

  // ---- Withdrawals -------------------------------------------------------------------------------

  private checkWithdrawal(currency: CryptoCurrency, network: WalletNetwork, address: string, amount?: string) {
    if (!isNetworkOf(currency, network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    if (!isValidAddress(network, address)) throw new WalletError('address_invalid', {}, ResultCode.invalidParams);
    if (amount === undefined) return;
    const value = money(amount);
    if (!fitsCurrency(value, currency) || value.lte(0)) throw new WalletError('invalid_params', {}, ResultCode.invalidParams);
    const min = CURRENCY_DEFINITIONS[currency].withdrawMinimum;
    if (value.lt(min)) throw new WalletError('withdraw_below_minimum', { min, currency });
  }

  private async fee(currency: CryptoCurrency, network: WalletNetwork): Promise<string> {
    try {
      return await this.deps.chain.withdrawFee(currency, network);
    } catch (e) {
      if (e instanceof ChainProviderError) throw new WalletError('operation_failed');
      throw e;
    }
  }

  async withdrawFee(userId: string, currency: CryptoCurrency, network: WalletNetwork, amount?: string) {
    if (!isNetworkOf(currency, network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    const fee = await this.fee(currency, network);
    return {
      currency,
      network,
      fee: format(fee, currency),
      minimum: CURRENCY_DEFINITIONS[currency].withdrawMinimum,
      total: amount ? format(money(amount).plus(fee), currency) : null,
      available: format(await this.available(userId, currency), currency),
    };
  }

  /**
   * Moves amount + fee from the wallet to the secured account at once (one posting, one statement
   * with the withdrawal row), then waits for an administrator. Idempotent on (user, key).
   */
  async withdraw(
    userId: string,
    idempotencyKey: string,
    body: { currency: CryptoCurrency; network: WalletNetwork; address: string; amount: string; payPassword: string },
  ): Promise<WithdrawalRecord> {
    this.checkWithdrawal(body.currency, body.network, body.address, body.amount);
    const address = canonicalAddress(body.network, body.address);
    const amount = format(body.amount, body.currency);
    const hash = requestHash({ op: 'withdraw', currency: body.currency, network: body.network, address, amount });
    await this.payPasswords.verify(userId, body.payPassword);

    const existing = await this.findWithdrawalByKey(userId, idempotencyKey);
    if (existing) return this.replayed(existing, hash, toWithdrawal);

    const fee = await this.fee(body.currency, body.network);
    const total = format(money(amount).plus(fee), body.currency);
    if ((await this.available(userId, body.currency)).lt(total)) throw new WalletError('insufficient_balance');
    const id = randomUUID();
    const call = postingCall(postings.withdrawalHold({ withdrawalId: id, userId, currency: body.currency, total }), id, 10);
    const rows = await this.run(() =>
      this.db.query<WithdrawalRow>(
        `WITH ins AS (
           INSERT INTO wallet_withdrawals (id, user_id, idempotency_key, request_hash, currency, network, address, amount, fee, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending')
           ON CONFLICT (user_id, idempotency_key) DO NOTHING
           RETURNING *)
         SELECT ins.id, ins.user_id, ins.request_hash, ins.currency, ins.network, ins.address, ins.amount::text AS amount,
                ins.fee::text AS fee, ins.status, ins.tx_hash, ins.reject_reason, ins.created_at, ins.decided_at,
                (SELECT posting_id FROM ${call.sql}) AS posting_id
         FROM ins`,
        [id, userId, idempotencyKey, hash, body.currency, body.network, address, amount, format(fee, body.currency), ...call.params],
      ),
    );
    if (rows[0]) return toWithdrawal(rows[0]);
    const raced = await this.findWithdrawalByKey(userId, idempotencyKey);
    if (!raced) throw new WalletError('operation_failed');
    return this.replayed(raced, hash, toWithdrawal);
  }

  private async findWithdrawalByKey(userId: string, key: string) {
    const [row] = await this.db.query<WithdrawalRow>(
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  private replayed<R extends { request_hash: string }, T>(row: R, hash: string, map: (r: R) => T): T {
    if (row.request_hash !== hash) throw idempotencyMismatch();
    return map(row);
  }

  /** Runs a ledger statement, mapping an overdraft refusal to insufficient_balance. */
  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await withRetry(fn);
    } catch (e) {
      const mapped = mapLedgerError(e);
      if (mapped instanceof InsufficientBalanceError) throw new WalletError('insufficient_balance');
      throw mapped;
    }
  }

  async withdrawals(userId: string | null, q: Page & { status?: WithdrawalStatus }): Promise<Paginated<WithdrawalRecord & { userId: string }>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (userId !== null) where.push(`user_id = $${params.push(userId)}`);
    if (q.status) where.push(`status = $${params.push(q.status)}`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.db.query<WithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals ${clause} ORDER BY created_at DESC, id DESC
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_withdrawals ${clause}`, params),
    ]);
    return paginate(
      rows.map((r) => ({ ...toWithdrawal(r), userId: r.user_id })),
      count!.n,
      q.page,
      q.per_page,
    );
  }

  /** Administrator approves: broadcast (idempotent per withdrawal id), then settle the hold. */
  async approveWithdrawal(adminId: string, id: string): Promise<WithdrawalRecord> {
    const [w] = await this.db.query<WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE id = $1`, [id]);
    if (!w) throw notFound();
    if (w.status !== 'pending') throw new WalletError('withdrawal_not_pending');
    let txHash: string;
    try {
      ({ txHash } = await this.deps.chain.send({ network: w.network, currency: w.currency, to: w.address, amount: format(w.amount, w.currency), reference: w.id }));
    } catch (e) {
      if (e instanceof ChainProviderError) throw new WalletError('operation_failed');
      throw e;
    }
    return this.run(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.query<WithdrawalRow>(
          `UPDATE wallet_withdrawals SET status = 'sent', tx_hash = $2, decided_by = $3, decided_at = clock_timestamp()
           WHERE id = $1 AND status = 'pending' RETURNING ${WITHDRAWAL_COLUMNS}`,
          [id, txHash, adminId],
        );
        if (!row) throw new WalletError('withdrawal_not_pending');
        await post(
          tx,
          postings.withdrawalSent({
            withdrawalId: row.id,
            userId: row.user_id,
            currency: row.currency,
            network: row.network,
            amount: format(row.amount, row.currency),
            fee: format(row.fee, row.currency),
            txHash,
          }),
          row.id,
        );
        await this.recordWithdrawalDecided(tx, row);
        return toWithdrawal(row);
      }),
    );
  }

  /** Administrator rejects: amount + fee go back to the wallet. */
  async rejectWithdrawal(adminId: string, id: string, reason?: string): Promise<WithdrawalRecord> {
    return this.run(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.query<WithdrawalRow>(
          `UPDATE wallet_withdrawals SET status = 'rejected', reject_reason = $2, decided_by = $3, decided_at = clock_timestamp()
           WHERE id = $1 AND status = 'pending' RETURNING ${WITHDRAWAL_COLUMNS}`,
          [id, reason ?? null, adminId],
        );
        if (!row) {
          const [exists] = await tx.query(`SELECT 1 FROM wallet_withdrawals WHERE id = $1`, [id]);
          throw exists ? new WalletError('withdrawal_not_pending') : notFound();
        }
        await post(
          tx,
          postings.withdrawalRefund({ withdrawalId: row.id, userId: row.user_id, currency: row.currency, total: format(money(row.amount).plus(row.fee), row.currency) }),
          row.id,
        );
        await this.recordWithdrawalDecided(tx, row);
        return toWithdrawal(row);
      }),
    );
  }

  private async recordWithdrawalDecided(tx: SqlRunner, row: WithdrawalRow): Promise<void> {
    await this.deps.events?.record(tx, {
      type: row.status === 'rejected' ? 'wallet.withdrawal_rejected' : 'wallet.withdrawal_sent',
      userId: row.user_id,
      aggregateId: row.id,
      payload: {
        currency: row.currency,
        network: row.network,
        amount: format(row.amount, row.currency),
        fee: format(row.fee, row.currency),
        address: row.address,
        txHash: row.tx_hash,
        reason: row.reject_reason,
      },
    });
  }

  // ---- Unseen wallet events (Wallet tab badge) ----------------------------------------------------

  async unseenEvents(userId: string): Promise<{ count: number }> {
    const [row] = await this.db.query<{ unseen: number }>(`SELECT unseen FROM wallet_unseen_events WHERE user_id = $1`, [userId]);
    return { count: Number(row?.unseen ?? 0) };
  }

  async markEventsSeen(userId: string): Promise<{ count: number }> {
    await this.db.query(`UPDATE wallet_unseen_events SET unseen = 0, updated_at = now() WHERE user_id = $1 AND unseen > 0`, [userId]);
    return { count: 0 };
  }


  // ---- Address book ------------------------------------------------------------------------------

  async addresses(userId: string, currency?: CryptoCurrency) {
    const rows = await this.db.query<{ id: string; address: string; network: WalletNetwork; remark: string | null; currency: CryptoCurrency }>(
      `SELECT id, address, network, remark, currency FROM wallet_address_book WHERE user_id = $1 AND ($2::text IS NULL OR currency = $2)
       ORDER BY created_at DESC, id`,
      [userId, currency ?? null],
    );
    return { addresses: rows };
  }

  async addAddress(userId: string, body: { currency?: CryptoCurrency; network: WalletNetwork; address: string; remark?: string }) {
    if (!body.currency) throw new WalletError('choose_currency_first', {}, ResultCode.invalidParams);
    if (!isNetworkOf(body.currency, body.network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    if (!isValidAddress(body.network, body.address)) throw new WalletError('address_invalid', {}, ResultCode.invalidParams);
    const address = canonicalAddress(body.network, body.address);
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO wallet_address_book (id, user_id, currency, network, address, remark) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, currency, network, address) DO UPDATE SET remark = EXCLUDED.remark`,
      [id, userId, body.currency, body.network, address, body.remark ?? null],
    );
    const [row] = await this.db.query<{ id: string; address: string; network: WalletNetwork; remark: string | null; currency: CryptoCurrency }>(
      `SELECT id, address, network, remark, currency FROM wallet_address_book WHERE user_id = $1 AND currency = $2 AND network = $3 AND address = $4`,
      [userId, body.currency, body.network, address],
    );
    return row!;
  }

  /** Ownership is part of the WHERE: another user's id is simply not found. */
  async deleteAddress(userId: string, id: string): Promise<void> {
    const rows = await this.db.query(`DELETE FROM wallet_address_book WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
    if (rows.length === 0) throw new WalletError('address_not_found', {}, ResultCode.notFound);
  }

  // ---- Exchange ----------------------------------------------------------------------------------

  private checkExchangeAmount(from: WalletCurrency, amount: Money) {
    const d = CURRENCY_DEFINITIONS[from];
    if (!fitsCurrency(amount, from)) throw new WalletError('invalid_params', {}, ResultCode.invalidParams);
    if (amount.lt(d.exchangeMinimum) || amount.gt(d.exchangeMaximum)) {
      throw new WalletError('exchange_out_of_limits', { min: d.exchangeMinimum, max: d.exchangeMaximum, currency: from });
    }
  }

  async exchangeQuote(userId: string, body: { from: WalletCurrency; to: WalletCurrency; amount: string }): Promise<ExchangeQuote> {
    if (body.from === body.to) throw new WalletError('currency_unsupported', {}, ResultCode.invalidParams);
    const amount = money(body.amount);
    this.checkExchangeAmount(body.from, amount);
    if ((await this.available(userId, body.from)).lt(amount)) throw new WalletError('insufficient_balance');
    const [fromUsd, toUsd] = await Promise.all([this.deps.rates.usdMid(body.from), this.deps.rates.usdMid(body.to)]);
    const rate = money(fromUsd).div(toUsd).times(new Money(1).minus(this.deps.rates.spread)).toDecimalPlaces(12, Money.ROUND_DOWN);
    const receive = roundDown(amount.times(rate), body.to);
    if (receive.lte(0)) {
      const d = CURRENCY_DEFINITIONS[body.from];
      throw new WalletError('exchange_out_of_limits', { min: d.exchangeMinimum, max: d.exchangeMaximum, currency: body.from });
    }
    const id = randomBytes(16).toString('hex');
    const [row] = await this.db.query<{ expires_at: string }>(
      `INSERT INTO wallet_exchange_quotes (id, user_id, from_currency, to_currency, amount, rate, receive, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp() + make_interval(secs => $8)) RETURNING expires_at`,
      [id, userId, body.from, body.to, format(amount), rate.toFixed(), format(receive), EXCHANGE_QUOTE_TTL_SECONDS],
    );
    return {
      quoteId: id,
      from: body.from,
      to: body.to,
      amount: format(amount, body.from),
      rate: rate.toFixed(),
      receive: format(receive, body.to),
      expiresAt: iso(row!.expires_at)!,
      ttlSeconds: EXCHANGE_QUOTE_TTL_SECONDS,
    };
  }

  /** Executes a live quote exactly once: both legs in one posting (linked, atomic). */
  async exchange(userId: string, idempotencyKey: string, body: { quoteId: string }): Promise<ExchangeRecord> {
    const hash = requestHash({ op: 'exchange', quoteId: body.quoteId });
    const existing = await this.findExchangeByKey(userId, idempotencyKey);
    if (existing) return this.replayed(existing, hash, toExchange);
    const [quote] = await this.db.query<{
      from_currency: WalletCurrency;
      to_currency: WalletCurrency;
      amount: string;
      rate: string;
      receive: string;
      live: boolean;
      used: boolean;
    }>(
      `SELECT from_currency, to_currency, amount::text AS amount, rate::text AS rate, receive::text AS receive,
              expires_at > clock_timestamp() AS live, EXISTS (SELECT 1 FROM wallet_exchanges x WHERE x.quote_id = q.id) AS used
       FROM wallet_exchange_quotes q WHERE id = $1 AND user_id = $2`,
      [body.quoteId, userId],
    );
    if (!quote) throw notFound();
    if (!quote.live || quote.used) throw new WalletError('quote_expired');
    const id = randomUUID();
    const amount = format(quote.amount, quote.from_currency);
    const receive = format(quote.receive, quote.to_currency);
    const call = postingCall(postings.exchange({ exchangeId: id, userId, from: quote.from_currency, to: quote.to_currency, amount, receive }), id, 6);
    const rows = await this.run(() =>
      this.db.query<ExchangeRow>(
        `WITH ins AS (
           INSERT INTO wallet_exchanges (id, user_id, idempotency_key, request_hash, quote_id, from_currency, to_currency, amount, rate, receive)
           SELECT $1, $2, $3, $4, q.id, q.from_currency, q.to_currency, q.amount, q.rate, q.receive
           FROM wallet_exchange_quotes q WHERE q.id = $5 AND q.user_id = $2 AND q.expires_at > clock_timestamp()
           ON CONFLICT DO NOTHING
           RETURNING *)
         SELECT ins.id, ins.request_hash, ins.from_currency, ins.to_currency, ins.amount::text AS amount, ins.rate::text AS rate,
                ins.receive::text AS receive, ins.created_at, (SELECT posting_id FROM ${call.sql}) AS posting_id
         FROM ins`,
        [id, userId, idempotencyKey, hash, body.quoteId, ...call.params],
      ),
    );
    if (rows[0]) return toExchange(rows[0]);
    const raced = await this.findExchangeByKey(userId, idempotencyKey);
    if (raced) return this.replayed(raced, hash, toExchange);
    throw new WalletError('quote_expired');
  }

  private async findExchangeByKey(userId: string, key: string) {
    const [row] = await this.db.query<ExchangeRow>(
      `SELECT id, request_hash, from_currency, to_currency, amount::text AS amount, rate::text AS rate, receive::text AS receive, created_at
       FROM wallet_exchanges WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  async exchangeRecords(userId: string, q: Page): Promise<Paginated<ExchangeRecord>> {
    const [rows, [count]] = await Promise.all([
      this.db.query<ExchangeRow>(
        `SELECT id, request_hash, from_currency, to_currency, amount::text AS amount, rate::text AS rate, receive::text AS receive, created_at
         FROM wallet_exchanges WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_exchanges WHERE user_id = $1`, [userId]),
    ]);
    return paginate(rows.map(toExchange), count!.n, q.page, q.per_page);
  }

  // ---- Wallet → card -----------------------------------------------------------------------------

  async transferInfo(userId: string) {
    const [kyc, accounts] = await Promise.all([this.deps.kycLevel(userId), this.accountBalances(userId)]);
    return {
      minimumUsd: TRANSFER_MIN_USD,
      maximumUsd: TRANSFER_MAX_USD,
      kycLevel1: kyc >= 1,
      sources: (['USDT', 'USDC', 'USD'] as const).map((currency) => ({
        currency,
        available: format(accounts.get(`wallet:${currency}`) ?? ZERO, currency),
      })),
      cardFunding: formatFixed(accounts.get('card_funding:USD') ?? ZERO, 2),
    };
  }

  /**
   * Wallet → card-funding account, 1:1 in USD. One SQL statement inserts the transfer and posts it
   * (one round trip, atomic); a replay with the same key returns the original transfer.
   */
  async transfer(
    userId: string,
    idempotencyKey: string,
    body: { currency: 'USDT' | 'USDC' | 'USD'; amount: string },
    knownKycLevel?: number,
  ): Promise<TransferRecord> {
    const amount = money(body.amount);
    if (!fitsCurrency(amount, 'USD') || amount.lte(0)) throw new WalletError('invalid_params', {}, ResultCode.invalidParams);
    if (amount.lt(TRANSFER_MIN_USD)) throw new WalletError('transfer_below_minimum', { min: TRANSFER_MIN_USD });
    if (amount.gt(TRANSFER_MAX_USD)) throw new WalletError('transfer_above_maximum', { max: TRANSFER_MAX_USD });
    if ((knownKycLevel ?? (await this.deps.kycLevel(userId))) < 1) throw new WalletError('kyc1_required', {}, ResultCode.forbidden);
    const value = format(amount);
    const hash = requestHash({ op: 'transfer', currency: body.currency, amount: value });
    const id = randomUUID();
    const call = postingCall(postings.transferToCard({ transferId: id, userId, currency: body.currency, amount: value }), id, 7);
    const query = <T>(text: string, params: unknown[]) =>
      this.deps.prepared ? this.deps.prepared<T>('wallet_transfer_v1', text, params) : this.db.query<T>(text, params);
    const rows = await this.run(() =>
      query<TransferRow>(
        `WITH ins AS (
           INSERT INTO wallet_transfers (id, user_id, idempotency_key, request_hash, currency, amount, usd_amount)
           VALUES ($1, $2, $3, $4, $5, $6, $6)
           ON CONFLICT (user_id, idempotency_key) DO NOTHING
           RETURNING id, request_hash, currency, amount, usd_amount, created_at)
         SELECT ins.id, ins.request_hash, ins.currency, ins.amount::text AS amount, ins.usd_amount::text AS usd_amount, ins.created_at,
                (SELECT posting_id FROM ${call.sql}) AS posting_id
         FROM ins`,
        [id, userId, idempotencyKey, hash, body.currency, value, ...call.params],
      ),
    );
    if (rows[0]) return toTransfer(rows[0]);
    const [existing] = await this.db.query<TransferRow>(
      `SELECT id, request_hash, currency, amount::text AS amount, usd_amount::text AS usd_amount, created_at
       FROM wallet_transfers WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, idempotencyKey],
    );
    if (!existing) throw new WalletError('operation_failed');
    return this.replayed(existing, hash, toTransfer);
  }

  // ---- Cash flow ---------------------------------------------------------------------------------

  /**
   * The customer's statement: every entry on their wallet accounts (the ledger is the source),
   * plus deposits recorded but not credited (with their reason).
   */
  async cashFlow(
    userId: string,
    q: Page & { filter: 'all' | 'income' | 'expense' | 'withdrawing'; currency?: WalletCurrency },
  ): Promise<Paginated<CashFlowItem>> {
    const filter =
      q.filter === 'income'
        ? `amount > 0`
        : q.filter === 'expense'
          ? `amount < 0 AND type <> 'deposit_not_credited'`
          : q.filter === 'withdrawing'
            ? `type = 'withdraw' AND remark = 'pending'`
            : `TRUE`;
    const base = `
      SELECT 'e' || e.id::text AS id, e.created_at AS time, e.amount, e.currency,
             CASE p.type WHEN 'exchange' THEN CASE WHEN e.amount < 0 THEN 'exchange_out' ELSE 'exchange_in' END ELSE p.type END AS type,
             CASE WHEN p.type = 'withdraw' THEN w.status WHEN p.type = 'exchange' THEN p.remark ELSE p.remark END AS remark,
             COALESCE(p.tx_hash, w.tx_hash) AS tx_hash
      FROM ledger_accounts a
      JOIN ledger_entries e ON e.account_id = a.id
      JOIN ledger_postings p ON p.id = e.posting_id
      LEFT JOIN wallet_withdrawals w ON p.type = 'withdraw' AND w.id = p.operation_id
      WHERE a.user_id = $1 AND a.kind = 'wallet'
      UNION ALL
      SELECT 'd' || d.id, d.created_at, d.amount, d.currency, 'deposit_not_credited', d.reason, d.tx_hash
      FROM wallet_deposits d WHERE d.user_id = $1 AND d.status = 'not_credited'`;
    const where = `WHERE ${filter} AND ($2::text IS NULL OR currency = $2)`;
    const [rows, [count]] = await Promise.all([
      this.db.query<{ id: string; time: string; amount: string; currency: WalletCurrency; type: CashFlowItem['type']; remark: string | null; tx_hash: string | null }>(
        `SELECT id, time, amount::text AS amount, currency, type, remark, tx_hash FROM (${base}) f ${where}
         ORDER BY time DESC, id DESC LIMIT $3 OFFSET $4`,
        [userId, q.currency ?? null, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) f ${where}`, [userId, q.currency ?? null]),
    ]);
    return paginate(
      rows.map((r) => ({
        id: r.id,
        time: iso(r.time)!,
        amount: format(r.amount, r.currency),
        currency: r.currency,
        type: r.type,
        remark: r.remark,
        txHash: r.tx_hash,
      })),
      count!.n,
      q.page,
      q.per_page,
    );
  }

  // ---- Books -------------------------------------------------------------------------------------

  /** A consistent snapshot of the whole ledger, checked (see src/ledger/check.ts). */
  ledgerCheck(): Promise<LedgerCheckReport> {
    return this.db.transaction(async (tx: SqlRunner) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return checkLedger(tx);
    });
  }
}

// ---- Row mapping ---------------------------------------------------------------------------------

interface DepositRow {
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
const DEPOSIT_COLUMNS = `id, user_id, currency, network, address, amount::text AS amount, tx_hash, confirmations, required_confirmations,
  status, reason, created_at, credited_at`;
function toDeposit(r: DepositRow): DepositRecord {
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

interface ExchangeRow {
  id: string;
  request_hash: string;
  from_currency: WalletCurrency;
  to_currency: WalletCurrency;
  amount: string;
  rate: string;
  receive: string;
  created_at: string;
}
function toExchange(r: ExchangeRow): ExchangeRecord {
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

interface TransferRow {
  id: string;
  request_hash: string;
  currency: WalletCurrency;
  amount: string;
  usd_amount: string;
  created_at: string;
}
function toTransfer(r: TransferRow): TransferRecord {
  return {
    id: r.id,
    currency: r.currency,
    amount: format(r.amount, r.currency),
    usdAmount: formatFixed(r.usd_amount, 2),
    createdAt: iso(r.created_at)!,
  };
}

