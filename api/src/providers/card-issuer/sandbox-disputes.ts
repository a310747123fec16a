import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CARD_DISPUTE_REASONS, type CardDisputeReason } from '@cardwallet/shared/schemas';
import { format, money } from '../../ledger/money';
import type { SqlDatabase, SqlRunner } from '../../ledger/sql';
import { CardIssuerError } from './types';
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook';

/**
 * The issuer's dispute desk (docs/cards.md "Disputes"): we submit a dispute about one of its
 * transactions; it tells us how it goes by signed webhook, the same signature as every issuer
 * webhook (`X-Issuer-Timestamp`, `X-Issuer-Signature: v1=HMAC-SHA256(secret, "<ts>.<raw body>")`),
 * delivered to POST /api/card/dispute/webhook until accepted:
 * - `dispute.under_review` — the issuer took the case;
 * - `dispute.provisional_credit` — it credited `credited` USD to the card (its own balance already moved);
 * - `dispute.won` — the chargeback succeeded: the credit stays;
 * - `dispute.lost` — the merchant's answer stood: the issuer took back `reversed` USD (at most what
 *   the card still held, never below zero) and says why in `reason`.
 */
export const DISPUTE_WEBHOOK_TYPES = [
  'dispute.under_review',
  'dispute.provisional_credit',
  'dispute.won',
  'dispute.lost',
] as const;
export type DisputeWebhookType = (typeof DISPUTE_WEBHOOK_TYPES)[number];

const decimal = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);

export const disputeWebhookEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(DISPUTE_WEBHOOK_TYPES),
  createdAt: z.iso.datetime(),
  cardToken: z.string().min(1).max(100),
  dispute: z.object({
    /** The issuer's case id. */
    id: z.string().min(1).max(100),
    /** Our dispute id, as we submitted it. */
    reference: z.string().min(1).max(100),
    transactionId: z.string().min(1).max(100),
    amount: decimal,
    /** USD credited provisionally so far. */
    credited: decimal,
    /** USD taken back (lost only). */
    reversed: decimal,
    reason: z.string().max(300).nullable(),
  }),
});
export type DisputeWebhookEvent = z.infer<typeof disputeWebhookEvent>;

/** What our API asks of the issuer about disputes. */
export interface CardDisputeIssuer {
  /** Opens a case on the issuer's transaction; idempotent on `reference` (our dispute id). */
  submit(req: {
    reference: string;
    cardToken: string;
    issuerTxnId: string;
    amount: string;
    reason: CardDisputeReason;
  }): Promise<{ issuerDisputeId: string }>;
}

export class UnconfiguredDisputeIssuer implements CardDisputeIssuer {
  async submit(): Promise<never> {
    throw new CardIssuerError('unavailable', 'no card issuer is configured');
  }
}

export type WebhookDelivery = (raw: string, headers: Record<string, string>) => Promise<boolean>;

type DeskStatus = 'received' | 'under_review' | 'provisional_credit' | 'won' | 'lost';
interface DeskRow {
  id: string;
  reference: string;
  token: string;
  transaction_id: string;
  amount: string;
  status: DeskStatus;
  credited: string;
  reversed: string;
}

export const SANDBOX_DISPUTE_LOST_REASON = 'The merchant showed that the goods were delivered as described.';

/**
 * The sandbox issuer's dispute desk. It keeps its cases and its card balances in its own tables and
 * moves a case one step per `advance` (the diagnostics page, tests, the demo seed); which way a case
 * ends is the switch `decision` (POST /api/dev/cards/disputes/outcome). Each step changes its own
 * state and writes its webhook to its outbox in ONE transaction, so a crash never loses or doubles
 * one; the outbox is delivered again until our API accepts it.
 */
