import type { DomainEvent, DomainEvents } from '../../events/domain-events.js';
import type { SqlRunner } from '../../ledger/sql.js';
import { format, money, roundDown, ZERO } from '../../ledger/money.js';
import type { CashbackKind, ReferralLevel } from '@cardwallet/shared/schemas';
import type { ReferralConfig } from './config.js';
import { postReferral } from './postings.js';
import { CARD_MONEY_OUT, clawBack } from './clawback.js';
import { lockBeneficiaries, lockBeneficiary, reverseCashbackRow } from './reversal.js';

/** The consumer's name in domain_event_deliveries. */
export const REFERRAL_CONSUMER = 'referral.cashback';

/**
 * What earns cashback: a card loaded (the activating first top-up is a load too) and a card opened —
 * which counts only once it is activated (docs/referral.md "Card fees cannot make a ring profit"):
 * an issued card nobody loads earns no one anything.
 */
const EARNING: Record<string, CashbackKind> = {
  'cards.activated': 'recharge',
  'cards.topped_up': 'recharge',
};
/** The activation also pays the open-card cashback of its card (source: the card id, once per card). */
const OPENS_CARD = 'cards.activated';
/**
 * The most the open-card cashback may be, per level, as a share of the application fee the company
 * kept for the card (fee less any coupon discount): level 1 + level 2 = half of it at most, so the
 * programme always keeps at least half of every fee it pays cashback on.
 */
export const OPEN_CARD_FEE_SHARE: Record<ReferralLevel, string> = { 1: '0.4', 2: '0.1' };
/** A refunded top-up (aggregateId = the id of the cards.topped_up event's operation). */
export const TOPUP_REVERSED = 'cards.topup_reversed';
export const REFERRAL_EVENT_TYPES = [...Object.keys(EARNING), TOPUP_REVERSED, ...CARD_MONEY_OUT];

interface Beneficiary {
  userId: string;
  level: ReferralLevel;
}

/**
 * Turns card events into cashback (docs/referral.md "How cashback is paid"). Runs inside the
 * delivery's transaction (src/events/domain-events.ts): the cashback row, its posting and the
 * delivery's completion commit together, and the row's unique key (kind, source, beneficiary)
 * makes a second delivery of the same operation a no-op — exactly once per event per beneficiary.
 */
export class ReferralConsumer {
  constructor(
    private readonly config: ReferralConfig,
    private readonly events: Pick<DomainEvents, 'record'>,
  ) {}

  subscribeTo(events: Pick<DomainEvents, 'subscribe'>): void {
    events.subscribe(REFERRAL_CONSUMER, REFERRAL_EVENT_TYPES, (tx, event) => this.handle(tx, event));
  }

  async handle(tx: SqlRunner, event: DomainEvent): Promise<void> {
    if (event.type === TOPUP_REVERSED) return this.reverse(tx, event);
    if ((CARD_MONEY_OUT as readonly string[]).includes(event.type)) return clawBack(tx, event);
    const kind = EARNING[event.type];
    if (!kind || !event.userId) return;
    const base = kind === 'recharge' ? parseAmount(event.payload.amount) : null;
    if (kind === 'recharge' && !base) throw new Error(`referral: ${event.type} ${event.aggregateId} carries no amount`);
    // A refund handled before its top-up (the top-up's delivery was backing off) leaves nothing to pay.
    if (
      kind === 'recharge' &&
      (
        await tx.query(`SELECT 1 FROM domain_events WHERE type = $1 AND aggregate_id = $2`, [
          TOPUP_REVERSED,
          event.aggregateId,
        ])
      ).length > 0
    )
      return;
    const beneficiaries = await this.beneficiaries(tx, event.userId);
    await lockBeneficiaries(
      tx,
      beneficiaries.map((b) => b.userId),
    );
    for (const b of beneficiaries) {
      await this.pay(tx, event, kind, b, base);
    }
    if (event.type === OPENS_CARD) {
      const cardId = typeof event.payload.cardId === 'string' ? event.payload.cardId : null;
      const kept = parseAmount(event.payload.applicationFeeKept) ?? '0';
      if (!cardId) throw new Error(`referral: ${event.type} ${event.aggregateId} carries no card id`);
      for (const b of beneficiaries) await this.pay(tx, event, 'open_card', b, null, { sourceRef: cardId, kept });
    }
  }

