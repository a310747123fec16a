import { randomUUID } from 'node:crypto';
import { ResultCode, paginate, type Paginated } from '@cardwallet/shared';
import type { CardDisputeStatus, CardOrder, CardOrderStatus } from '@cardwallet/shared/schemas';
import { stringify } from 'csv-stringify/sync';
import type { DomainEvents } from '../../../events/domain-events.js';
import { BusinessError } from '../../../http/errors.js';
import { format, formatFixed, money } from '../../../ledger/money';
import type { SqlDatabase, SqlRunner } from '../../../ledger/sql';
import { issuerWebhookEvent, type IssuerWebhookEvent } from '../../../providers/card-issuer/webhook';
import { CardError, cardNotFound } from '../errors';
import * as postings from '../postings';
import { recordThreeDsChallenge } from '../three-ds/webhook';

interface OrderRow {
  id: string;
  order_no: string;
  user_id: string;
  card_id: string;
  issuer_txn_id: string;
  type: CardOrder['type'];
  status: CardOrderStatus;
  merchant_name: string;
  merchant_city: string | null;
  merchant_country: string | null;
  mcc: string | null;
  transaction_amount: string;
  transaction_currency: string;
  authorization_amount: string | null;
  settlement_amount: string | null;
  fee: string;
  held: string;
  decline_reason: CardOrder['declineReason'];
  fee_period: string | null;
  three_ds: CardOrder['threeDs'];
  created_at: string | Date;
  updated_at: string | Date;
  last4: string | null;
  brand: CardOrder['cardBrand'];
  /** The line's latest dispute as '<id> <status>' (ids have no spaces), or null. */
  dispute: string | null;
}

const ORDER_COLUMNS = `t.id, t.order_no, t.user_id, t.card_id, t.issuer_txn_id, t.type, t.status, t.merchant_name, t.merchant_city, t.merchant_country, t.mcc,
  t.transaction_amount::text AS transaction_amount, t.transaction_currency, t.authorization_amount::text AS authorization_amount,
  t.settlement_amount::text AS settlement_amount, t.fee::text AS fee, t.held::text AS held, t.decline_reason, t.fee_period, t.three_ds, t.created_at, t.updated_at, c.last4, c.brand,
  (SELECT d.id || ' ' || d.status FROM card_disputes d WHERE d.transaction_id = t.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS dispute`;
const ORDER_FROM = `card_transactions t JOIN cards c ON c.id = t.card_id`;

const usd = (v: string | null) => (v === null ? null : formatFixed(v, 2));
const iso = (v: string | Date) => new Date(v).toISOString();

function toDispute(v: string | null | undefined): CardOrder['dispute'] {
  if (!v) return null;
  const at = v.lastIndexOf(' ');
  return { id: v.slice(0, at), status: v.slice(at + 1) as CardDisputeStatus };
}

