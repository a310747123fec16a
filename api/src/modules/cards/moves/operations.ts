import { randomUUID } from 'node:crypto';
import { type CardOperationRecord, type CardWalletCurrency } from '@cardwallet/shared/schemas';
import { redeemCoupon } from '../../coupons/redeem.js';
import { idempotentOperation, type IdempotentResult } from '../../../http/idempotency';
import { formatFixed } from '../../../ledger/money';
import { InsufficientBalanceError } from '../../../ledger/store';
import type { SqlRunner } from '../../../ledger/sql';
import { CardError, inFlight } from '../errors';
import * as postings from '../postings';
import {
  FIX,
  issuerRefusal,
  iso,
  OPERATION_COLUMNS,
  OPERATION_EVENT,
  toSummary,
  type CardRow,
  type CardServiceDeps,
  type FeeCoupon,
  type OperationRow,
  walletAmountOf,
} from '../model';
import type { CardReads } from '../reads';

/**
 * The one path every card money movement takes (docs/cards.md "One path for every money movement"):
 * the operation row with the client's key, the issuer call, one transaction with the posting — and
 * the idempotency around it (http/idempotency.ts).
 */
export class CardOperations {
  constructor(
    private readonly deps: CardServiceDeps,
    private readonly reads: CardReads,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * The one path every card money movement takes:
   * 1. the operation row with the client's key is inserted as `pending` (a concurrent duplicate
   *    finds it and waits for / replays the original);
   * 2. the issuer moves the money, idempotent on the operation id;
   * 3. one transaction posts the ledger entries, runs the operation's own checks and marks it
   *    `completed`. If 2 or 3 fails, the issuer movement is reversed and the row deleted: no money
   *    moved, and a retry with the same key is evaluated afresh. A row left `pending` by a crash is
   *    unwound by `recoverPending`.
   */
  async run(op: {
    kind: CardOperationRecord['kind'];
    userId: string;
    key: string;
    hash: string;
    card: CardRow;
    amount: string;
    fee: string;
    /** Withdrawals and closes: the wallet currency the money goes to. */
    walletCurrency?: CardWalletCurrency;
    /** A fee coupon whose discount `posting` already counts: redeemed in the posting's transaction. */
    coupon?: FeeCoupon | null;
    /** Checked once the key is held and before the issuer moves anything (the transaction password). */
    authorize?: () => Promise<void>;
    issuerCall: (reference: string) => Promise<unknown>;
    /** Built inside the posting's transaction (a return to the wallet uses up funding lots there). */
    posting: (operationId: string, tx: SqlRunner) => postings.CardPosting | Promise<postings.CardPosting>;
    inTransaction?: (tx: SqlRunner) => Promise<void>;
    insufficient?: () => CardError;
    /** A dispute_recovery: the lost dispute whose shortfall this pays back. */
    disputeId?: string;
    /** More facts for the domain event's payload (an activation: the application fee the company kept). */
    eventPayload?: Record<string, string>;
  }): Promise<OperationRow | undefined> {
    const id = randomUUID();
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO card_operations (id, user_id, card_id, kind, amount, fee, status, idempotency_key, request_hash, wallet_currency, dispute_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        id,
        op.userId,
        op.card.id,
        op.kind,
        op.amount,
        op.fee,
        op.key,
        op.hash,
        op.walletCurrency ?? null,
        op.disputeId ?? null,
      ],
    );
    if (!inserted[0]) return undefined; // a concurrent duplicate holds the key: idempotentOperation answers it
    if (op.authorize) {
      try {
        await op.authorize();
      } catch (e) {
        await this.db.query(`DELETE FROM card_operations WHERE id = $1 AND status = 'pending'`, [id]);
        throw e;
      }
    }
    const unwind = async () => {
      try {
        await this.deps.issuer.reverse(id);
        await this.db.query(`DELETE FROM card_operations WHERE id = $1 AND status = 'pending'`, [id]);
      } catch {
        // The issuer is unreachable: the row stays pending and recoverPending reverses it later.
      }
    };
    try {
      await op.issuerCall(id);
    } catch (e) {
      await unwind();
      throw issuerRefusal(e, false);
    }
    try {
      await this.db.transaction(async (tx) => {
        if (op.coupon) {
          // Used at most once however many race; a discount other than the one shown refuses (rolls back).
          const redeemed = await redeemCoupon(tx, {
            userId: op.userId,
            couponId: op.coupon.couponId,
            scope: op.coupon.scope,
            feeAmount: op.coupon.fee,
            reference: `card_op:${id}`,
          });
          if (redeemed.discount !== op.coupon.discount) throw new CardError('coupon_not_applicable');
        }
        await postings.postCard(tx, await op.posting(id, tx));
        if (op.inTransaction) await op.inTransaction(tx);
        await tx.query(
          `UPDATE card_operations SET status = 'completed', completed_at = clock_timestamp() WHERE id = $1`,
          [id],
        );
        await this.deps.events?.record(tx, {
          type: OPERATION_EVENT[op.kind],
          userId: op.userId,
          aggregateId: id,
          payload: {
            cardId: op.card.id,
            last4: op.card.last4,
            brand: op.card.brand,
            amount: op.amount,
            fee: op.fee,
            walletCurrency: op.walletCurrency ?? null,
            ...(op.coupon ? { couponId: op.coupon.couponId, discount: op.coupon.discount } : {}),
            ...op.eventPayload,
          },
        });
      });
    } catch (e) {
      await unwind();
      if (e instanceof InsufficientBalanceError)
        throw op.insufficient
          ? op.insufficient()
          : new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
      throw e;
    }
    const [row] = await this.db.query<OperationRow>(`SELECT ${OPERATION_COLUMNS} FROM card_operations WHERE id = $1`, [
      id,
    ]);
    return row;
  }

  /**
   * A card money movement under the API's one idempotency mechanism (http/idempotency.ts): the
   * operation row carries the key; while it is `pending` (the issuer is being called) a duplicate
   * answers `idempotency_key_in_flight`; once completed it is replayed with `Idempotent-Replayed`.
   */
  async idempotent(
    userId: string,
    key: string,
    hash: string,
    execute: () => Promise<OperationRow | undefined>,
  ): Promise<IdempotentResult<CardOperationRecord>> {
    const result = await idempotentOperation<OperationRow>({
      hash,
      find: () => this.byKey(userId, key),
      pending: (row) => row.status === 'pending',
      execute,
      missing: inFlight,
    });
    return { response: await this.toRecord(userId, result.response), replayed: result.replayed };
  }

  async byKey(userId: string, key: string): Promise<OperationRow | undefined> {
    const [row] = await this.db.query<OperationRow>(
      `SELECT ${OPERATION_COLUMNS} FROM card_operations WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  async toRecord(userId: string, row: OperationRow): Promise<CardOperationRecord> {
    return {
      id: row.id,
      cardId: row.card_id,
      kind: row.kind,
      amount: formatFixed(row.amount, 2),
      fee: formatFixed(row.fee, 2),
      walletCurrency: row.wallet_currency,
      walletAmount: walletAmountOf(row),
      createdAt: iso(row.created_at)!,
      card: toSummary(await this.reads.cardRow(userId, row.card_id)),
    };
  }
}
