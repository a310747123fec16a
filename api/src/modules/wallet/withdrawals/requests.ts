import { randomUUID } from 'node:crypto';
import { ResultCode, paginate, type Paginated } from '@cardwallet/shared';
import {
  CURRENCY_DEFINITIONS,
  isNetworkOf,
  type CryptoCurrency,
  type WalletNetwork,
  type WithdrawalRecord,
  type WithdrawalStatus,
} from '@cardwallet/shared/schemas';
import { BusinessError } from '../../../http/errors';
import { idempotentOperation, mapIdempotent, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { fitsCurrency, format, money } from '../../../ledger/money';
import * as postings from '../../../ledger/posting';
import { postingCall } from '../../../ledger/store';
import { canonicalAddress, isValidAddress } from '../../../providers/chain/addresses';
import { ChainProviderError } from '../../../providers/chain/types';
import type { WalletBalances } from '../balances';
import { WalletError } from '../errors';
import type { PayPasswords } from '../pay-password/paypass';
import { WITHDRAWAL_COLUMNS, runLedger, toWithdrawal, type Page, type WithdrawalRow } from '../records';
import type { WalletDeps } from '../deps';

/** The fresh proof: the transaction password, or a passkey assertion over the customer's own proof ceremony. */
export type WithdrawProof =
  | { payPassword: string; passkey?: undefined }
  | { passkey: { ceremonyId: string; response: unknown }; payPassword?: undefined };
export type WithdrawBody = {
  currency: CryptoCurrency;
  network: WalletNetwork;
  address: string;
  amount: string;
} & WithdrawProof;
/** Resolves when `proof` is a valid, unused passkey assertion of `userId`; throws a BusinessError otherwise (given by the route). */
export type WithdrawPasskeyVerifier = (
  userId: string,
  proof: { ceremonyId: string; response: unknown },
) => Promise<unknown>;

/** Withdrawal requests: fee, checks, the hold, listings. Decisions and the broadcast: payouts.ts. */
export class Withdrawals {
  constructor(
    private readonly deps: WalletDeps,
    private readonly balances: WalletBalances,
    private readonly payPasswords: PayPasswords,
  ) {}

  private check(currency: CryptoCurrency, network: WalletNetwork, address: string, amount: string) {
    if (!isNetworkOf(currency, network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    if (!isValidAddress(network, address)) throw new WalletError('address_invalid', {}, ResultCode.invalidParams);
    this.checkAmount(currency, amount);
  }

  /** The amount rules the withdrawal and its quote (`fee`) share: precision, > 0, the minimum. */
  private checkAmount(currency: CryptoCurrency, amount: string) {
    const value = money(amount);
    if (!fitsCurrency(value, currency) || value.lte(0))
      throw new WalletError('invalid_params', {}, ResultCode.invalidParams);
    const min = CURRENCY_DEFINITIONS[currency].withdrawMinimum;
    if (value.lt(min)) throw new WalletError('withdraw_below_minimum', { min, currency });
  }

  /** The chain refuses the destination for good (EVM: a contract) → address_is_contract; unreachable → checked again at signing. */
  private async destination(network: WalletNetwork, address: string): Promise<void> {
    try {
      await this.deps.chain.checkDestination?.(network, address);
    } catch (e) {
      if (!(e instanceof ChainProviderError)) throw e;
      if (e.definitive) throw new WalletError('address_is_contract', {}, ResultCode.invalidParams);
    }
  }

  private async networkFee(currency: CryptoCurrency, network: WalletNetwork): Promise<string> {
    try {
      return await this.deps.chain.withdrawFee(currency, network);
    } catch (e) {
      if (e instanceof ChainProviderError) throw new WalletError('operation_failed');
      throw e;
    }
  }

  /**
   * The quote of a withdrawal. With an amount it refuses what `request` would refuse for it, with
   * the same key (precision, > 0, minimum, amount + fee above the balance); without one it names
   * the fee, the minimum and the balance so the page can check as the customer types.
   */
  async fee(userId: string, currency: CryptoCurrency, network: WalletNetwork, amount?: string) {
    if (!isNetworkOf(currency, network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    if (amount !== undefined) this.checkAmount(currency, amount);
    const fee = await this.networkFee(currency, network);
    const available = await this.balances.available(userId, currency);
    const total = amount !== undefined ? money(amount).plus(fee) : null;
    if (total && available.lt(total)) throw new WalletError('insufficient_balance');
    return {
      currency,
      network,
      fee: format(fee, currency),
      minimum: CURRENCY_DEFINITIONS[currency].withdrawMinimum,
      total: total ? format(total, currency) : null,
      available: format(available, currency),
    };
  }

  /**
   * Moves amount + fee from the wallet to the secured account at once (one posting, one statement
   * with the withdrawal row), then waits for an administrator. Idempotent on (user, key).
   */
  async request(
    userId: string,
    idempotencyKey: string,
    body: WithdrawBody,
    verifyPasskey?: WithdrawPasskeyVerifier,
  ): Promise<IdempotentResult<WithdrawalRecord>> {
    this.check(body.currency, body.network, body.address, body.amount);
    const address = canonicalAddress(body.network, body.address);
    await this.destination(body.network, address);
    const amount = format(body.amount, body.currency);
    const hash = requestHash({ op: 'withdraw', currency: body.currency, network: body.network, address, amount });
    if (body.passkey) {
      // A passkey ceremony proves once, so a retry of a request that already went through (same
      // key) answers from the key without a second proof: it can only repeat the original answer
      // (or 409 for another body) — it never moves money again. Without a verifier: fail closed.
      if (!verifyPasskey) throw new BusinessError('passkey_invalid');
      if (!(await this.findByKey(userId, idempotencyKey))) await verifyPasskey(userId, body.passkey);
    } else {
      await this.payPasswords.verify(userId, body.payPassword);
    }
    const result = await idempotentOperation<WithdrawalRow>({
      hash,
      find: () => this.findByKey(userId, idempotencyKey),
      missing: () => new WalletError('operation_failed'),
      execute: async () => {
        const fee = await this.networkFee(body.currency, body.network);
        const total = format(money(amount).plus(fee), body.currency);
        if ((await this.balances.available(userId, body.currency)).lt(total))
          throw new WalletError('insufficient_balance');
        const id = randomUUID();
        const call = postingCall(
          postings.withdrawalHold({ withdrawalId: id, userId, currency: body.currency, total }),
          id,
          10,
        );
        // Its domain event (live stream: the held amount leaves the available figures) commits with the statement.
        const event = this.deps.events?.recordInStatement(
          {
            type: 'wallet.withdrawal_requested',
            userId,
            source: 'ins',
            aggregateId: 'ins.id::text',
            payload: { currency: body.currency, network: body.network, amount, fee: format(fee, body.currency) },
          },
          10 + call.params.length,
        );
        const [row] = await runLedger(() =>
          this.deps.db.query<WithdrawalRow>(
            `WITH ins AS (
               INSERT INTO wallet_withdrawals (id, user_id, idempotency_key, request_hash, currency, network, address, amount, fee, status)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending')
               ON CONFLICT (user_id, idempotency_key) DO NOTHING
               RETURNING *)${event ? `, ${event.ctes}` : ''}
             SELECT ins.id, ins.user_id, ins.request_hash, ins.currency, ins.network, ins.address, ins.amount::text AS amount,
                    ins.fee::text AS fee, ins.status, ins.tx_hash, ins.reject_reason, ins.created_at, ins.decided_at,
                    (SELECT posting_id FROM ${call.sql}) AS posting_id${event ? `, ${event.witness} AS announced` : ''}
             FROM ins`,
            [
              id,
              userId,
              idempotencyKey,
              hash,
              body.currency,
              body.network,
              address,
              amount,
              format(fee, body.currency),
              ...call.params,
              ...(event?.params ?? []),
            ],
          ),
        );
        return row;
      },
    });
    return mapIdempotent(result, toWithdrawal);
  }

  private async findByKey(userId: string, key: string): Promise<WithdrawalRow | undefined> {
    const [row] = await this.deps.db.query<WithdrawalRow>(
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  async byId(id: string): Promise<WithdrawalRecord | null> {
    const [row] = await this.deps.db.query<WithdrawalRow>(
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE id = $1`,
      [id],
    );
    return row ? toWithdrawal(row) : null;
  }

  /** One customer's withdrawals (userId) or everyone's (null: administrators), optionally by status. */
  async list(
    userId: string | null,
    q: Page & { status?: WithdrawalStatus },
  ): Promise<Paginated<WithdrawalRecord & { userId: string }>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (userId !== null) where.push(`user_id = $${params.push(userId)}`);
    if (q.status) where.push(`status = $${params.push(q.status)}`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [count]] = await Promise.all([
      this.deps.db.query<WithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals ${clause} ORDER BY created_at DESC, id DESC
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_withdrawals ${clause}`, params),
    ]);
    return paginate(
      rows.map((r) => ({ ...toWithdrawal(r), userId: r.user_id })),
      count!.n,
      q.page,
      q.per_page,
    );
  }
}
