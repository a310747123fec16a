import { paginate, type Locale, type Paginated } from '@cardwallet/shared';
import type { NotificationMessage } from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../../db/index.js';
import type { DomainEvent } from '../../events/domain-events.js';
import { BusinessError } from '../../http/errors.js';
import { money } from '../../ledger/money.js';
import { renderMessage } from './templates.js';
import { notifyLive } from '../../events/live-hub.js';

type Category = NotificationMessage['category'];

interface NewMessage {
  category: Category;
  template: string;
  params: Record<string, unknown>;
  link: string | null;
}

/** The domain events that become a message, and how. */
export const MESSAGE_EVENT_TYPES = [
  'wallet.deposit_credited',
  'wallet.withdrawal_sent',
  'wallet.withdrawal_rejected',
  // a sent withdrawal that failed on chain, refunded (docs/ledger.md "Payout state machine")
  'wallet.withdrawal_failed',
  'cards.issued',
  'cards.activated',
  'cards.topped_up',
  'cards.withdrawn',
  // cards, part 2: authorisations, declines, risk freeze, reversed top-ups
  'cards.transaction_authorised',
  'cards.transaction_declined',
  'cards.risk_frozen',
  'cards.topup_reversed',
  'cards.monthly_fee_charged',
  // referral programme (docs/referral.md): cashback and campaign bonuses paid into the wallet
  'referral.cashback_paid',
  'referral.bonus_paid',
  // identity verification decisions (docs/kyc.md "Decisions")
  'kyc.level1_verified',
  'kyc.level2_approved',
  'kyc.level2_rejected',
  // card money back to the wallet (issue 21)
  'cards.funding_withdrawn',
  // 3-D Secure in the app (issue 23)
  'cards.threeds_challenge',
  // card disputes (issue 23): every state of a dispute
  'cards.dispute_submitted',
  'cards.dispute_under_review',
  'cards.dispute_provisional_credit',
  'cards.dispute_won',
  'cards.dispute_lost',
  'cards.dispute_shortfall',
  // a compromised card replaced (issue 23)
  'cards.replaced',
] as const;

/** Template suffix of each decline reason (issue 23 added the spending controls and 3-D Secure ones). */
const DECLINE_TEMPLATE: Record<string, string> = {
  card_frozen: 'frozen',
  card_inactive: 'inactive',
  monthly_limit_exceeded: 'limit',
  blocked_online: 'online',
  blocked_contactless: 'contactless',
  blocked_atm: 'atm',
  blocked_magstripe: 'magstripe',
  blocked_category: 'category',
  card_limit_exceeded: 'card_limit',
  threeds_declined: 'threeds',
  threeds_timed_out: 'threeds_timeout',
};