  /**
   * The inviter (level 1) and the inviter's inviter (level 2) of `inviteeId` — never a third level.
   * Disabled accounts earn nothing, and neither does an inviter who verified the same identity
   * document as the invitee (one person with two accounts referring themselves).
   */
  private async beneficiaries(tx: SqlRunner, inviteeId: string): Promise<Beneficiary[]> {
    const rows = await tx.query<{ level: number; id: string }>(
      `SELECT 1 AS level, p.id::text AS id FROM users u JOIN users p ON p.id = u.referee_id
        WHERE u.id = $1::bigint AND p.status = 'active'
       UNION ALL
       SELECT 2, g.id::text FROM users u JOIN users p ON p.id = u.referee_id JOIN users g ON g.id = p.referee_id
        WHERE u.id = $1::bigint AND g.status = 'active' AND g.id <> u.id`,
      [inviteeId],
    );
    if (rows.length === 0) return [];
    // An account whose verified identity already backs another account (docs/kyc.md) neither
    // generates nor earns cashback.
    const duplicates = await tx.query<{ id: string }>(
      `SELECT user_id::text AS id FROM kyc_identity_duplicates WHERE user_id = ANY ($1::bigint[])`,
      [[inviteeId, ...rows.map((r) => r.id)]],
    );
    if (duplicates.some((d) => d.id === inviteeId)) return [];
    const sameIdentity = await tx.query<{ id: string }>(
      `SELECT b.user_id::text AS id FROM kyc1_submissions b JOIN kyc1_submissions i
          ON i.user_id = $1::bigint AND i.status = 'verified'
         AND upper(i.document_number) = upper(b.document_number) AND i.country = b.country AND i.document_type = b.document_type
        WHERE b.status = 'verified' AND b.user_id = ANY ($2::bigint[])`,
      [inviteeId, rows.map((r) => r.id)],
    );
    const refused = new Set([...sameIdentity, ...duplicates].map((r) => r.id));
    return rows.filter((r) => !refused.has(r.id)).map((r) => ({ userId: r.id, level: r.level as ReferralLevel }));
  }

  private earned(kind: CashbackKind, level: ReferralLevel, base: string | null, feeKept = '0') {
    const c = this.config;
    if (kind === 'open_card') {
      const rate = money(level === 1 ? c.openCardLevel1 : c.openCardLevel2);
      const bound = roundDown(money(feeKept).times(OPEN_CARD_FEE_SHARE[level]), 'USD');
      return rate.lt(bound) ? rate : bound;
    }
    const pct = money(level === 1 ? c.rechargePercentLevel1 : c.rechargePercentLevel2);
    return roundDown(money(base!).times(pct).dividedBy(100), 'USD');
  }

