import { randomUUID } from 'node:crypto';
import { ResultCode, paginate, type Paginated } from '@cardwallet/shared';
import {
  CARD_DISPUTE_STATUSES,
  CARD_DISPUTE_WINDOW_DAYS,
  type CardDispute,
  type CardDisputeReason,
  type CardDisputeStatus,
  type CreateCardDisputeBody,
} from '@cardwallet/shared/schemas';
import type { DomainEvents } from '../../../events/domain-events.js';
import { BusinessError } from '../../../http/errors.js';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency.js';
import { format, formatFixed, money } from '../../../ledger/money';
import type { SqlDatabase, SqlRunner } from '../../../ledger/sql';
import {
  disputeWebhookEvent,
  type CardDisputeIssuer,
  type DisputeWebhookEvent,
} from '../../../providers/card-issuer/sandbox-disputes';
import { CardError, cardNotFound } from '../errors';
import { postCard } from '../postings';
import { creditReversal, provisionalCredit } from './postings';

interface DisputeRow {
  id: string;
  user_id: string;
  card_id: string;
  transaction_id: string;
  reason: CardDisputeReason;
  description: string | null;
  evidence: string[];
  status: CardDisputeStatus;
  amount: string;
  credited: string;
  reversed: string;
  shortfall: string;
  recovered: string;
  outcome_reason: string | null;
  issuer_dispute_id: string | null;
  issuer_submitted_at: string | Date | null;
  request_hash: string;
  created_at: string | Date;
  updated_at: string | Date;
  order_no: string;
  merchant_name: string;
  last4: string | null;
  issuer_token: string | null;
  issuer_txn_id: string;
  order_card_id: string;
}

const COLUMNS = `d.id, d.user_id, d.card_id, d.transaction_id, d.reason, d.description, d.evidence, d.status, d.amount::text AS amount,
  d.credited::text AS credited, d.reversed::text AS reversed, d.shortfall::text AS shortfall, d.recovered::text AS recovered, d.outcome_reason, d.issuer_dispute_id, d.issuer_submitted_at, d.request_hash,
  d.created_at, d.updated_at, t.order_no, t.merchant_name, t.issuer_txn_id, t.card_id AS order_card_id, c.last4, c.issuer_token`;
const FROM = `card_disputes d JOIN card_transactions t ON t.id = d.transaction_id JOIN cards c ON c.id = d.card_id`;

const RANK: Record<CardDisputeStatus, number> = {
  submitted: 0,
  under_review: 1,
  provisional_credit: 2,
  won: 3,
  lost: 3,
};
const iso = (v: string | Date) => new Date(v).toISOString();

export type DisputeIneligibility = 'not_purchase' | 'not_completed' | 'too_old' | 'already_disputed';

export interface DisputeWebhookOutcome {
  duplicate: boolean;
  outcome: string;
}

/**
 * Card disputes (docs/cards.md "Disputes"). Filing: a completed purchase of the customer's own, at
 * most 120 days old, one dispute per transaction (locked order row + a unique partial index), free,
 * idempotent on the Idempotency-Key (the key lives on the dispute row). The issuer then drives the
 * case by signed webhooks, each applied in ONE transaction with the record of its event id, under
 * the dispute's row lock: a state is reached at most once, never backwards, so a replayed or raced
 * webhook cannot post the provisional credit or its reversal twice.
 */