function toOrder(r: OrderRow): CardOrder {
  return {
    id: r.id,
    orderNo: r.order_no,
    cardId: r.card_id,
    maskedNumber: `•••• ${r.last4 ?? '····'}`,
    cardBrand: r.brand,
    type: r.type,
    status: r.status,
    merchant: { name: r.merchant_name, city: r.merchant_city, country: r.merchant_country, mcc: r.mcc },
    transactionAmount: format(r.transaction_amount),
    transactionCurrency: r.transaction_currency,
    authorizationAmount: usd(r.authorization_amount),
    settlementAmount: usd(r.settlement_amount),
    fee: formatFixed(r.fee, 2),
    currency: 'USD',
    declineReason: r.decline_reason,
    feePeriod: r.fee_period,
    threeDs: r.three_ds ?? null,
    dispute: toDispute(r.dispute),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

interface CardRef {
  id: string;
  user_id: string;
  last4: string | null;
  brand: string;
  status: string;
}

export interface WebhookOutcome {
  duplicate: boolean;
  outcome: string;
}

/** The most rows one CSV export carries (a year of heavy use); a longer period is split by the customer. */
export const EXPORT_MAX_ROWS = 10_000;
export const EXPORT_MAX_DAYS = 366;

/**
 * Card transactions (docs/cards.md "Card transactions"): the issuer's verified webhooks become card
 * orders and balanced postings, and the statement reads them. Each webhook is applied in ONE
 * transaction together with the record of its event id (a redelivery finds it and changes
 * nothing) and the domain event; the card row is locked first, so the events of one card apply one
 * at a time whatever order they arrive in:
 * - authorised → pre_authorization, amount + fee held;   declined → transaction_cancelled;
 * - cleared → completed (from the hold, or from the card when the clearing came first);
 * - reversed → authorization_cancelled (hold released);  an event for an order already past it is ignored;
 * - refund initiated → a refund order `settling`; settled → completed, credited to the card.
 */
export class CardTransactions {
  constructor(private readonly deps: { db: SqlDatabase; events?: Pick<DomainEvents, 'record'> }) {}

  private get db() {
    return this.deps.db;
  }

  parse(raw: Buffer): IssuerWebhookEvent {
    try {
      return issuerWebhookEvent.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { body: 'not an issuer webhook event' } } },
      );
    }
  }

  async apply(event: IssuerWebhookEvent): Promise<WebhookOutcome> {
    return this.db.transaction(async (tx) => {
      const [card] = await tx.query<CardRef>(
        `SELECT id, user_id, last4, brand, status FROM cards WHERE issuer_token = $1 FOR UPDATE`,
        [event.cardToken],
      );
      const fresh = await tx.query(
        `INSERT INTO card_webhook_events (event_id, type, card_token, occurred_at, outcome) VALUES ($1, $2, $3, $4, 'received') ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [event.id, event.type, event.cardToken, event.createdAt],
      );
      if (!fresh[0]) return { duplicate: true, outcome: 'duplicate' };
      // A card we never issued or bound (e.g. stock not bound yet): acknowledged, nothing to post.
      const outcome = card ? await this.applyTo(tx, card, event) : 'unknown_card';
      await tx.query(`UPDATE card_webhook_events SET outcome = $2 WHERE event_id = $1`, [event.id, outcome]);
      return { duplicate: false, outcome };
    });
  }

  private async applyTo(tx: SqlRunner, card: CardRef, event: IssuerWebhookEvent): Promise<string> {
    if (event.type === 'card.load_reversed') return this.loadReversed(tx, card, event);
    if (event.type === 'card.status_changed') return this.statusChanged(tx, card, event);
    if (event.type === 'card.fee_charged') return this.feeCharged(tx, card, event);
    if (event.type === 'threeds.challenge') return recordThreeDsChallenge(tx, card, event, this.deps.events);
    const t = event.transaction;
    if (!t)
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { transaction: 'required' } } },
      );
    const [existing] = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE t.issuer_txn_id = $1 FOR UPDATE OF t`,
      [t.id],
    );
    const ref = (order: { id: string }) => ({
      issuerTxnId: t.id,
      transactionId: order.id,
      cardId: card.id,
      userId: card.user_id,
    });
    const held = format(money(t.billingAmount).plus(t.fee));

    switch (event.type) {
      case 'transaction.authorized': {
        if (existing) return 'superseded';
        const order = await this.insert(tx, card, event, 'purchase', 'pre_authorization', {
          held,
          authorization: t.billingAmount,
        });
        await postings.postCard(tx, postings.authorisationHold({ ...ref(order), held }));
        await this.record(tx, 'cards.transaction_authorised', card, order.id);
        return 'pre_authorization';
      }
      case 'transaction.declined': {
        if (existing) return 'superseded';
        const order = await this.insert(tx, card, event, 'purchase', 'transaction_cancelled', {
          held: '0',
          authorization: t.billingAmount,
          declineReason: t.declineReason ?? 'insufficient_balance',
        });
        await this.record(tx, 'cards.transaction_declined', card, order.id);
        return 'declined';
      }
      case 'transaction.cleared': {
        if (existing && existing.status !== 'pre_authorization') return 'superseded';
        const order =
          existing ?? (await this.insert(tx, card, event, 'purchase', 'completed', { held: '0', authorization: null }));
        const heldNow = existing ? existing.held : '0';
        await postings.postCard(
          tx,
          postings.clearing({ ...ref(order), held: heldNow, settled: t.billingAmount, fee: t.fee }),
        );
        await tx.query(
          `UPDATE card_transactions SET status = 'completed', settlement_amount = $2, fee = $3, held = 0, updated_at = clock_timestamp() WHERE id = $1`,
          [order.id, t.billingAmount, t.fee],
        );
        await this.record(tx, 'cards.transaction_completed', card, order.id);
        return 'completed';
      }
      case 'transaction.reversed': {
        if (existing && existing.status !== 'pre_authorization') return 'superseded';
        if (!existing) {
          const order = await this.insert(tx, card, event, 'purchase', 'authorization_cancelled', {
            held: '0',
            authorization: t.billingAmount,
          });
          await this.record(tx, 'cards.transaction_reversed', card, order.id);
          return 'authorization_cancelled';
        }
        if (money(existing.held).gt(0))
          await postings.postCard(tx, postings.release({ ...ref(existing), held: existing.held }));
        await tx.query(
          `UPDATE card_transactions SET status = 'authorization_cancelled', held = 0, updated_at = clock_timestamp() WHERE id = $1`,
          [existing.id],
        );
        await this.record(tx, 'cards.transaction_reversed', card, existing.id);
        return 'authorization_cancelled';
      }
      case 'transaction.refund_initiated': {
        if (existing) return 'superseded';
        await this.insert(tx, card, event, 'refund', 'settling', { held: '0', authorization: null });
        return 'settling';
      }
      case 'transaction.refund_settled': {
        if (existing && existing.status !== 'settling') return 'superseded';
        const order =
          existing ?? (await this.insert(tx, card, event, 'refund', 'completed', { held: '0', authorization: null }));
        await postings.postCard(tx, postings.refund({ ...ref(order), amount: t.billingAmount }));
        await tx.query(
          `UPDATE card_transactions SET status = 'completed', settlement_amount = $2, updated_at = clock_timestamp() WHERE id = $1`,
          [order.id, t.billingAmount],
        );
        await this.record(tx, 'cards.transaction_refunded', card, order.id);
        return 'completed';
      }
    }
  }

  private async insert(
    tx: SqlRunner,
    card: CardRef,
    event: IssuerWebhookEvent,
    type: CardOrder['type'],
    status: CardOrderStatus,
    v: { held: string; authorization: string | null; declineReason?: string; settlement?: string; feePeriod?: string },
  ): Promise<{ id: string }> {
    const t = event.transaction!;
    const id = randomUUID();
    const day = event.createdAt.slice(0, 10).replaceAll('-', '');
    await tx.query(
      `INSERT INTO card_transactions (id, order_no, user_id, card_id, issuer_txn_id, type, status, merchant_name, merchant_city, merchant_country, mcc,
         transaction_amount, transaction_currency, authorization_amount, fee, held, decline_reason, original_issuer_txn_id, created_at, settlement_amount, fee_period, three_ds)
       VALUES ($1, 'CO' || $2 || lpad(nextval('card_order_no_seq')::text, 8, '0'), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
      [
        id,
        day,
        card.user_id,
        card.id,
        t.id,
        type,
        status,
        t.merchant.name,
        t.merchant.city,
        t.merchant.country,
        t.merchant.mcc,
        t.amount,
        t.currency,
        v.authorization,
        t.fee,
        v.held,
        v.declineReason ?? null,
        t.originalId,
        event.createdAt,
        v.settlement ?? null,
        v.feePeriod ?? null,
        t.threeDs ?? null,
      ],
    );
    return { id };
  }

  /** The domain event of an order change, with what the message centre and live pages need. */
  private async record(
    tx: SqlRunner,
    type: string,
    card: CardRef,
    orderId: string,
    extra: Record<string, string> = {},
  ) {
    const [row] = await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE t.id = $1`, [orderId]);
    const o = toOrder(row!);
    await this.deps.events?.record(tx, {
      type,
      userId: card.user_id,
      aggregateId: orderId,
      payload: {
        cardId: card.id,
        last4: card.last4,
        orderNo: o.orderNo,
        merchant: o.merchant.name,
        amount: o.settlementAmount ?? o.authorizationAmount ?? o.transactionAmount,
        currency: 'USD',
        transactionAmount: o.transactionAmount,
        transactionCurrency: o.transactionCurrency,
        fee: o.fee,
        reason: o.declineReason,
        ...extra,
      },
    });
  }

  /** The issuer took back a top-up: the amount and its gateway fee return to the wallet in one posting. */
  private async loadReversed(tx: SqlRunner, card: CardRef, event: IssuerWebhookEvent): Promise<string> {
    if (!event.load)
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { load: 'required' } } },
      );
    const [op] = await tx.query<{ id: string; amount: string; fee: string }>(
      `UPDATE card_operations SET reversed_at = clock_timestamp() WHERE id = $1 AND card_id = $2 AND kind IN ('activate', 'topup') AND status = 'completed' AND reversed_at IS NULL
       RETURNING id, amount::text AS amount, fee::text AS fee`,
      [event.load.reference, card.id],
    );
    if (!op) return 'no_such_load';
    const amount = format(op.amount);
    await postings.postCard(
      tx,
      postings.topUpReversal({
        operationId: op.id,
        cardId: card.id,
        userId: card.user_id,
        amount,
        fee: format(op.fee),
      }),
    );
    // aggregateId = the operation id the cards.topped_up / cards.activated event used (the referral module reverses cashback on it).
    await this.deps.events?.record(tx, {
      type: 'cards.topup_reversed',
      userId: card.user_id,
      aggregateId: op.id,
      payload: { cardId: card.id, amount, currency: 'USD', last4: card.last4 },
    });
    return 'load_reversed';
  }

  /** The issuer took the product's monthly fee from the card: a completed 'fee' order and its posting. */
  private async feeCharged(tx: SqlRunner, card: CardRef, event: IssuerWebhookEvent): Promise<string> {
    const t = event.transaction;
    if (!t || !event.charge)
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { charge: 'required' } } },
      );
    const [existing] = await tx.query<{ id: string }>(`SELECT id FROM card_transactions WHERE issuer_txn_id = $1`, [
      t.id,
    ]);
    if (existing) return 'superseded';
    const order = await this.insert(tx, card, event, 'fee', 'completed', {
      held: '0',
      authorization: null,
      settlement: t.billingAmount,
      feePeriod: event.charge.period,
    });
    await postings.postCard(
      tx,
      postings.monthlyFee({
        issuerTxnId: t.id,
        transactionId: order.id,
        cardId: card.id,
        userId: card.user_id,
        amount: t.billingAmount,
      }),
    );
    await this.record(tx, 'cards.monthly_fee_charged', card, order.id, { period: event.charge.period });
    return 'fee_charged';
  }

  private async statusChanged(tx: SqlRunner, card: CardRef, event: IssuerWebhookEvent): Promise<string> {
    const s = event.status;
    if (!s)
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { status: 'required' } } },
      );
    if (s.status === 'risk_frozen') {
      if (card.status === 'closed' || card.status === 'cancelling') return 'ignored';
      await tx.query(
        `UPDATE cards SET status = 'risk_frozen', risk_frozen_at = $2, risk_freeze_days = $3 WHERE id = $1`,
        [card.id, event.createdAt, s.freezeDays ?? 0],
      );
      await this.deps.events?.record(tx, {
        type: 'cards.risk_frozen',
        userId: card.user_id,
        aggregateId: `${card.id}:${event.id}`,
        payload: { cardId: card.id, last4: card.last4, days: s.freezeDays ?? 0 },
      });
      return 'risk_frozen';
    }
    if (s.status === 'active') {
      if (card.status !== 'risk_frozen') return 'ignored';
      await tx.query(
        `UPDATE cards SET status = 'active', risk_frozen_at = NULL, risk_freeze_days = NULL WHERE id = $1`,
        [card.id],
      );
      await tx.query(
        `UPDATE card_unfreeze_requests SET status = 'approved' WHERE card_id = $1 AND status = 'pending'`,
        [card.id],
      );
      await this.deps.events?.record(tx, {
        type: 'cards.unfrozen',
        userId: card.user_id,
        aggregateId: `${card.id}:${event.id}`,
        payload: { cardId: card.id, last4: card.last4 },
      });
      return 'active';
    }
    if (card.status !== 'closed')
      await tx.query(`UPDATE cards SET status = 'closed', closed_at = clock_timestamp() WHERE id = $1`, [card.id]);
    return 'closed';
  }

  // ---- The statement -----------------------------------------------------------------------------

  async list(
    userId: string,
    q: { cardId?: string | undefined; status?: CardOrderStatus | undefined; page: number; per_page: number },
  ): Promise<Paginated<CardOrder>> {
    const where = `t.user_id = $1 AND ($2::text IS NULL OR t.card_id = $2) AND ($3::text IS NULL OR t.status = $3)`;
    const params = [userId, q.cardId ?? null, q.status ?? null];
    const [rows, [count]] = await Promise.all([
      this.db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT $4 OFFSET $5`,
        [...params, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_transactions t WHERE ${where}`, params),
    ]);
    return paginate(rows.map(toOrder), count!.n, q.page, q.per_page);
  }

  async detail(userId: string, id: string): Promise<CardOrder> {
    const [row] = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE t.id = $1 AND t.user_id = $2`,
      [id, userId],
    );
    if (!row) throw cardNotFound();
    return toOrder(row);
  }

  /** CSV of the orders created in [from, to] (UTC dates, inclusive), newest first. */
  async exportCsv(
    userId: string,
    q: { from: string; to: string; cardId?: string | undefined },
    header: string[],
  ): Promise<{ filename: string; csv: string }> {
    const from = new Date(`${q.from}T00:00:00.000Z`);
    const to = new Date(`${q.to}T00:00:00.000Z`);
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    if (Number.isNaN(days) || days < 0 || days >= EXPORT_MAX_DAYS)
      throw new CardError('card_export_period_invalid', { days: EXPORT_MAX_DAYS });
    const rows = await this.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE t.user_id = $1 AND ($2::text IS NULL OR t.card_id = $2) AND t.created_at >= $3 AND t.created_at < $4
       ORDER BY t.created_at DESC, t.id DESC LIMIT ${EXPORT_MAX_ROWS}`,
      [userId, q.cardId ?? null, from.toISOString(), new Date(to.getTime() + 86_400_000).toISOString()],
    );
    const records = rows
      .map(toOrder)
      .map((o) => [
        o.orderNo,
        o.createdAt,
        o.status,
        o.maskedNumber,
        o.type,
        o.merchant.name,
        o.merchant.city ?? '',
        o.merchant.country ?? '',
        o.transactionAmount,
        o.transactionCurrency,
        o.authorizationAmount ?? '',
        o.settlementAmount ?? '',
        o.fee,
        o.currency,
      ]);
    const safe = records.map((r) => r.map(csvSafeCell));
    return { filename: `card-statement-${q.from}-${q.to}.csv`, csv: stringify([header, ...safe], { bom: true }) };
  }

  /** Pre-authorisations still holding money on a card (closing waits for them). */
  async openHolds(cardId: string, tx: SqlRunner = this.db): Promise<number> {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM card_transactions WHERE card_id = $1 AND status = 'pre_authorization'`,
      [cardId],
    );
    return row?.n ?? 0;
  }
}

/**
 * Cells starting with = + - @ TAB or CR are quoted by csv-stringify but still read as formulas by
 * spreadsheets (`-1+HYPERLINK(…)`, `@SUM(…)`): prefix them with a quote. Only a plain decimal number
 * (a negative amount such as `-12.50`) is left as it is.
 */
export function csvSafeCell(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
}