  private async pay(
    tx: SqlRunner,
    event: DomainEvent,
    kind: CashbackKind,
    b: Beneficiary,
    base: string | null,
    openCard?: { sourceRef: string; kept: string },
  ): Promise<void> {
    const earned = this.earned(kind, b.level, base, openCard?.kept);
    const sourceRef = openCard?.sourceRef ?? event.aggregateId;
    if (!earned.gt(0)) return;
    // One beneficiary at a time (cap and campaign progress are read-then-write): concurrent
    // consumers paying the same customer wait here for each other.
    await lockBeneficiary(tx, b.userId);
    const month = event.occurredAt.slice(0, 7) + '-01';
    const [total] = await tx.query<{ paid: string }>(
      `INSERT INTO referral_monthly_totals (user_id, month, paid) VALUES ($1::bigint, $2::date, 0)
       ON CONFLICT (user_id, month) DO UPDATE SET paid = referral_monthly_totals.paid RETURNING paid::text AS paid`,
      [b.userId, month],
    );
    const room = money(this.config.monthlyCap).minus(total!.paid);
    const amount = room.lte(0) ? ZERO : earned.gt(room) ? room : earned;
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO referral_cashbacks (beneficiary_id, invitee_id, level, kind, source_ref, event_id, occurred_at, base_amount, earned, amount, month)
       VALUES ($1::bigint, $2::bigint, $3, $4, $5, $6::bigint, $7::timestamptz, $8::numeric, $9::numeric, $10::numeric, $11::date)
       ON CONFLICT (kind, source_ref, beneficiary_id) DO NOTHING RETURNING id::text AS id`,
      [
        b.userId,
        event.userId,
        b.level,
        kind,
        sourceRef,
        event.id,
        event.occurredAt,
        base,
        format(earned),
        format(amount),
        month,
      ],
    );
    if (!row) return; // already paid for this operation
    if (amount.gt(0)) {
      await postReferral(tx, {
        ref: `referral:${row.id}`,
        type: 'referral_cashback',
        userId: b.userId,
        operationId: row.id,
        amount: format(amount),
      });
      await tx.query(
        `UPDATE referral_monthly_totals SET paid = paid + $3::numeric WHERE user_id = $1::bigint AND month = $2::date`,
        [b.userId, month, format(amount)],
      );
    }
    await this.events.record(tx, {
      type: 'referral.cashback_paid',
      userId: b.userId,
      aggregateId: row.id,
      payload: {
        kind,
        level: b.level,
        amount: format(amount, 'USD'),
        earned: format(earned, 'USD'),
        currency: 'USD',
        capped: amount.lt(earned),
      },
    });
    if (kind === 'open_card' && b.level === 1) await this.awardCampaigns(tx, b.userId, event.occurredAt);
  }

  /**
   * Pays each running campaign's bonus once the customer reached its goal: friends who registered
   * within the campaign's dates and opened a card within them. The award's primary key and the
   * posting's ref make it once per campaign and customer.
   */
  private async awardCampaigns(tx: SqlRunner, userId: string, at: string): Promise<void> {
    const reached = await tx.query<{ id: string; bonus: string }>(
      `SELECT c.id::text AS id, c.bonus::text AS bonus FROM referral_campaigns c
        WHERE $2::timestamptz >= c.starts_at AND $2::timestamptz < c.ends_at
          AND NOT EXISTS (SELECT 1 FROM referral_campaign_awards a WHERE a.campaign_id = c.id AND a.user_id = $1::bigint)
          AND (SELECT count(DISTINCT r.invitee_id) FROM referral_cashbacks r JOIN users i ON i.id = r.invitee_id
                WHERE r.beneficiary_id = $1::bigint AND r.level = 1 AND r.kind = 'open_card'
                  AND r.occurred_at >= c.starts_at AND r.occurred_at < c.ends_at
                  AND i.created_at >= c.starts_at AND i.created_at < c.ends_at) >= c.goal`,
      [userId, at],
    );
    for (const c of reached) {
      const [award] = await tx.query<{ campaign_id: string }>(
        `INSERT INTO referral_campaign_awards (campaign_id, user_id, amount) VALUES ($1::bigint, $2::bigint, $3::numeric)
         ON CONFLICT DO NOTHING RETURNING campaign_id::text AS campaign_id`,
        [c.id, userId, c.bonus],
      );
      if (!award) continue;
      await postReferral(tx, {
        ref: `referral_bonus:${c.id}:${userId}`,
        type: 'referral_bonus',
        userId,
        operationId: c.id,
        amount: c.bonus,
      });
      await this.events.record(tx, {
        type: 'referral.bonus_paid',
        userId,
        aggregateId: `${c.id}:${userId}`,
        payload: { campaignId: c.id, amount: format(money(c.bonus), 'USD'), currency: 'USD' },
      });
    }
  }

  /**
   * A refunded top-up takes back the cashback it earned at both levels: as much as the wallet
   * still holds (a customer account never goes negative); what was already spent is written off
   * by marketing and shown to operators (docs/referral.md "Reversal"). The cap room it used is freed.
   */
  private async reverse(tx: SqlRunner, event: DomainEvent): Promise<void> {
    // `origin_ref`: the remainder of a cashback split by a partial withdrawal still belongs to its load.
    const who = await tx.query<{ id: string }>(
      `SELECT DISTINCT beneficiary_id::text AS id FROM referral_cashbacks WHERE kind = 'recharge' AND (source_ref = $1 OR origin_ref = $1) AND reversed_at IS NULL`,
      [event.aggregateId],
    );
    await lockBeneficiaries(
      tx,
      who.map((w) => w.id),
    );
    const rows = await tx.query<{ id: string; beneficiary_id: string; amount: string; month: string }>(
      `SELECT id::text AS id, beneficiary_id::text AS beneficiary_id, amount::text AS amount, to_char(month, 'YYYY-MM-DD') AS month
         FROM referral_cashbacks WHERE kind = 'recharge' AND (source_ref = $1 OR origin_ref = $1) AND reversed_at IS NULL ORDER BY id FOR UPDATE`,
      [event.aggregateId],
    );
    for (const r of rows) {
      await lockBeneficiary(tx, r.beneficiary_id); // already held unless a row appeared meanwhile
      await reverseCashbackRow(tx, r);
    }
  }
}

function parseAmount(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{1,12}(\.\d{1,18})?$/.test(v)) return null;
  const m = money(v);
  return m.gt(0) ? format(m) : null;
}
