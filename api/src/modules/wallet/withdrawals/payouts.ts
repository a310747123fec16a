import type { WithdrawalRecord } from '@cardwallet/shared/schemas';
import type { DomainEvents } from '../../../events/domain-events';
import { format, money } from '../../../ledger/money';
import * as postings from '../../../ledger/posting';
import { post } from '../../../ledger/store';
import { sqlState, type SqlDatabase, type SqlRunner } from '../../../ledger/sql';
import { ChainProviderError, type ChainProvider } from '../../../providers/chain/types';
import { WalletError, notFound } from '../errors';
import { WITHDRAWAL_COLUMNS, runLedger, toWithdrawal, type WithdrawalRow } from '../records';

/** The outbox consumer that broadcasts claimed payouts (src/modules/wallet/index.ts subscribes it). */
export const PAYOUT_CONSUMER = 'wallet-payouts';
const SQLSTATE_LOCK_NOT_AVAILABLE = '55P03';
/** Recorded with the claim; its delivery to PAYOUT_CONSUMER is the pending broadcast. */
export const PAYOUT_CLAIMED = 'wallet.withdrawal_approved';
/** Recorded when a sent withdrawal failed on chain and was refunded (chainFailed). */
export const WITHDRAWAL_FAILED = 'wallet.withdrawal_failed';

export interface PayoutDeps {
  db: SqlDatabase;
  chain: ChainProvider;
  events?: Pick<DomainEvents, 'record'>;
}

/**
 * The payout state machine (docs/ledger.md "Payout state machine"):
 *
 *   pending ──approve──▶ sending ──broadcast ok──────────▶ sent      (hold → hot wallet + fee income)
 *      │                    └──chain refuses for good──▶ rejected  (reason broadcast_failed; hold → wallet, once)
 *      └──reject──▶ rejected                                       (hold → wallet, once)
 *   sent ──chain reports it failed for good (mined reverted)──▶ failed (reason chain_reverted;
 *                                       hot wallet + fee account → wallet, amount + fee, once)
 *
 * Every move is one conditional UPDATE on the locked row in the transaction of its posting, so
 * exactly one of approve/reject wins and each terminal state posts once. Approving only claims:
 * the broadcast runs after commit from the domain-event outbox (`broadcast`, delivery of
 * PAYOUT_CLAIMED), with the withdrawal id as the chain's client tx id — a retried broadcast (lost
 * answer, crash before our commit) gets the first tx hash back and never sends twice.
 */
export class Payouts {
  constructor(private readonly deps: PayoutDeps) {}

  /** Administrator approves: pending → sending and the broadcast is queued, in one transaction. */
  async approve(adminId: string, id: string): Promise<WithdrawalRecord> {
    return runLedger(() =>
      this.deps.db.transaction(async (tx) => {
        const row = await this.decide(tx, id, `status = 'sending', decided_by = $2, decided_at = clock_timestamp()`, [
          adminId,
        ]);
        await this.deps.events?.record(tx, {
          type: PAYOUT_CLAIMED,
          userId: row.user_id,
          aggregateId: row.id,
          payload: { network: row.network },
        });
        return toWithdrawal(row);
      }),
    );
  }

  /** Administrator rejects (only while pending): amount + fee go back to the wallet. */
  async reject(adminId: string, id: string, reason?: string): Promise<WithdrawalRecord> {
    return runLedger(() =>
      this.deps.db.transaction(async (tx) => {
        const row = await this.decide(
          tx,
          id,
          `status = 'rejected', decided_by = $2, decided_at = clock_timestamp(), reject_reason = $3`,
          [adminId, reason ?? null],
        );
        await this.refund(tx, row);
        return toWithdrawal(row);
      }),
    );
  }

  /** pending → the decision; any other state (or a racing decision that won) → withdrawal_not_pending. */
  private async decide(tx: SqlRunner, id: string, set: string, params: unknown[]): Promise<WithdrawalRow> {
    const [row] = await tx.query<WithdrawalRow>(
      `UPDATE wallet_withdrawals SET ${set} WHERE id = $1 AND status = 'pending' RETURNING ${WITHDRAWAL_COLUMNS}`,
      [id, ...params],
    );
    if (row) return row;
    const [exists] = await tx.query(`SELECT 1 FROM wallet_withdrawals WHERE id = $1`, [id]);
    throw exists ? new WalletError('withdrawal_not_pending') : notFound();
  }

