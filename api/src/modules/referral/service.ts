import type { SqlRunner } from '../../ledger/sql.js';
import { format, money } from '../../ledger/money.js';
import type {
  CashbackKind,
  ReferralCampaign,
  ReferralCashback,
  ReferralFriend,
  ReferralInvite,
  ReferralLevel,
  ReferralRanking,
  ReferralSummary,
} from '@cardwallet/shared/schemas';
import { maskAccount } from '../accounts/service.js';
import { ratesOf, type ReferralConfig } from './config.js';

interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

const usd = (v: string | null | undefined) => format(money(v ?? '0'), 'USD');
const iso = (v: string | Date) => new Date(v).toISOString();
const page = <T>(data: T[], total: number, p: number, per: number): Paginated<T> => ({
  data,
  current_page: p,
  last_page: Math.max(1, Math.ceil(total / per)),
  per_page: per,
  total,
});
/** Net of reversals: what the customer keeps. */
const NET = `(r.amount - coalesce(r.reversed_amount, 0))`;

/** The customer's side of the programme (reads only; cashback is paid by ReferralConsumer). */
export class ReferralService {
  constructor(
    private readonly db: SqlRunner,
    private readonly config: ReferralConfig,
    private readonly now: () => Date,
  ) {}

  async invite(userId: string): Promise<ReferralInvite> {
    const [u] = await this.db.query<{ invite_code: string }>(`SELECT invite_code FROM users WHERE id = $1::bigint`, [
      userId,
    ]);
    return {
      userId,
      inviteCode: u?.invite_code ?? '',
      invitePath: `/pages/passport/invitation?refereeId=${encodeURIComponent(userId)}`,
      rates: ratesOf(this.config),
    };
  }

  async summary(userId: string): Promise<ReferralSummary> {
    const month = this.now().toISOString().slice(0, 7) + '-01';
    const [sums, friends, [bonus], [thisMonth]] = await Promise.all([
      this.db.query<{ level: number; kind: CashbackKind; net: string }>(
        `SELECT r.level, r.kind, sum(${NET})::text AS net FROM referral_cashbacks r WHERE r.beneficiary_id = $1::bigint GROUP BY r.level, r.kind`,
        [userId],
      ),
      this.db.query<{ level: number; n: number }>(
        `SELECT 1 AS level, count(*)::int AS n FROM users WHERE referee_id = $1::bigint
         UNION ALL SELECT 2, count(*)::int FROM users c JOIN users p ON p.id = c.referee_id WHERE p.referee_id = $1::bigint`,
        [userId],
      ),
      this.db.query<{ total: string | null }>(
        `SELECT sum(amount)::text AS total FROM referral_campaign_awards WHERE user_id = $1::bigint`,
        [userId],
      ),
      this.db.query<{ paid: string | null }>(
        `SELECT paid::text AS paid FROM referral_monthly_totals WHERE user_id = $1::bigint AND month = $2::date`,
        [userId, month],
      ),
    ]);
    const level = (l: ReferralLevel) => {
      const get = (k: CashbackKind) => money(sums.find((s) => s.level === l && s.kind === k)?.net ?? '0');
      return {
        openCard: usd(get('open_card').toString()),
        recharge: usd(get('recharge').toString()),
        total: usd(get('open_card').plus(get('recharge')).toString()),
        friends: friends.find((f) => f.level === l)?.n ?? 0,
      };
    };
    const level1 = level(1);
    const level2 = level(2);
    return {
      currency: 'USD',
      total: usd(
        money(level1.total)
          .plus(level2.total)
          .plus(bonus?.total ?? '0')
          .toString(),
      ),
      thisMonth: usd(thisMonth?.paid),
      monthlyCap: usd(this.config.monthlyCap),
      bonus: usd(bonus?.total),
      level1,
      level2,
    };
  }