export class CardDisputes {
  constructor(
    private readonly deps: {
      db: SqlDatabase;
      issuer: CardDisputeIssuer;
      now: () => Date;
      events?: Pick<DomainEvents, 'record'>;
      log?: { warn(obj: unknown, msg: string): void };
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** Why a completed purchase cannot be disputed (null: it can). */
  private async ineligibility(
    tx: SqlRunner,
    order: { id: string; type: string; status: string; created_at: string | Date },
  ): Promise<{ why: DisputeIneligibility; disputeId: string | null } | null> {
    if (order.type !== 'purchase') return { why: 'not_purchase', disputeId: null };
    const [existing] = await tx.query<{ id: string }>(
      `SELECT id FROM card_disputes WHERE transaction_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [order.id],
    );
    if (existing) return { why: 'already_disputed', disputeId: existing.id };
    if (order.status !== 'completed') return { why: 'not_completed', disputeId: null };
    const age = this.deps.now().getTime() - new Date(order.created_at).getTime();
    if (age > CARD_DISPUTE_WINDOW_DAYS * 86_400_000) return { why: 'too_old', disputeId: null };
    return null;
  }

  async eligibility(
    userId: string,
    orderId: string,
  ): Promise<{ eligible: boolean; why: string | null; disputeId: string | null }> {
    const [order] = await this.db.query<{ id: string; type: string; status: string; created_at: string }>(
      `SELECT id, type, status, created_at FROM card_transactions WHERE id = $1 AND user_id = $2`,
      [orderId, userId],
    );
    if (!order) throw cardNotFound();
    const no = await this.ineligibility(this.db, order);
    return { eligible: !no, why: no?.why ?? null, disputeId: no?.disputeId ?? null };
  }

  async create(userId: string, key: string, body: CreateCardDisputeBody): Promise<IdempotentResult<CardDispute>> {
    const evidence = [...new Set(body.evidence ?? [])];
    const hash = requestHash({
      orderId: body.orderId,
      reason: body.reason,
      description: body.description ?? null,
      evidence,
      freezeCard: body.freezeCard === true,
    });
    const result = await idempotentOperation<DisputeRow>({
      hash,
      find: async () =>
        (
          await this.db.query<DisputeRow>(
            `SELECT ${COLUMNS} FROM ${FROM} WHERE d.user_id = $1 AND d.idempotency_key = $2`,
            [userId, key],
          )
        )[0],
      execute: () => this.insert(userId, key, hash, body, evidence),
      missing: () => new CardError('card_dispute_exists', {}, ResultCode.conflict),
    });
    if (!result.replayed) await this.submitToIssuer(result.response.id).catch(() => undefined);
    return { response: await this.view(userId, result.response.id), replayed: result.replayed };
  }

  private async insert(
    userId: string,
    key: string,
    hash: string,
    body: CreateCardDisputeBody,
    evidence: string[],
  ): Promise<DisputeRow | undefined> {
    const id = randomUUID();
    const inserted = await this.db.transaction(async (tx) => {
      // The order row is locked: concurrent filings for one transaction queue here and the second sees the first.
      const [order] = await tx.query<{
        id: string;
        card_id: string;
        type: string;
        status: string;
        created_at: string;
        settlement_amount: string | null;
        last4: string | null;
        merchant_name: string;
      }>(
        `SELECT t.id, t.card_id, t.type, t.status, t.created_at, t.settlement_amount::text AS settlement_amount, c.last4, t.merchant_name
         FROM card_transactions t JOIN cards c ON c.id = t.card_id WHERE t.id = $1 AND t.user_id = $2 FOR UPDATE OF t`,
        [body.orderId, userId],
      );
      if (!order) throw cardNotFound();
      const no = await this.ineligibility(tx, order);
      if (no) {
        if (no.why === 'too_old')
          throw new CardError('card_dispute_too_old', { days: CARD_DISPUTE_WINDOW_DAYS }, ResultCode.forbidden);
        if (no.why === 'already_disputed')
          throw new CardError('card_dispute_exists', {}, ResultCode.conflict, { disputeId: no.disputeId });
        throw new CardError(
          no.why === 'not_purchase' ? 'card_dispute_not_purchase' : 'card_dispute_not_completed',
          {},
          ResultCode.forbidden,
        );
      }
      if (evidence.length > 0) {
        const owned = await tx.query<{ public_id: string }>(
          `SELECT public_id FROM uploaded_images WHERE user_id = $1::bigint AND public_id = ANY ($2::text[])`,
          [userId, evidence],
        );
        // Someone else's image answers exactly like one that does not exist.
        if (owned.length !== evidence.length)
          throw new CardError('card_dispute_evidence_invalid', {}, ResultCode.invalidParams, {
            fields: { evidence: 'not found' },
          });
      }
      const amount = order.settlement_amount && money(order.settlement_amount).gt(0) ? order.settlement_amount : null;
      if (!amount) throw new CardError('card_dispute_not_completed', {}, ResultCode.forbidden);
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO card_disputes (id, user_id, card_id, transaction_id, reason, description, evidence, status, amount, idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 'submitted', $8, $9, $10) ON CONFLICT DO NOTHING RETURNING id`,
        [
          id,
          userId,
          order.card_id,
          order.id,
          body.reason,
          body.description?.trim() || null,
          JSON.stringify(evidence),
          amount,
          key,
          hash,
        ],
      );
      if (!rows[0]) return false;
      await tx.query(`INSERT INTO card_dispute_events (dispute_id, status) VALUES ($1, 'submitted')`, [id]);
      await this.deps.events?.record(tx, {
        type: 'cards.dispute_submitted',
        userId,
        aggregateId: id,
        payload: {
          disputeId: id,
          cardId: order.card_id,
          last4: order.last4,
          merchant: order.merchant_name,
          amount: formatFixed(amount, 2),
          currency: 'USD',
          reason: body.reason,
        },
      });
      return true;
    });
    if (!inserted) return undefined;
    const [row] = await this.db.query<DisputeRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1`, [id]);
    return row;
  }

  /** Hands a filed dispute to the issuer (again, after a failure: the issuer is idempotent on our id). */
  async submitToIssuer(disputeId: string): Promise<boolean> {
    const [row] = await this.db.query<DisputeRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1 AND d.issuer_submitted_at IS NULL`,
      [disputeId],
    );
    if (!row || !row.issuer_token) return false;
    const { issuerDisputeId } = await this.deps.issuer.submit({
      reference: row.id,
      cardToken: row.issuer_token,
      issuerTxnId: row.issuer_txn_id,
      amount: format(row.amount),
      reason: row.reason,
    });
    await this.db.query(
      `UPDATE card_disputes SET issuer_dispute_id = $2, issuer_submitted_at = clock_timestamp() WHERE id = $1 AND issuer_submitted_at IS NULL`,
      [disputeId, issuerDisputeId],
    );
    return true;
  }

  /** The retry of submissions the issuer did not take (it was down): oldest first, bounded. */
  async submitPending(limit = 50): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM card_disputes WHERE issuer_submitted_at IS NULL AND status = 'submitted' ORDER BY created_at LIMIT $1`,
      [limit],
    );
    let sent = 0;
    for (const r of rows) {
      try {
        if (await this.submitToIssuer(r.id)) sent++;
      } catch (e) {
        this.deps.log?.warn({ err: e, disputeId: r.id }, 'dispute submission to the issuer failed; retried later');
      }
    }
    return sent;
  }

  // ---- The issuer's webhooks ---------------------------------------------------------------------

  parse(raw: Buffer): DisputeWebhookEvent {
    try {
      return disputeWebhookEvent.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { body: 'not a dispute webhook event' } } },
      );
    }
  }

  async apply(event: DisputeWebhookEvent): Promise<DisputeWebhookOutcome> {
    return this.db.transaction(async (tx) => {
      const [d] = await tx.query<DisputeRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1 FOR UPDATE OF d`, [
        event.dispute.reference,
      ]);
      const fresh = await tx.query(
        `INSERT INTO card_webhook_events (event_id, type, card_token, occurred_at, outcome) VALUES ($1, $2, $3, $4, 'received') ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [event.id, event.type, event.cardToken, event.createdAt],
      );
      if (!fresh[0]) return { duplicate: true, outcome: 'duplicate' };
      // An event about a dispute we do not have, or naming another card than the dispute's: acknowledged, nothing done.
      // A dispute follows its card to a replacement: an event signed before the reissue names the old card.
      const known =
        !!d &&
        (d.issuer_token === event.cardToken ||
          (
            await tx.query(`SELECT 1 FROM cards WHERE issuer_token = $1 AND replaced_by = $2 AND user_id = $3`, [
              event.cardToken,
              d.card_id,
              d.user_id,
            ])
          ).length > 0);
      const outcome = !known ? 'unknown_dispute' : await this.applyTo(tx, d, event);
      await tx.query(`UPDATE card_webhook_events SET outcome = $2 WHERE event_id = $1`, [event.id, outcome]);
      return { duplicate: false, outcome };
    });
  }

  private async applyTo(tx: SqlRunner, d: DisputeRow, event: DisputeWebhookEvent): Promise<string> {
    const to = event.type.slice('dispute.'.length) as CardDisputeStatus;
    // Never backwards, never twice: a state at or before the current one is stale.
    if (RANK[to] <= RANK[d.status]) return 'superseded';
    const e = event.dispute;
    const ref = { disputeId: d.id, userId: d.user_id, cardId: d.card_id };
    let amount: string | null = null;
    if (to === 'provisional_credit') {
      const credit = money(e.credited);
      if (credit.lte(0) || credit.gt(d.amount)) return 'invalid_amount';
      amount = format(credit, 'USD');
      await postCard(tx, provisionalCredit({ ...ref, amount }));
      await tx.query(`UPDATE card_disputes SET credited = $2 WHERE id = $1`, [d.id, amount]);
    }
    let shortfall: string | null = null;
    if (to === 'lost') {
      const taken = money(e.reversed);
      if (taken.lt(0) || taken.gt(d.credited)) return 'invalid_amount';
      amount = format(taken, 'USD');
      // What the card no longer held (the credit was spent): owed by the customer, a receivable
      // recovered from the card's next top-ups (shortfall.ts). Booked in the same posting.
      const owed = money(d.credited).minus(taken);
      shortfall = format(owed, 'USD');
      if (money(d.credited).gt(0)) await postCard(tx, creditReversal({ ...ref, amount, shortfall }));
      await tx.query(`UPDATE card_disputes SET reversed = $2, shortfall = $3, outcome_reason = $4 WHERE id = $1`, [
        d.id,
        amount,
        shortfall,
        e.reason ?? null,
      ]);
    }
    if (to === 'won') amount = money(d.credited).gt(0) ? format(d.credited, 'USD') : null;
    await tx.query(
      `UPDATE card_disputes SET status = $2, issuer_dispute_id = coalesce(issuer_dispute_id, $3), updated_at = clock_timestamp() WHERE id = $1`,
      [d.id, to, e.id],
    );
    await tx.query(
      `INSERT INTO card_dispute_events (dispute_id, status, amount, reason, event_id, at) VALUES ($1, $2, $3, $4, $5, clock_timestamp())
       ON CONFLICT (dispute_id, status) DO NOTHING`,
      [d.id, to, amount, to === 'lost' ? (e.reason ?? null) : null, event.id],
    );
    await this.deps.events?.record(tx, {
      type: `cards.dispute_${to}`,
      userId: d.user_id,
      aggregateId: d.id,
      payload: {
        disputeId: d.id,
        cardId: d.card_id,
        last4: d.last4,
        merchant: d.merchant_name,
        amount: formatFixed(amount ?? d.amount, 2),
        currency: 'USD',
        reason: to === 'lost' ? (e.reason ?? '') : null,
      },
    });
    if (shortfall && money(shortfall).gt(0))
      await this.deps.events?.record(tx, {
        type: 'cards.dispute_shortfall',
        userId: d.user_id,
        aggregateId: d.id,
        payload: {
          disputeId: d.id,
          cardId: d.card_id,
          last4: d.last4,
          merchant: d.merchant_name,
          amount: formatFixed(shortfall, 2),
          currency: 'USD',
        },
      });
    return to;
  }

  // ---- Reads -------------------------------------------------------------------------------------

  private async toDispute(rows: DisputeRow[]): Promise<CardDispute[]> {
    if (rows.length === 0) return [];
    const events = await this.db.query<{
      dispute_id: string;
      status: CardDisputeStatus;
      amount: string | null;
      reason: string | null;
      at: string | Date;
    }>(
      `SELECT dispute_id, status, amount::text AS amount, reason, at FROM card_dispute_events WHERE dispute_id = ANY ($1::text[]) ORDER BY at, status`,
      [rows.map((r) => r.id)],
    );
    const order = (s: CardDisputeStatus) => CARD_DISPUTE_STATUSES.indexOf(s);
    return rows.map((r) => ({
      id: r.id,
      cardId: r.card_id,
      orderId: r.transaction_id,
      orderNo: r.order_no,
      merchant: r.merchant_name,
      maskedNumber: `•••• ${r.last4 ?? '····'}`,
      reason: r.reason,
      description: r.description,
      evidence: (r.evidence ?? []).map((id) => ({ id, url: `upload/image/${id}` })),
      status: r.status,
      amount: formatFixed(r.amount, 2),
      currency: 'USD' as const,
      credited: formatFixed(r.credited, 2),
      reversed: formatFixed(r.reversed, 2),
      shortfall: formatFixed(r.shortfall, 2),
      recovered: formatFixed(r.recovered, 2),
      outcomeReason: r.outcome_reason,
      fee: '0.00' as const,
      replacedCardId: r.order_card_id !== r.card_id ? r.order_card_id : null,
      timeline: events
        .filter((e) => e.dispute_id === r.id)
        .sort((a, b) => order(a.status) - order(b.status))
        .map((e) => ({
          status: e.status,
          at: iso(e.at),
          amount: e.amount === null ? null : formatFixed(e.amount, 2),
          reason: e.reason,
        })),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  }

  async view(userId: string, id: string): Promise<CardDispute> {
    const rows = await this.db.query<DisputeRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE d.id = $1 AND d.user_id = $2`, [
      id,
      userId,
    ]);
    if (!rows[0]) throw cardNotFound();
    return (await this.toDispute(rows))[0]!;
  }

  async list(
    userId: string,
    q: { cardId?: string | undefined; page: number; per_page: number },
  ): Promise<Paginated<CardDispute>> {
    const where = `d.user_id = $1 AND ($2::text IS NULL OR d.card_id = $2)`;
    const params = [userId, q.cardId ?? null];
    const [rows, [count]] = await Promise.all([
      this.db.query<DisputeRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT $3 OFFSET $4`,
        [...params, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_disputes d WHERE ${where}`, params),
    ]);
    return paginate(await this.toDispute(rows), count!.n, q.page, q.per_page);
  }
}