export class SandboxDisputeDesk implements CardDisputeIssuer {
  decision: { outcome: 'won' | 'lost'; reason: string } = { outcome: 'won', reason: SANDBOX_DISPUTE_LOST_REASON };
  /** `refuse`: submissions fail as if the issuer were down (tests of the retry). */
  failures: { submit: 'ok' | 'refuse' } = { submit: 'ok' };

  constructor(
    private readonly db: SqlDatabase,
    private readonly secret: string,
    private readonly now: () => Date,
    private deliver: WebhookDelivery | null = null,
  ) {}

  connect(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  async submit(req: {
    reference: string;
    cardToken: string;
    issuerTxnId: string;
    amount: string;
    reason: CardDisputeReason;
  }): Promise<{ issuerDisputeId: string }> {
    if (this.failures.submit === 'refuse') throw new CardIssuerError('unavailable', 'dispute desk unavailable');
    if (!CARD_DISPUTE_REASONS.includes(req.reason)) throw new CardIssuerError('refused', 'unknown reason');
    const [txn] = await this.db.query<{ token: string; status: string; amount: string }>(
      `SELECT token, status, amount::text AS amount FROM sandbox_issuer_transactions WHERE id = $1`,
      [req.issuerTxnId],
    );
    if (!txn || txn.token !== req.cardToken) throw new CardIssuerError('not_found', 'unknown transaction');
    if (txn.status !== 'cleared') throw new CardIssuerError('refused', 'only a cleared purchase can be disputed');
    if (money(req.amount).gt(txn.amount) || money(req.amount).lte(0))
      throw new CardIssuerError('refused', 'the amount exceeds the transaction');
    await this.db.query(
      `INSERT INTO sandbox_issuer_disputes (id, reference, token, transaction_id, amount, reason, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'received') ON CONFLICT (reference) DO NOTHING`,
      [`idp_${randomUUID()}`, req.reference, req.cardToken, req.issuerTxnId, req.amount, req.reason],
    );
    const [row] = await this.db.query<{ id: string }>(`SELECT id FROM sandbox_issuer_disputes WHERE reference = $1`, [
      req.reference,
    ]);
    return { issuerDisputeId: row!.id };
  }

  private async emit(tx: SqlRunner, type: DisputeWebhookType, r: DeskRow, reason: string | null): Promise<string> {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const event: DisputeWebhookEvent = {
      id,
      type,
      createdAt: this.now().toISOString(),
      cardToken: r.token,
      dispute: {
        id: r.id,
        reference: r.reference,
        transactionId: r.transaction_id,
        amount: format(r.amount),
        credited: format(r.credited),
        reversed: format(r.reversed),
        reason,
      },
    };
    await tx.query(`INSERT INTO sandbox_issuer_dispute_webhooks (event_id, body) VALUES ($1, $2)`, [
      id,
      JSON.stringify(event),
    ]);
    return id;
  }

  /**
   * Moves one case (by our reference) or every open case one step; answers how many moved. Each case
   * moves under its row lock, so two concurrent advances never post a step twice.
   */
  async advance(reference?: string): Promise<number> {
    const open = await this.db.query<{ id: string }>(
      `SELECT id FROM sandbox_issuer_disputes WHERE status IN ('received', 'under_review', 'provisional_credit')
         AND ($1::text IS NULL OR reference = $1) ORDER BY created_at, id LIMIT 200`,
      [reference ?? null],
    );
    const eventIds: string[] = [];
    for (const { id } of open) {
      const eventId = await this.db.transaction(async (tx) => {
        const [r] = await tx.query<DeskRow>(
          `SELECT id, reference, token, transaction_id, amount::text AS amount, status, credited::text AS credited, reversed::text AS reversed
           FROM sandbox_issuer_disputes WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!r) return null;
        if (r.status === 'received') {
          await tx.query(`UPDATE sandbox_issuer_disputes SET status = 'under_review' WHERE id = $1`, [id]);
          return this.emit(tx, 'dispute.under_review', { ...r, status: 'under_review' }, null);
        }
        if (r.status === 'under_review') {
          await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance + $2::numeric WHERE token = $1`, [
            r.token,
            r.amount,
          ]);
          await tx.query(
            `UPDATE sandbox_issuer_disputes SET status = 'provisional_credit', credited = $2 WHERE id = $1`,
            [id, r.amount],
          );
          return this.emit(
            tx,
            'dispute.provisional_credit',
            { ...r, status: 'provisional_credit', credited: r.amount },
            null,
          );
        }
        if (r.status !== 'provisional_credit') return null;
        if (this.decision.outcome === 'won') {
          await tx.query(`UPDATE sandbox_issuer_disputes SET status = 'won' WHERE id = $1`, [id]);
          return this.emit(tx, 'dispute.won', { ...r, status: 'won' }, null);
        }
        // Lost: take back the credit — at most what the card still holds (its balance never goes below zero).
        const [card] = await tx.query<{ balance: string }>(
          `SELECT balance::text AS balance FROM sandbox_issuer_cards WHERE token = $1 FOR UPDATE`,
          [r.token],
        );
        const taken = money(card!.balance).lt(r.credited) ? format(card!.balance) : format(r.credited);
        if (money(taken).gt(0))
          await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance - $2::numeric WHERE token = $1`, [
            r.token,
            taken,
          ]);
        await tx.query(`UPDATE sandbox_issuer_disputes SET status = 'lost', reversed = $2 WHERE id = $1`, [id, taken]);
        return this.emit(tx, 'dispute.lost', { ...r, status: 'lost', reversed: taken }, this.decision.reason);
      });
      if (eventId) eventIds.push(eventId);
    }
    if (eventIds.length > 0) await this.flush(eventIds);
    return eventIds.length;
  }

  /** Sends the given (or every undelivered) events, oldest first; answers how many were accepted. */
  async flush(eventIds?: string[]): Promise<number> {
    if (!this.deliver) return 0;
    const rows = await this.db.query<{ event_id: string; body: string }>(
      eventIds
        ? `SELECT event_id, body FROM sandbox_issuer_dispute_webhooks WHERE delivered_at IS NULL AND event_id = ANY ($1::text[]) ORDER BY created_at, event_id`
        : `SELECT event_id, body FROM sandbox_issuer_dispute_webhooks WHERE delivered_at IS NULL ORDER BY created_at, event_id LIMIT 200`,
      eventIds ? [eventIds] : [],
    );
    let accepted = 0;
    for (const row of rows) {
      const { raw, headers } = this.sign(row.body);
      const ok = await this.deliver(raw, { ...headers, 'content-type': 'application/json' }).catch(() => false);
      await this.db.query(
        `UPDATE sandbox_issuer_dispute_webhooks SET attempts = attempts + 1, delivered_at = CASE WHEN $2 THEN clock_timestamp() ELSE delivered_at END WHERE event_id = $1`,
        [row.event_id, ok],
      );
      if (ok) accepted++;
    }
    return accepted;
  }

  private sign(body: string): { raw: string; headers: Record<string, string> } {
    const ts = Math.floor(this.now().getTime() / 1000);
    return {
      raw: body,
      headers: { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signWebhook(this.secret, body, ts) },
    };
  }

  /** Signed copies of the events sent about one case, oldest first (tests: replays). */
  async sent(
    reference: string,
  ): Promise<{ eventId: string; type: DisputeWebhookType; raw: string; headers: Record<string, string> }[]> {
    const rows = await this.db.query<{ event_id: string; body: string }>(
      `SELECT w.event_id, w.body FROM sandbox_issuer_dispute_webhooks w
       WHERE (w.body::jsonb -> 'dispute' ->> 'reference') = $1 ORDER BY w.created_at, w.event_id`,
      [reference],
    );
    return rows.map((r) => ({
      eventId: r.event_id,
      type: (JSON.parse(r.body) as DisputeWebhookEvent).type,
      ...this.sign(r.body),
    }));
  }
}