export function messageOf(event: DomainEvent): NewMessage | null {
  const p = event.payload as Record<string, string | null | undefined>;
  switch (event.type) {
    case 'wallet.deposit_credited':
      return {
        category: 'wallet',
        template: event.type,
        params: { amount: p.amount, currency: p.currency, network: p.network },
        link: '/pages/wallet/cash-flow',
      };
    case 'wallet.withdrawal_sent':
      return {
        category: 'wallet',
        template: event.type,
        params: { amount: p.amount, currency: p.currency, address: p.address, fee: p.fee },
        link: '/pages/wallet/cash-flow',
      };
    case 'wallet.withdrawal_rejected': {
      const total = money(p.amount ?? '0')
        .plus(p.fee ?? '0')
        .toFixed();
      return {
        category: 'wallet',
        // A chain's definitive refusal carries a code, not an operator's words: it has its own text.
        template:
          p.reason === 'broadcast_failed'
            ? 'wallet.withdrawal_failed'
            : p.reason
              ? 'wallet.withdrawal_rejected_reason'
              : event.type,
        params: {
          amount: p.amount,
          currency: p.currency,
          total,
          ...(p.reason && p.reason !== 'broadcast_failed' ? { reason: p.reason } : {}),
        },
        link: '/pages/wallet/cash-flow',
      };
    }
    case 'wallet.withdrawal_failed': {
      // Same text as a broadcast the chain refused: the customer's money is back in either case.
      const total = money(p.amount ?? '0')
        .plus(p.fee ?? '0')
        .toFixed();
      return {
        category: 'wallet',
        template: 'wallet.withdrawal_reverted',
        params: { amount: p.amount, currency: p.currency, total },
        link: '/pages/wallet/cash-flow',
      };
    }
    case 'cards.issued':
      return {
        category: 'card',
        template: p.type === 'physical' ? 'cards.issued_physical' : 'cards.issued_virtual',
        params: { brand: p.brand === 'mastercard' ? 'Mastercard' : 'Visa', last4: p.last4 },
        link: '/pages/card/index',
      };
    case 'cards.activated':
    case 'cards.topped_up':
    case 'cards.withdrawn':
      return {
        category: 'card',
        template: event.type,
        params: { amount: p.amount, fee: p.fee, last4: p.last4 },
        link: '/pages/card/index',
      };
    case 'cards.transaction_authorised':
      return {
        category: 'card',
        template: event.type,
        params: { amount: p.amount, merchant: p.merchant, last4: p.last4 },
        link: `/pages/card/order-list?cardId=${p.cardId}`,
      };
    case 'cards.transaction_declined': {
      const reason = DECLINE_TEMPLATE[p.reason ?? ''] ?? 'balance';
      return {
        category: 'card',
        template: `cards.transaction_declined_${reason}`,
        params: { amount: p.amount, merchant: p.merchant, last4: p.last4 },
        link: `/pages/card/order-list?cardId=${p.cardId}`,
      };
    }
    case 'cards.threeds_challenge':
      return {
        category: 'card',
        template: event.type,
        params: { amount: p.amount, merchant: p.merchant, last4: p.last4 },
        link: `/pages/card/three-ds?id=${p.challengeId}`,
      };
    case 'cards.risk_frozen':
      return {
        category: 'card',
        template: event.type,
        params: { days: p.days, last4: p.last4 },
        link: `/pages/card/setting?cardId=${p.cardId}`,
      };
    case 'cards.monthly_fee_charged':
      return {
        category: 'card',
        template: event.type,
        params: { amount: p.amount, period: p.period, last4: p.last4 },
        link: `/pages/card/order-list?cardId=${p.cardId}`,
      };
    case 'cards.topup_reversed':
      return {
        category: 'card',
        template: event.type,
        params: { amount: p.amount, last4: p.last4 },
        link: '/pages/wallet/cash-flow',
      };
    case 'referral.cashback_paid': {
      const capped = (event.payload as { capped?: boolean }).capped === true;
      const kind = p.kind === 'open_card' ? 'open_card' : 'recharge';
      return {
        category: 'referral',
        template: capped ? 'referral.cashback_capped' : `referral.cashback_${kind}`,
        params: { amount: p.amount, level: String(p.level ?? '') },
        link: kind === 'open_card' ? '/pages/share/open-card' : '/pages/share/recharge-cash',
      };
    }
    case 'cards.funding_withdrawn':
      return {
        category: 'card',
        template: event.type,
        params: { amount: p.amount, currency: p.currency },
        link: '/pages/wallet/cash-flow',
      };
    case 'cards.replaced':
      return {
        category: 'card',
        template: event.type,
        params: { last4: p.last4, oldLast4: p.oldLast4 ?? '····', amount: p.amount },
        link: '/pages/card/index',
      };
    case 'cards.dispute_submitted':
    case 'cards.dispute_under_review':
    case 'cards.dispute_provisional_credit':
    case 'cards.dispute_won':
    case 'cards.dispute_lost':
    case 'cards.dispute_shortfall':
      return {
        category: 'card',
        template: event.type,
        params: {
          amount: p.amount,
          merchant: p.merchant,
          last4: p.last4,
          ...(event.type === 'cards.dispute_lost' ? { reason: p.reason ?? '' } : {}),
        },
        link: `/pages/card/dispute?id=${p.disputeId}`,
      };
    case 'referral.bonus_paid':
      return {
        category: 'referral',
        template: event.type,
        params: { amount: p.amount },
        link: '/pages/share/activity',
      };
    case 'kyc.level1_verified':
      return { category: 'kyc', template: event.type, params: {}, link: '/pages/user/kyc' };
    case 'kyc.level2_approved':
      return { category: 'kyc', template: event.type, params: {}, link: '/pages/user/kyc-lv2-success' };
    case 'kyc.level2_rejected':
      return {
        category: 'kyc',
        template: p.rejectType === 'RETRY' ? 'kyc.level2_rejected_retry' : 'kyc.level2_rejected_final',
        params: {},
        link: '/pages/user/kyc-lv2-fail',
      };
    default:
      return null;
  }
}

