import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { CardDeclineReason } from '@cardwallet/shared/schemas';
import { format, Money, money } from '../../ledger/money';
import type { SqlDatabase, SqlRunner } from '../../ledger/sql';
import { generatePan } from './pan';
import type { SandboxCardIssuer } from './sandbox';
import { CardIssuerError, type IssuerBrand, type IssuerSpendingControls, type ThreeDsDecision } from './types';
import {
  controlDecline,
  needsChallenge,
  THREE_DS_SECONDS,
  type MerchantRisk,
  type PurchaseChannel,
} from './sandbox-authorisation';
import {
  signWebhook,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  type IssuerMerchant,
  type IssuerWebhookEvent,
} from './webhook';

/** Sandbox exchange rates into the card's currency (USD) for purchases in another currency. */
export const SANDBOX_MERCHANT_RATES: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  HKD: '0.128',
  AED: '0.2723',
  TRY: '0.029',
  CNY: '0.138',
};

/** Delivers one signed webhook to the API; resolves true when it was accepted. */
export type WebhookDelivery = (raw: string, headers: Record<string, string>) => Promise<boolean>;

interface TxnRow {
  id: string;
  token: string;
  type: 'purchase' | 'refund' | 'fee';
  status: 'authorized' | 'declined' | 'cleared' | 'reversed' | 'refund_initiated' | 'refund_settled';
  merchant: IssuerMerchant;
  transaction_amount: string;
  transaction_currency: string;
  amount: string;
  fee: string;
  original_id: string | null;
}

const twoDecimals = (m: Money) => format(m.toDecimalPlaces(2, Money.ROUND_HALF_UP), 'USD');
/** '2026-11' — the calendar month (UTC) a fee is for. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The card network as the sandbox issuer sees it: a merchant simulator that makes purchases on our
 * cards, and the issuer's webhook outbox. Like a real issuer it authorises against the balance it
 * holds (a purchase is declined for a frozen or inactive card or when balance < amount + fee —
 * atomically, so concurrent purchases can never overspend), then tells us by signed webhook:
 * authorised → cleared (the fee charged), reversed, refund initiated → settled, declined; it can also
 * reverse a top-up it had accepted, risk-freeze a card and lift the freeze. Every event is written
 * to its outbox in the same transaction as its own change and delivered (again) until accepted.
 */
export class SandboxCardNetwork {
  constructor(
    private readonly db: SqlDatabase,
    private readonly issuer: SandboxCardIssuer,
    private readonly secret: string,
    private readonly now: () => Date,
    private deliver: WebhookDelivery | null = null,
  ) {
    // The cardholder's 3-D Secure answers reach the purchase waiting here (issuer.answerThreeDs).
    issuer.attachThreeDs((id, decision) => this.answerThreeDs(id, decision));
  }