  /**
   * Broadcasts one claimed payout, inside the outbox delivery's transaction `tx` (the delivery is
   * marked done in it): the row is locked, sent on chain, and settled — or, refused for good,
   * refunded. A transient chain error is thrown: the transaction rolls back, the delivery is
   * retried with backoff and the chain's idempotency on the client tx id makes the retry safe.
   * A row no longer 'sending' (settled by an earlier delivery) is left alone.
   */
  async broadcast(tx: SqlRunner, id: string): Promise<WithdrawalRecord | null> {
    const [w] = await tx.query<WithdrawalRow>(
      `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!w || w.status !== 'sending') return null;
    let txHash: string;
    try {
      ({ txHash } = await this.deps.chain.send(
        {
          network: w.network,
          currency: w.currency,
          to: w.address,
          amount: format(w.amount, w.currency),
          clientTxId: w.id,
        },
        tx,
      ));
    } catch (e) {
      if (!(e instanceof ChainProviderError && e.definitive)) throw e;
      const [failed] = await tx.query<WithdrawalRow>(
        `UPDATE wallet_withdrawals SET status = 'rejected', reject_reason = 'broadcast_failed' WHERE id = $1 AND status = 'sending' RETURNING ${WITHDRAWAL_COLUMNS}`,
        [id],
      );
      await this.refund(tx, failed!);
      return toWithdrawal(failed!);
    }
    const [sent] = await tx.query<WithdrawalRow>(
      `UPDATE wallet_withdrawals SET status = 'sent', tx_hash = $2, sent_at = clock_timestamp() WHERE id = $1 AND status = 'sending' RETURNING ${WITHDRAWAL_COLUMNS}`,
      [id, txHash],
    );
    const row = sent!;
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
    await this.recordDecided(tx, row, 'wallet.withdrawal_sent');
    return toWithdrawal(row);
  }

  /**
   * The chain reports the sent withdrawal's transaction failed for good (EVM: mined and reverted at
   * the required depth), inside the reporter's transaction `tx`: sent → failed with a full refund
   * (amount + fee; the burned gas is the house's loss, docs/ledger.md) in one posting, and the
   * domain event `wallet.withdrawal_failed`. The conditional UPDATE makes a second report — the
   * same failure twice, two racing passes — a no-op (null). Not ours / not sent → null.
   */
  async chainFailed(tx: SqlRunner, id: string, txHash: string): Promise<WithdrawalRecord | null> {
    const [row] = await tx.query<WithdrawalRow>(
      `UPDATE wallet_withdrawals SET status = 'failed', reject_reason = 'chain_reverted', tx_hash = $2, failed_at = clock_timestamp()
       WHERE id = $1 AND status = 'sent' RETURNING ${WITHDRAWAL_COLUMNS}`,
      [id, txHash],
    );
    if (!row) return null;
    await post(
      tx,
      postings.withdrawalChainFailed({
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
    await this.recordDecided(tx, row, WITHDRAWAL_FAILED);
    return toWithdrawal(row);
  }

  /**
   * The withdrawal once no broadcast holds it: another API process's outbox poller may be sending
   * it right now (it holds the row lock for the chain call), so wait for that lock — at most
   * `waitMs` — and read what it settled. Answers the row as it is when the wait runs out.
   */
  async settled(id: string, waitMs = 5_000): Promise<WithdrawalRecord | null> {
    try {
      return await this.deps.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('lock_timeout', $1, true)`, [`${waitMs}ms`]);
        const [row] = await tx.query<WithdrawalRow>(
          `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE id = $1 FOR UPDATE`,
          [id],
        );
        return row ? toWithdrawal(row) : null;
      });
    } catch (e) {
      if (sqlState(e) !== SQLSTATE_LOCK_NOT_AVAILABLE) throw e;
      const [row] = await this.deps.db.query<WithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE id = $1`,
        [id],
      );
      return row ? toWithdrawal(row) : null;
    }
  }

  /** Broadcasts in a transaction of its own (ledger-level tests that run without the outbox). */
  broadcastNow(id: string): Promise<WithdrawalRecord | null> {
    return runLedger(() => this.deps.db.transaction((tx) => this.broadcast(tx, id)));
  }

  /** Rejected (by an administrator, or by the chain for good): amount + fee back to the wallet. */
  private async refund(tx: SqlRunner, row: WithdrawalRow): Promise<void> {
    await post(
      tx,
      postings.withdrawalRefund({
        withdrawalId: row.id,
        userId: row.user_id,
        currency: row.currency,
        total: format(money(row.amount).plus(row.fee), row.currency),
      }),
      row.id,
    );
    await this.recordDecided(tx, row, 'wallet.withdrawal_rejected');
  }

  private async recordDecided(tx: SqlRunner, row: WithdrawalRow, type: string): Promise<void> {
    await this.deps.events?.record(tx, {
      type,
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
}
