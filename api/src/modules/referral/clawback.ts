import type { DomainEvent } from '../../events/domain-events.js';
import type { SqlRunner } from '../../ledger/sql.js';
import { format, money, roundDown, ZERO, type Money } from '../../ledger/money.js';
import { postReferral } from './postings.js';
import { lockBeneficiaries, reverseCashbackRow } from './reversal.js';

/**
 * Money leaving an invitee's card for the wallet (aggregateId = the card operation id, payload
 * `amount` = what left the card). On main a withdrawal lands in card funding, on the card-money-back
 * branch in the wallet: either way this is where card money stops being card funding. The
 * card-funding → wallet move (`cards.funding_withdrawn`) takes nothing back: money that came off a
 * card was already taken back here, and money moved wallet → card funding → wallet never earned.
 */
export const CARD_MONEY_OUT = ['cards.withdrawn', 'cards.closed'] as const;

interface PoolRow {
  id: string;
  beneficiary_id: string;
  level: number;
  source_ref: string;
  origin_ref: string | null;
  event_id: string;
  occurred_at: string;
  base_amount: string;
  earned: string;
  amount: string;
  month: string;
}

/**
 * Cashback follows NET card funding (docs/referral.md "Money taken back off a card"): for each
 * inviter the invitee's loads earned from, the withdrawn amount takes back the loads still
 * earning — latest first, a load partly withdrawn in proportion — and with them the cashback
 * they earned. Once per withdrawal and beneficiary (referral_clawbacks' unique key); never more
 * than was loaded (a withdrawal larger than the loads left takes back what is left); the wallet
 * never goes below zero (reverseCashbackRow).
 */
export async function clawBack(tx: SqlRunner, event: DomainEvent): Promise<void> {
  const withdrawn = parseAmount(event.payload.amount);
  if (!withdrawn || !event.userId) return;
  const beneficiaries = await tx.query<{ id: string }>(
    `SELECT DISTINCT beneficiary_id::text AS id FROM referral_cashbacks WHERE invitee_id = $1::bigint AND kind = 'recharge' AND reversed_at IS NULL ORDER BY 1`,
    [event.userId],
  );
  await lockBeneficiaries(
    tx,
    beneficiaries.map((b) => b.id),
  );
  for (const b of beneficiaries) {
    const [claw] = await tx.query<{ id: string }>(
      `INSERT INTO referral_clawbacks (source_ref, event_id, invitee_id, beneficiary_id, withdrawn, base_amount, amount)
       VALUES ($1, $2::bigint, $3::bigint, $4::bigint, $5::numeric, 0, 0) ON CONFLICT (source_ref, beneficiary_id) DO NOTHING RETURNING id::text AS id`,
      [event.aggregateId, event.id, event.userId, b.id, format(withdrawn)],
    );
    if (!claw) continue; // this withdrawal already took back this inviter's share
    const pool = await tx.query<PoolRow>(
      `SELECT id::text AS id, beneficiary_id::text AS beneficiary_id, level, source_ref, origin_ref, event_id::text AS event_id,
              to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at,
              base_amount::text AS base_amount, earned::text AS earned, amount::text AS amount, to_char(month, 'YYYY-MM-DD') AS month
         FROM referral_cashbacks
        WHERE beneficiary_id = $1::bigint AND invitee_id = $2::bigint AND kind = 'recharge' AND reversed_at IS NULL AND base_amount > 0
        ORDER BY occurred_at DESC, id DESC FOR UPDATE`,
      [b.id, event.userId],
    );
    let left = withdrawn;
    let base = ZERO;
    let cash = ZERO;
    for (const r of pool) {
      if (!left.gt(0)) break;
      const rowBase = money(r.base_amount);
      const used = left.gte(rowBase) ? rowBase : left;
      left = left.minus(used);
      base = base.plus(used);
      const back = used.eq(rowBase)
        ? money(r.amount)
        : roundDown(money(r.amount).times(used).dividedBy(rowBase), 'USD');
      cash = cash.plus(back);
      if (used.lt(rowBase))
        await payRemainder(tx, r, claw.id, rowBase.minus(used), money(r.amount).minus(back), event.userId);
      await reverseCashbackRow(tx, r);
    }
    await tx.query(
      `UPDATE referral_clawbacks SET base_amount = $2::numeric, amount = $3::numeric WHERE id = $1::bigint`,
      [claw.id, format(base), format(cash)],
    );
  }
}

/**
 * The part of a load still on the card: a new cashback row for the rest, paid before the whole
 * original row is reversed (so the wallet can give back the original in full whenever it holds
 * at least the part taken back). It keeps the original's load, month and level.
 */
async function payRemainder(
  tx: SqlRunner,
  r: PoolRow,
  clawId: string,
  restBase: Money,
  rest: Money,
  inviteeId: string,
): Promise<void> {
  const origin = r.origin_ref ?? r.source_ref;
  const earned = money(r.earned).gt(rest)
    ? roundDown(money(r.earned).times(restBase).dividedBy(r.base_amount), 'USD')
    : rest;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO referral_cashbacks (beneficiary_id, invitee_id, level, kind, source_ref, origin_ref, split_by, event_id, occurred_at, base_amount, earned, amount, month)
     VALUES ($1::bigint, $2::bigint, $3, 'recharge', $4, $5, $6::bigint, $7::bigint, $8::timestamptz, $9::numeric, $10::numeric, $11::numeric, $12::date)
     RETURNING id::text AS id`,
    [
      r.beneficiary_id,
      inviteeId,
      r.level,
      `${origin}~${clawId}`,
      origin,
      clawId,
      r.event_id,
      r.occurred_at,
      format(restBase),
      format(earned.gt(rest) ? earned : rest),
      format(rest),
      r.month,
    ],
  );
  if (rest.gt(0)) {
    await postReferral(tx, {
      ref: `referral:${row!.id}`,
      type: 'referral_cashback',
      userId: r.beneficiary_id,
      operationId: row!.id,
      amount: format(rest),
    });
    await tx.query(
      `UPDATE referral_monthly_totals SET paid = paid + $3::numeric WHERE user_id = $1::bigint AND month = $2::date`,
      [r.beneficiary_id, r.month, format(rest)],
    );
  }
}

export function parseAmount(v: unknown): Money | null {
  if (typeof v !== 'string' || !/^\d{1,12}(\.\d{1,18})?$/.test(v)) return null;
  const m = money(v);
  return m.gt(0) ? m : null;
}