interface Row {
  id: string;
  category: Category;
  template: string;
  params: Record<string, unknown>;
  link: string | null;
  read: boolean;
  created_at: string;
}
const COLUMNS = `id::text AS id, category, template, params, link, read_at IS NOT NULL AS read,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

function toMessage(locale: Locale, r: Row): NotificationMessage {
  const { title, body } = renderMessage(locale, r.template, r.params);
  return { id: r.id, category: r.category, title, body, link: r.link, read: r.read, createdAt: r.created_at };
}

const notFound = () => new BusinessError('message_not_found');

/** Messages of the message centre. Every read is scoped to its owner: another customer's message does not exist. */
export class NotificationService {
  constructor(private readonly db: SqlDatabase) {}

  /** Consumer of domain events: at most one message per event (also guarded by the unique event_id). */
  async fromEvent(tx: SqlRunner, event: DomainEvent): Promise<void> {
    const message = event.userId ? messageOf(event) : null;
    if (!message) return;
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO notifications (user_id, event_id, category, template, params, link) VALUES ($1::bigint, $2::bigint, $3, $4, $5::jsonb, $6)
       ON CONFLICT (event_id) DO NOTHING RETURNING id::text AS id`,
      [event.userId, event.id, message.category, message.template, JSON.stringify(message.params), message.link],
    );
    // Open message pages and the message badge refetch when this commits.
    if (row)
      await notifyLive(tx, { id: `message-${row.id}`, type: 'notifications.message_created', userId: event.userId });
  }

  async list(
    userId: string,
    locale: Locale,
    q: { page: number; per_page: number; unread?: 'true' | 'false' },
  ): Promise<Paginated<NotificationMessage>> {
    const unreadOnly = q.unread === 'true';
    const [rows, [count]] = await Promise.all([
      this.db.query<Row>(
        `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1::bigint AND (NOT $4::boolean OR read_at IS NULL)
         ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [userId, q.per_page, (q.page - 1) * q.per_page, unreadOnly],
      ),
      this.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1::bigint AND (NOT $2::boolean OR read_at IS NULL)`,
        [userId, unreadOnly],
      ),
    ]);
    return paginate(
      rows.map((r) => toMessage(locale, r)),
      count!.n,
      q.page,
      q.per_page,
    );
  }

  async unreadCount(userId: string): Promise<{ messages: number }> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1::bigint AND read_at IS NULL`,
      [userId],
    );
    return { messages: row!.n };
  }

  /** One message, marked read by opening it. */
  async open(userId: string, locale: Locale, id: string): Promise<NotificationMessage> {
    const [row] = await this.db.query<Row>(
      `UPDATE notifications SET read_at = coalesce(read_at, clock_timestamp()) WHERE id = $1::bigint AND user_id = $2::bigint RETURNING ${COLUMNS}`,
      [id, userId],
    );
    if (!row) throw notFound();
    return toMessage(locale, row);
  }

  async markRead(userId: string, id: string): Promise<void> {
    const rows = await this.db.query(
      `UPDATE notifications SET read_at = coalesce(read_at, clock_timestamp()) WHERE id = $1::bigint AND user_id = $2::bigint RETURNING id`,
      [id, userId],
    );
    if (rows.length === 0) throw notFound();
  }

  async markAllRead(userId: string): Promise<{ updated: number }> {
    const rows = await this.db.query(
      `UPDATE notifications SET read_at = clock_timestamp() WHERE user_id = $1::bigint AND read_at IS NULL RETURNING id`,
      [userId],
    );
    return { updated: rows.length };
  }
}