  connect(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  private async emit(tx: SqlRunner, event: Omit<IssuerWebhookEvent, 'id' | 'createdAt'>): Promise<string> {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({ id, createdAt: this.now().toISOString(), ...event });
    await tx.query(`INSERT INTO sandbox_issuer_webhooks (event_id, body) VALUES ($1, $2)`, [id, body]);
    return id;
  }

  /** Sends the given (or every undelivered) events, oldest first; answers how many were accepted. */
  async flush(eventIds?: string[]): Promise<number> {
    if (!this.deliver) return 0;
    const rows = await this.db.query<{ event_id: string; body: string }>(
      eventIds
        ? `SELECT event_id, body FROM sandbox_issuer_webhooks WHERE delivered_at IS NULL AND event_id = ANY ($1::text[]) ORDER BY created_at, event_id`
        : `SELECT event_id, body FROM sandbox_issuer_webhooks WHERE delivered_at IS NULL ORDER BY created_at, event_id LIMIT 200`,
      eventIds ? [eventIds] : [],
    );
    let accepted = 0;
    for (const row of rows) {
      const ts = Math.floor(this.now().getTime() / 1000);
      const ok = await this.deliver(row.body, {
        [TIMESTAMP_HEADER]: String(ts),
        [SIGNATURE_HEADER]: signWebhook(this.secret, row.body, ts),
        'content-type': 'application/json',
      }).catch(() => false);
      await this.db.query(
        `UPDATE sandbox_issuer_webhooks SET attempts = attempts + 1, delivered_at = CASE WHEN $2 THEN clock_timestamp() ELSE delivered_at END WHERE event_id = $1`,
        [row.event_id, ok],
      );
      if (ok) accepted++;
    }
    return accepted;
  }

  /** A signed copy of an event the issuer already sent (tests: duplicates, replays). */
  async signed(eventId: string): Promise<{ raw: string; headers: Record<string, string> }> {
    const [row] = await this.db.query<{ body: string }>(
      `SELECT body FROM sandbox_issuer_webhooks WHERE event_id = $1`,
      [eventId],
    );
    if (!row) throw new CardIssuerError('not_found', 'unknown event');
    const ts = Math.floor(this.now().getTime() / 1000);
    return {
      raw: row.body,
      headers: { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signWebhook(this.secret, row.body, ts) },
    };
  }

  private async txn(tx: SqlRunner, id: string): Promise<TxnRow> {
    const [row] = await tx.query<TxnRow>(
      `SELECT id, token, type, status, merchant, transaction_amount::text AS transaction_amount, transaction_currency, amount::text AS amount, fee::text AS fee, original_id
       FROM sandbox_issuer_transactions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) throw new CardIssuerError('not_found', 'unknown transaction');
    return row;
  }

  private txnPayload(r: TxnRow, declineReason: NonNullable<IssuerWebhookEvent['transaction']>['declineReason'] = null) {
    return {
      id: r.id,
      originalId: r.original_id,
      merchant: r.merchant,
      amount: format(r.transaction_amount),
      currency: r.transaction_currency,
      billingAmount: format(r.amount),
      fee: format(r.fee),
      declineReason,
    };
  }

  /**
   * A purchase at a merchant: declined by the card's state or the cardholder's spending controls,
   * held for the cardholder's 3-D Secure answer (online, by the product's rule and the merchant's
   * risk: a `threeds.challenge` webhook, the merchant waits), or authorised against the card's
   * balance (amount + fee held) / declined.
   */
  async purchase(req: {
    token: string;
    amount: string;
    currency: string;
    merchant: IssuerMerchant;
    channel?: PurchaseChannel;
    risk?: MerchantRisk;
  }): Promise<{
    transactionId: string;
    approved: boolean;
    declineReason: string | null;
    eventId: string;
    challengeId: string | null;
  }> {
    const rate = SANDBOX_MERCHANT_RATES[req.currency];
    if (!rate) throw new CardIssuerError('refused', 'currency not accepted');
    const billing = twoDecimals(money(req.amount).times(rate));
    if (money(billing).lte(0)) throw new CardIssuerError('refused', 'amount too small');
    const id = `itx_${randomUUID()}`;
    const channel = req.channel ?? 'chip';
    const result = await this.db.transaction(async (tx) => {
      // The card row is locked first: concurrent purchases queue, so neither the balance nor the
      // monthly limit can be overspent by two authorisations at once.
      const card = await this.lockCard(tx, req.token);
      const now = this.now();
      const blocked = this.stateDecline(card) ?? controlDecline(card.spending_controls, channel, req.merchant.mcc, now);
      if (!blocked && needsChallenge(channel, req.risk ?? 'normal', billing, card.tier)) {
        const challengeId = `3ds_${randomBytes(12).toString('hex')}`;
        const expiresAt = new Date(now.getTime() + THREE_DS_SECONDS * 1000).toISOString();
        const request = { amount: req.amount, currency: req.currency, merchant: req.merchant, channel, billing };
        await tx.query(
          `INSERT INTO sandbox_issuer_threeds (id, token, transaction_id, request, status, expires_at, created_at)
           VALUES ($1, $2, $3, $4::jsonb, 'pending', $5, $6)`,
          [challengeId, req.token, id, JSON.stringify(request), expiresAt, now.toISOString()],
        );
        const eventId = await this.emit(tx, {
          type: 'threeds.challenge',
          cardToken: req.token,
          challenge: {
            id: challengeId,
            transactionId: id,
            merchant: req.merchant,
            amount: format(req.amount),
            currency: req.currency,
            billingAmount: billing,
            expiresAt,
          },
        });
        return { transactionId: id, approved: false, declineReason: null, eventId, challengeId };
      }
      const r = await this.authorise(
        tx,
        card,
        { token: req.token, id, amount: req.amount, currency: req.currency, billing, merchant: req.merchant },
        blocked,
        null,
      );
      return { ...r, challengeId: null };
    });
    await this.flush([result.eventId]);
    return result;
  }

  private async lockCard(tx: SqlRunner, token: string) {
    const [card] = await tx.query<{
      status: string;
      transaction_fee: string;
      balance: string;
      monthly_limit: string | null;
      tier: string | null;
      spending_controls: IssuerSpendingControls | null;
    }>(
      `SELECT status, transaction_fee::text AS transaction_fee, balance::text AS balance, monthly_limit::text AS monthly_limit, tier, spending_controls
       FROM sandbox_issuer_cards WHERE token = $1 FOR UPDATE`,
      [token],
    );
    if (!card) throw new CardIssuerError('not_found', 'unknown card token');
    return card;
  }

  private stateDecline(card: { status: string }): CardDeclineReason | null {
    if (card.status === 'active') return null;
    return card.status === 'frozen' ? 'card_frozen' : 'card_inactive';
  }

  /** Under the card's row lock: the balance and monthly-limit checks, then the authorisation or the decline. */
  private async authorise(
    tx: SqlRunner,
    card: Awaited<ReturnType<SandboxCardNetwork['lockCard']>>,
    req: { token: string; id: string; amount: string; currency: string; billing: string; merchant: IssuerMerchant },
    declined: CardDeclineReason | null,
    threeDs: ThreeDsDecision | null,
  ): Promise<{ transactionId: string; approved: boolean; declineReason: string | null; eventId: string }> {
    const { billing, id } = req;
    const fee = format(card.transaction_fee);
    const hold = format(money(billing).plus(fee));
    const now = this.now();
    let declineReason: CardDeclineReason | null = declined;
    if (!declineReason && money(card.balance).lt(hold)) declineReason = 'insufficient_balance';
    const customerLimit = card.spending_controls?.monthlyLimit ?? null;
    if (!declineReason && (card.monthly_limit !== null || customerLimit !== null)) {
      // Spent this calendar month (UTC): purchases authorised or cleared — not voided or declined ones.
      const [spent] = await tx.query<{ total: string }>(
        `SELECT COALESCE(sum(amount), 0)::text AS total FROM sandbox_issuer_transactions
         WHERE token = $1 AND type = 'purchase' AND status IN ('authorized', 'cleared') AND created_at >= date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        [req.token, now.toISOString()],
      );
      const after = money(spent!.total).plus(billing);
      if (card.monthly_limit !== null && after.gt(card.monthly_limit)) declineReason = 'monthly_limit_exceeded';
      else if (customerLimit !== null && after.gt(customerLimit)) declineReason = 'card_limit_exceeded';
    }
    if (!declineReason)
      await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance - $2::numeric WHERE token = $1`, [
        req.token,
        hold,
      ]);
    await tx.query(
      `INSERT INTO sandbox_issuer_transactions (id, token, type, status, merchant, transaction_amount, transaction_currency, amount, fee, created_at)
       VALUES ($1, $2, 'purchase', $3, $4::jsonb, $5, $6, $7, $8, $9)`,
      [
        id,
        req.token,
        declineReason ? 'declined' : 'authorized',
        JSON.stringify(req.merchant),
        req.amount,
        req.currency,
        billing,
        fee,
        now.toISOString(),
      ],
    );
    const row = await this.txn(tx, id);
    const eventId = await this.emit(tx, {
      type: declineReason ? 'transaction.declined' : 'transaction.authorized',
      cardToken: req.token,
      transaction: { ...this.txnPayload(row, declineReason), ...(threeDs ? { threeDs } : {}) },
    });
    return { transactionId: id, approved: !declineReason, declineReason, eventId };
  }

  /**
   * The cardholder's 3-D Secure answer (through our API's `answerThreeDs`) or the issuer's own
   * timeout. The first answer wins under the challenge's row lock; a repeat answers that outcome. An
   * approval later than the challenge's expiry counts as a timeout. Approved → the purchase is
   * authorised now (the card's state, controls, balance and limits checked again); otherwise declined.
   */
  async answerThreeDs(challengeId: string, decision: ThreeDsDecision): Promise<{ status: ThreeDsDecision }> {
    const result = await this.db.transaction(async (tx) => {
      const [c] = await tx.query<{
        token: string;
        transaction_id: string;
        request: {
          amount: string;
          currency: string;
          merchant: IssuerMerchant;
          channel: PurchaseChannel;
          billing: string;
        };
        status: string;
        expires_at: string | Date;
      }>(
        `SELECT token, transaction_id, request, status, expires_at FROM sandbox_issuer_threeds WHERE id = $1 FOR UPDATE`,
        [challengeId],
      );
      if (!c) throw new CardIssuerError('not_found', 'unknown 3-D Secure challenge');
      if (c.status !== 'pending') return { status: c.status as ThreeDsDecision, eventId: null };
      const now = this.now();
      const final: ThreeDsDecision =
        decision === 'approved' && now.getTime() > new Date(c.expires_at).getTime() ? 'timed_out' : decision;
      await tx.query(`UPDATE sandbox_issuer_threeds SET status = $2, answered_at = $3 WHERE id = $1`, [
        challengeId,
        final,
        now.toISOString(),
      ]);
      const card = await this.lockCard(tx, c.token);
      const q = c.request;
      const declined: CardDeclineReason | null =
        final === 'declined'
          ? 'threeds_declined'
          : final === 'timed_out'
            ? 'threeds_timed_out'
            : (this.stateDecline(card) ?? controlDecline(card.spending_controls, q.channel, q.merchant.mcc, now));
      const r = await this.authorise(
        tx,
        card,
        {
          token: c.token,
          id: c.transaction_id,
          amount: q.amount,
          currency: q.currency,
          billing: q.billing,
          merchant: q.merchant,
        },
        declined,
        final,
      );
      return { status: final, eventId: r.eventId };
    });
    if (result.eventId) await this.flush([result.eventId]);
    return { status: result.status };
  }

  /** The issuer's own clock: challenges nobody answered in time are declined (bounded per run). */
  async expireThreeDs(): Promise<number> {
    const due = await this.db.query<{ id: string }>(
      `SELECT id FROM sandbox_issuer_threeds WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT 100`,
      [this.now().toISOString()],
    );
    for (const d of due) await this.answerThreeDs(d.id, 'timed_out');
    return due.length;
  }

  /** The merchant captures: the issuer settles the held amount and charges the fee. */
  async clear(transactionId: string): Promise<string> {
    return this.step(transactionId, 'authorized', 'cleared', 'transaction.cleared', async () => undefined);
  }

  /** The merchant voids the authorisation: the hold returns to the card. */
  async void(transactionId: string): Promise<string> {
    return this.step(transactionId, 'authorized', 'reversed', 'transaction.reversed', async (tx, r) => {
      await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance + $2::numeric WHERE token = $1`, [
        r.token,
        format(money(r.amount).plus(r.fee)),
      ]);
    });
  }

  private async step(
    transactionId: string,
    from: TxnRow['status'],
    to: TxnRow['status'],
    type: IssuerWebhookEvent['type'],
    effect: (tx: SqlRunner, r: TxnRow) => Promise<void>,
  ): Promise<string> {
    const eventId = await this.db.transaction(async (tx) => {
      const r = await this.txn(tx, transactionId);
      if (r.status !== from) throw new CardIssuerError('refused', `transaction is ${r.status}`);
      await effect(tx, r);
      await tx.query(`UPDATE sandbox_issuer_transactions SET status = $2 WHERE id = $1`, [r.id, to]);
      return this.emit(tx, { type, cardToken: r.token, transaction: this.txnPayload({ ...r, status: to }) });
    });
    await this.flush([eventId]);
    return eventId;
  }

  /** The merchant refunds (part of) a cleared purchase; the issuer credits it when it settles. */
  async refund(transactionId: string, amount?: string): Promise<{ refundId: string; eventId: string }> {
    const result = await this.db.transaction(async (tx) => {
      const original = await this.txn(tx, transactionId);
      if (original.type !== 'purchase' || original.status !== 'cleared')
        throw new CardIssuerError('refused', 'only a cleared purchase can be refunded');
      const [done] = await tx.query<{ total: string }>(
        `SELECT coalesce(sum(amount), 0)::text AS total FROM sandbox_issuer_transactions WHERE original_id = $1`,
        [original.id],
      );
      const billing = amount ? twoDecimals(money(amount)) : format(original.amount);
      if (money(billing).lte(0) || money(done!.total).plus(billing).gt(original.amount))
        throw new CardIssuerError('refused', 'refund exceeds the purchase');
      const ratio = money(billing).div(original.amount);
      const merchantAmount = twoDecimals(money(original.transaction_amount).times(ratio));
      const id = `itx_${randomUUID()}`;
      await tx.query(
        `INSERT INTO sandbox_issuer_transactions (id, token, type, status, merchant, transaction_amount, transaction_currency, amount, fee, original_id)
         VALUES ($1, $2, 'refund', 'refund_initiated', $3::jsonb, $4, $5, $6, 0, $7)`,
        [
          id,
          original.token,
          JSON.stringify(original.merchant),
          merchantAmount,
          original.transaction_currency,
          billing,
          original.id,
        ],
      );
      const eventId = await this.emit(tx, {
        type: 'transaction.refund_initiated',
        cardToken: original.token,
        transaction: this.txnPayload(await this.txn(tx, id)),
      });
      return { refundId: id, eventId };
    });
    await this.flush([result.eventId]);
    return result;
  }

  async settleRefund(refundId: string): Promise<string> {
    return this.step(refundId, 'refund_initiated', 'refund_settled', 'transaction.refund_settled', async (tx, r) => {
      await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance + $2::numeric WHERE token = $1`, [
        r.token,
        r.amount,
      ]);
    });
  }

  /** The issuer takes back a top-up (load) it had accepted — e.g. the funding was recalled. */
  async reverseLoad(reference: string): Promise<string> {
    const eventId = await this.db.transaction(async (tx) => {
      const [op] = await tx.query<{ token: string; amount: string }>(
        `UPDATE sandbox_issuer_operations SET reversed = TRUE WHERE reference = $1 AND kind = 'load' AND NOT reversed RETURNING token, amount::text AS amount`,
        [reference],
      );
      if (!op) throw new CardIssuerError('not_found', 'no load with that reference to reverse');
      const taken = await tx.query(
        `UPDATE sandbox_issuer_cards SET balance = balance - $2::numeric WHERE token = $1 AND balance >= $2::numeric RETURNING token`,
        [op.token, op.amount],
      );
      if (!taken[0]) throw new CardIssuerError('insufficient_funds', 'the card no longer holds the loaded amount');
      return this.emit(tx, {
        type: 'card.load_reversed',
        cardToken: op.token,
        load: { reference, amount: format(op.amount) },
      });
    });
    await this.flush([eventId]);
    return eventId;
  }

  /** The issuer's risk team freezes a card for `days` days. */
  async riskFreeze(token: string, days: number): Promise<string> {
    const eventId = await this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE sandbox_issuer_cards SET status = 'frozen', freeze_reason = 'risk' WHERE token = $1 AND status IN ('active', 'frozen') RETURNING token`,
        [token],
      );
      if (!rows[0]) throw new CardIssuerError('refused', 'only an active card can be risk-frozen');
      return this.emit(tx, {
        type: 'card.status_changed',
        cardToken: token,
        status: { status: 'risk_frozen', freezeDays: days },
      });
    });
    await this.flush([eventId]);
    return eventId;
  }

  /** The issuer decides a pending unfreeze request (approve → active, reject → stays frozen). */
  async reviewUnfreeze(token: string, approve: boolean): Promise<string | null> {
    const eventId = await this.db.transaction(async (tx) => {
      const [req] = await tx.query<{ reference: string }>(
        `UPDATE sandbox_issuer_unfreeze_requests SET status = $2 WHERE token = $1 AND status = 'pending' RETURNING reference`,
        [token, approve ? 'approved' : 'rejected'],
      );
      if (!req) throw new CardIssuerError('not_found', 'no pending unfreeze request');
      if (!approve) return null;
      await tx.query(`UPDATE sandbox_issuer_cards SET status = 'active', freeze_reason = NULL WHERE token = $1`, [
        token,
      ]);
      return this.emit(tx, {
        type: 'card.status_changed',
        cardToken: token,
        status: { status: 'active', freezeDays: null },
      });
    });
    if (eventId) await this.flush([eventId]);
    return eventId;
  }

  /**
   * The monthly fee run (a real issuer runs it on its own schedule; the sandbox's is a background job
   * and a dev endpoint). For the month of `at` (UTC) every activated card issued before that month owes
   * its product's fee once; each owed fee — this month's or an earlier one's — is taken when the card
   * balance covers it, oldest first, each in its own transaction under the card's row lock (purchases
   * queue behind it), and reported by a `card.fee_charged` webhook. A closed card's owed fees are waived.
   */
  async chargeMonthlyFees(
    at: Date = this.now(),
    onlyToken?: string,
  ): Promise<{ period: string; owed: number; charged: number; waived: number }> {
    const period = monthOf(at);
    const periodStart = `${period}-01T00:00:00.000Z`;
    // `onlyToken`: the sandbox's run for one card (dev endpoint), leaving every other card alone.
    await this.db.query(
      `INSERT INTO sandbox_issuer_fee_dues (token, period, amount)
       SELECT token, $1, monthly_fee FROM sandbox_issuer_cards
       WHERE monthly_fee > 0 AND status IN ('active', 'frozen') AND created_at < $2::timestamptz AND ($3::text IS NULL OR token = $3)
       ON CONFLICT (token, period) DO NOTHING`,
      [period, periodStart, onlyToken ?? null],
    );
    const owed = await this.db.query<{ token: string; period: string }>(
      `SELECT token, period FROM sandbox_issuer_fee_dues WHERE status = 'owed' AND period <= $1 AND ($2::text IS NULL OR token = $2) ORDER BY period, token LIMIT 1000`,
      [period, onlyToken ?? null],
    );
    const eventIds: string[] = [];
    let waived = 0;
    for (const due of owed) {
      const outcome = await this.db.transaction(async (tx) => {
        const [card] = await tx.query<{ status: string; balance: string }>(
          `SELECT status, balance::text AS balance FROM sandbox_issuer_cards WHERE token = $1 FOR UPDATE`,
          [due.token],
        );
        const [fee] = await tx.query<{ amount: string; status: string }>(
          `SELECT amount::text AS amount, status FROM sandbox_issuer_fee_dues WHERE token = $1 AND period = $2 FOR UPDATE`,
          [due.token, due.period],
        );
        if (!card || !fee || fee.status !== 'owed') return null;
        if (card.status === 'closed') {
          await tx.query(
            `UPDATE sandbox_issuer_fee_dues SET status = 'waived', settled_at = clock_timestamp() WHERE token = $1 AND period = $2`,
            [due.token, due.period],
          );
          return 'waived' as const;
        }
        if (money(card.balance).lt(fee.amount)) return null;
        const amount = format(fee.amount);
        const id = `itx_${randomUUID()}`;
        const merchant: IssuerMerchant = { name: 'Monthly card fee', city: null, country: null, mcc: null };
        await tx.query(`UPDATE sandbox_issuer_cards SET balance = balance - $2::numeric WHERE token = $1`, [
          due.token,
          amount,
        ]);
        await tx.query(
          `INSERT INTO sandbox_issuer_transactions (id, token, type, status, merchant, transaction_amount, transaction_currency, amount, fee, created_at)
           VALUES ($1, $2, 'fee', 'cleared', $3::jsonb, $4, 'USD', $4, 0, $5)`,
          [id, due.token, JSON.stringify(merchant), amount, this.now().toISOString()],
        );
        await tx.query(
          `UPDATE sandbox_issuer_fee_dues SET status = 'charged', transaction_id = $3, settled_at = clock_timestamp() WHERE token = $1 AND period = $2`,
          [due.token, due.period, id],
        );
        return this.emit(tx, {
          type: 'card.fee_charged',
          cardToken: due.token,
          transaction: this.txnPayload(await this.txn(tx, id)),
          charge: { kind: 'monthly_fee', period: due.period },
        });
      });
      if (outcome === 'waived') waived++;
      else if (outcome) eventIds.push(outcome);
    }
    if (eventIds.length > 0) await this.flush(eventIds);
    return { period, owed: owed.length - eventIds.length - waived, charged: eventIds.length, waived };
  }

  /** A physical card printed and posted to a customer (not yet bound): its number and carrier code. */
  async stockPhysicalCard(req: {
    brand: IssuerBrand;
    tier: string;
    transactionFee: string;
    monthlyLimit: string;
    monthlyFee: string;
  }): Promise<{ pan: string; carrierCode: string; last4: string; expiry: string }> {
    const carrierCode = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const issued = await this.issuer.createCard({
      reference: `stock:${randomUUID()}`,
      brand: req.brand,
      type: 'physical',
      pin: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      shipping: null,
      transactionFee: req.transactionFee,
      monthlyLimit: req.monthlyLimit,
      monthlyFee: req.monthlyFee,
      tier: req.tier,
      carrierCode,
    });
    const [row] = await this.db.query<{ pan_encrypted: string }>(
      `SELECT pan_encrypted FROM sandbox_issuer_cards WHERE token = $1`,
      [issued.token],
    );
    await this.db.query(`UPDATE sandbox_issuer_cards SET shipping_status = 'delivered' WHERE token = $1`, [
      issued.token,
    ]);
    return { pan: this.issuer.panOf(row!.pan_encrypted), carrierCode, last4: issued.last4, expiry: issued.expiry };
  }
}

/** A PAN in the product's range that the issuer never issued (tests of binding). */
export const unissuedPan = (brand: IssuerBrand) => generatePan(brand);