  async friends(userId: string, level: ReferralLevel, p: number, per: number): Promise<Paginated<ReferralFriend>> {
    const who =
      level === 1
        ? `SELECT i.id, i.email, i.mobile, i.created_at FROM users i WHERE i.referee_id = $1::bigint`
        : `SELECT i.id, i.email, i.mobile, i.created_at FROM users i JOIN users p ON p.id = i.referee_id WHERE p.referee_id = $1::bigint`;
    const [rows, [count]] = await Promise.all([
      this.db.query<{
        email: string | null;
        mobile: string | null;
        created_at: string;
        cards: number;
        recharged: string | null;
        earned: string | null;
      }>(
        `SELECT i.email, i.mobile, i.created_at,
                (SELECT count(*)::int FROM cards c WHERE c.user_id = i.id::text AND c.status <> 'applying') AS cards,
                (SELECT sum(o.amount)::text FROM card_operations o WHERE o.user_id = i.id::text AND o.kind IN ('activate', 'topup') AND o.status = 'completed') AS recharged,
                (SELECT sum(${NET})::text FROM referral_cashbacks r WHERE r.invitee_id = i.id AND r.beneficiary_id = $1::bigint) AS earned
           FROM (${who}) i ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3`,
        [userId, per, (p - 1) * per],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${who}) i`, [userId]),
    ]);
    return page(
      rows.map((r) => ({
        displayName: maskAccount(r.email ?? r.mobile ?? ''),
        registeredAt: iso(r.created_at),
        cardCount: r.cards,
        rechargeTotal: usd(r.recharged),
        earned: usd(r.earned),
      })),
      count!.n,
      p,
      per,
    );
  }

  async cashbacks(
    userId: string,
    kind: CashbackKind,
    level: ReferralLevel | undefined,
    p: number,
    per: number,
  ): Promise<Paginated<ReferralCashback>> {
    const where = `r.beneficiary_id = $1::bigint AND r.kind = $2 AND ($3::int IS NULL OR r.level = $3::int)`;
    const [rows, [count]] = await Promise.all([
      this.db.query<{
        id: string;
        level: number;
        email: string | null;
        mobile: string | null;
        base_amount: string | null;
        net: string;
        amount: string;
        reversed: boolean;
        occurred_at: string;
      }>(
        `SELECT r.id::text AS id, r.level, i.email, i.mobile, r.base_amount::text AS base_amount, ${NET}::text AS net, r.amount::text AS amount,
                r.reversed_at IS NOT NULL AS reversed, r.occurred_at
           FROM referral_cashbacks r JOIN users i ON i.id = r.invitee_id WHERE ${where}
          ORDER BY r.occurred_at DESC, r.id DESC LIMIT $4 OFFSET $5`,
        [userId, kind, level ?? null, per, (p - 1) * per],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM referral_cashbacks r WHERE ${where}`, [
        userId,
        kind,
        level ?? null,
      ]),
    ]);
    return page(
      rows.map((r) => ({
        id: r.id,
        kind,
        level: r.level,
        friend: maskAccount(r.email ?? r.mobile ?? ''),
        baseAmount: r.base_amount === null ? null : usd(r.base_amount),
        amount: usd(r.reversed ? r.amount : r.net),
        status: r.reversed ? 'reversed' : money(r.amount).isZero() ? 'capped' : 'paid',
        createdAt: iso(r.occurred_at),
      })),
      count!.n,
      p,
      per,
    );
  }

  /** The running campaign, else the next one to start, else the one that ended last; null when there was never one. */
  async campaign(userId: string): Promise<ReferralCampaign | null> {
    const [c] = await this.db.query<{
      id: string;
      name: string;
      starts_at: string;
      ends_at: string;
      goal: number;
      bonus: string;
      awarded_at: string | null;
      progress: number;
    }>(
      `SELECT c.id::text AS id, c.name, c.starts_at, c.ends_at, c.goal, c.bonus::text AS bonus, a.awarded_at,
              (SELECT count(DISTINCT r.invitee_id)::int FROM referral_cashbacks r JOIN users i ON i.id = r.invitee_id
                WHERE r.beneficiary_id = $1::bigint AND r.level = 1 AND r.kind = 'open_card'
                  AND r.occurred_at >= c.starts_at AND r.occurred_at < c.ends_at
                  AND i.created_at >= c.starts_at AND i.created_at < c.ends_at) AS progress
         FROM referral_campaigns c LEFT JOIN referral_campaign_awards a ON a.campaign_id = c.id AND a.user_id = $1::bigint
        ORDER BY CASE WHEN $2::timestamptz >= c.starts_at AND $2::timestamptz < c.ends_at THEN 0 WHEN c.starts_at > $2::timestamptz THEN 1 ELSE 2 END,
                 CASE WHEN c.starts_at > $2::timestamptz THEN c.starts_at END ASC, c.ends_at DESC, c.id DESC
        LIMIT 1`,
      [userId, this.now().toISOString()],
    );
    if (!c) return null;
    return {
      id: c.id,
      name: c.name,
      startsAt: iso(c.starts_at),
      endsAt: iso(c.ends_at),
      goal: c.goal,
      bonus: usd(c.bonus),
      currency: 'USD',
      progress: Math.min(c.progress, c.goal),
      awardedAt: c.awarded_at ? iso(c.awarded_at) : null,
    };
  }

  /** This month's (UTC) top inviters by friends registered this month; ties go to whoever got there first. */
  async ranking(userId: string): Promise<ReferralRanking> {
    const now = this.now();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const rows = await this.db.query<{
      id: string;
      email: string | null;
      mobile: string | null;
      invited: number;
      rank: number;
    }>(
      `WITH counts AS (
         SELECT referee_id AS id, count(*)::int AS invited, max(created_at) AS last_at FROM users
          WHERE referee_id IS NOT NULL AND created_at >= $1::timestamptz GROUP BY referee_id),
       ranked AS (SELECT c.*, row_number() OVER (ORDER BY c.invited DESC, c.last_at ASC, c.id ASC)::int AS rank FROM counts c)
       SELECT r.id::text AS id, i.email, i.mobile, r.invited, r.rank FROM ranked r JOIN users i ON i.id = r.id
        WHERE r.rank <= $2 OR r.id = $3::bigint ORDER BY r.rank`,
      [start, this.config.rankingSize, userId],
    );
    const mine = rows.find((r) => r.id === userId);
    return {
      month: start.slice(0, 7),
      entries: rows
        .filter((r) => r.rank <= this.config.rankingSize)
        .map((r) => ({
          rank: r.rank,
          displayName: maskAccount(r.email ?? r.mobile ?? ''),
          invited: r.invited,
          me: r.id === userId,
        })),
      mine: { rank: mine?.rank ?? null, invited: mine?.invited ?? 0 },
    };
  }

  async createCampaign(body: {
    name: string;
    startsAt: string;
    endsAt: string;
    goal: number;
    bonus: string;
  }): Promise<{ id: string }> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO referral_campaigns (name, starts_at, ends_at, goal, bonus) VALUES ($1, $2::timestamptz, $3::timestamptz, $4, $5::numeric) RETURNING id::text AS id`,
      [body.name, body.startsAt, body.endsAt, body.goal, body.bonus],
    );
    return row!;
  }
}
