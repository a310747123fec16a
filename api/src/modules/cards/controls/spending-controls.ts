import { ResultCode } from '@cardwallet/shared';
import type { CardCategoryBlock, CardSpendingControls, SpendingCategory } from '@cardwallet/shared/schemas';
import type { DomainEvents } from '../../../events/domain-events.js';
import { format, formatFixed, money } from '../../../ledger/money';
import type { SqlDatabase } from '../../../ledger/sql';
import type { CardIssuer, IssuerSpendingControls } from '../../../providers/card-issuer/types';
import { CardError } from '../errors';
import { productById } from '../products';

interface ControlsRow {
  online: boolean;
  contactless: boolean;
  atm: boolean;
  magstripe: boolean;
  monthly_limit: string | null;
  version: number;
  issuer_version: number;
}
interface BlockRow {
  category: SpendingCategory;
  cool_off_hours: number;
  blocked_at: string | Date;
  lifts_at: string | Date | null;
}
const iso = (v: string | Date) => new Date(v).toISOString();
const DEFAULTS: ControlsRow = {
  online: true,
  contactless: true,
  atm: true,
  magstripe: true,
  monthly_limit: null,
  version: 0,
  issuer_version: 0,
};
const usable = (status: string) => !['closed', 'cancelling', 'applying'].includes(status);

/**
 * Per-card spending controls (docs/cards.md "Spending controls"): online, contactless, ATM and
 * magnetic-stripe toggles, blocked merchant categories (lifting one takes the cool-off chosen when it
 * was blocked), and the customer's own monthly limit below the product's. Our row is the record;
 * the issuer enforces them at the next authorisation (Stripe Issuing's `spending_controls`): each
 * change commits with a new `version` and is then pushed whole; the issuer keeps the newest version,
 * and a background job pushes any card whose `issuer_version` is behind (the issuer was slow).
 * The clock is injected, so a cool-off can be tested by moving it.
 */
export class SpendingControls {
  constructor(
    private readonly deps: {
      db: SqlDatabase;
      issuer: CardIssuer;
      now: () => Date;
      events?: Pick<DomainEvents, 'record'>;
    },
  ) {}

  private async card(userId: string, cardId: string) {
    const [c] = await this.deps.db.query<{ issuer_token: string | null; status: string; product_id: string }>(
      `SELECT issuer_token, status, product_id FROM cards WHERE id = $1 AND user_id = $2`,
      [cardId, userId],
    );
    if (!c || !c.issuer_token || c.status === 'applying') throw new CardError('not_found', {}, ResultCode.notFound);
    return { token: c.issuer_token, status: c.status, productLimit: productById(c.product_id)?.monthlyLimit ?? null };
  }

  async get(userId: string, cardId: string): Promise<CardSpendingControls> {
    const card = await this.card(userId, cardId);
    return this.read(cardId, card.productLimit);
  }

  private async read(cardId: string, productLimit: string | null): Promise<CardSpendingControls> {
    const now = this.deps.now();
    const [row] = await this.deps.db.query<ControlsRow>(
      `SELECT online, contactless, atm, magstripe, monthly_limit::text AS monthly_limit, version, issuer_version FROM card_spending_controls WHERE card_id = $1`,
      [cardId],
    );
    const blocks = await this.blocks(cardId, now);
    const c = row ?? DEFAULTS;
    return {
      cardId,
      online: c.online,
      contactless: c.contactless,
      atm: c.atm,
      magstripe: c.magstripe,
      monthlyLimit: c.monthly_limit === null ? null : formatFixed(c.monthly_limit, 2),
      productMonthlyLimit: formatFixed(productLimit ?? '0', 2),
      blocks: blocks.map((b): CardCategoryBlock => ({
        category: b.category,
        coolOffHours: b.cool_off_hours,
        blockedAt: iso(b.blocked_at),
        liftsAt: b.lifts_at ? iso(b.lifts_at) : null,
      })),
      appliedAtIssuer: c.issuer_version >= c.version,
    };
  }

  /** Blocks still in force (a lifted block whose cool-off is over is gone). */
  private async blocks(cardId: string, now: Date): Promise<BlockRow[]> {
    return this.deps.db.query<BlockRow>(
      `SELECT category, cool_off_hours, blocked_at, lifts_at FROM card_category_blocks
       WHERE card_id = $1 AND (lifts_at IS NULL OR lifts_at > $2) ORDER BY category`,
      [cardId, now.toISOString()],
    );
  }

  async set(
    userId: string,
    body: {
      cardId: string;
      online?: boolean;
      contactless?: boolean;
      atm?: boolean;
      magstripe?: boolean;
      monthlyLimit?: string | null;
    },
  ): Promise<CardSpendingControls> {
    const card = await this.card(userId, body.cardId);
    if (!usable(card.status)) throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    if (body.monthlyLimit && card.productLimit && money(body.monthlyLimit).gt(card.productLimit))
      throw new CardError('card_limit_above_product', { max: format(card.productLimit) }, ResultCode.invalidParams, {
        fields: { monthlyLimit: 'card_limit_above_product' },
      });
    await this.deps.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO card_spending_controls (card_id, user_id) VALUES ($1, $2) ON CONFLICT (card_id) DO NOTHING`,
        [body.cardId, userId],
      );
      await tx.query(
        `UPDATE card_spending_controls SET
           online = COALESCE($2, online), contactless = COALESCE($3, contactless), atm = COALESCE($4, atm), magstripe = COALESCE($5, magstripe),
           monthly_limit = CASE WHEN $6::boolean THEN $7::numeric ELSE monthly_limit END,
           version = version + 1, updated_at = clock_timestamp()
         WHERE card_id = $1`,
        [
          body.cardId,
          body.online ?? null,
          body.contactless ?? null,
          body.atm ?? null,
          body.magstripe ?? null,
          body.monthlyLimit !== undefined,
          body.monthlyLimit ?? null,
        ],
      );
    });
    await this.push(body.cardId, card.token);
    return this.read(body.cardId, card.productLimit);
  }

  /** Blocks a category now (again, if it was being lifted), remembering the cool-off its lifting will take. */
  async block(
    userId: string,
    body: { cardId: string; category: SpendingCategory; coolOffHours: number },
  ): Promise<CardSpendingControls> {
    const card = await this.card(userId, body.cardId);
    if (!usable(card.status)) throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const now = this.deps.now().toISOString();
    await this.deps.db.transaction(async (tx) => {
      await this.bump(tx, body.cardId, userId);
      // A block still in force keeps its cool-off (choosing a shorter one now would defeat it);
      // a lifted or lifting one starts again with the new choice.
      await tx.query(
        `INSERT INTO card_category_blocks (card_id, category, cool_off_hours, blocked_at, lifts_at) VALUES ($1, $2, $3, $4, NULL)
         ON CONFLICT (card_id, category) DO UPDATE SET
           cool_off_hours = CASE WHEN card_category_blocks.lifts_at IS NULL THEN card_category_blocks.cool_off_hours ELSE EXCLUDED.cool_off_hours END,
           blocked_at = CASE WHEN card_category_blocks.lifts_at IS NULL OR card_category_blocks.lifts_at > EXCLUDED.blocked_at THEN card_category_blocks.blocked_at ELSE EXCLUDED.blocked_at END,
           lifts_at = NULL`,
        [body.cardId, body.category, body.coolOffHours, now],
      );
    });
    await this.push(body.cardId, card.token);
    return this.read(body.cardId, card.productLimit);
  }

  /** Asks to lift a block: it ends after its cool-off (at once for a 0 h cool-off). Asking again changes nothing. */
  async unblock(userId: string, body: { cardId: string; category: SpendingCategory }): Promise<CardSpendingControls> {
    const card = await this.card(userId, body.cardId);
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE card_category_blocks SET lifts_at = $3::timestamptz + make_interval(hours => cool_off_hours)
         WHERE card_id = $1 AND category = $2 AND lifts_at IS NULL RETURNING card_id`,
        [body.cardId, body.category, now.toISOString()],
      );
      if (rows[0]) await this.bump(tx, body.cardId, userId);
    });
    await this.push(body.cardId, card.token);
    return this.read(body.cardId, card.productLimit);
  }

  private async bump(tx: { query: SqlDatabase['query'] }, cardId: string, userId: string) {
    await tx.query(
      `INSERT INTO card_spending_controls (card_id, user_id, version) VALUES ($1, $2, 1)
       ON CONFLICT (card_id) DO UPDATE SET version = card_spending_controls.version + 1, updated_at = clock_timestamp()`,
      [cardId, userId],
    );
  }

  /** The whole current setting to the issuer, with its version; on failure the sync job tries again. */
  private async push(cardId: string, token: string): Promise<boolean> {
    const [row] = await this.deps.db.query<ControlsRow>(
      `SELECT online, contactless, atm, magstripe, monthly_limit::text AS monthly_limit, version, issuer_version FROM card_spending_controls WHERE card_id = $1`,
      [cardId],
    );
    if (!row) return true;
    const blocks = await this.deps.db.query<BlockRow>(
      `SELECT category, cool_off_hours, blocked_at, lifts_at FROM card_category_blocks WHERE card_id = $1 ORDER BY category`,
      [cardId],
    );
    const controls: IssuerSpendingControls = {
      online: row.online,
      contactless: row.contactless,
      atm: row.atm,
      magstripe: row.magstripe,
      monthlyLimit: row.monthly_limit === null ? null : format(row.monthly_limit),
      // The issuer gets the end of each cool-off: the block stops there by its own clock, no second push needed.
      blocks: blocks.map((b) => ({ category: b.category, until: b.lifts_at ? iso(b.lifts_at) : null })),
    };
    try {
      await this.deps.issuer.setSpendingControls(token, controls, row.version);
    } catch {
      return false;
    }
    await this.deps.db.query(
      `UPDATE card_spending_controls SET issuer_version = GREATEST(issuer_version, $2) WHERE card_id = $1`,
      [cardId, row.version],
    );
    return true;
  }

  /** Background job `cards.spending-controls-sync`: pushes the settings the issuer has not acknowledged. */
  async syncBehind(): Promise<number> {
    const rows = await this.deps.db.query<{ card_id: string; issuer_token: string }>(
      `SELECT s.card_id, c.issuer_token FROM card_spending_controls s JOIN cards c ON c.id = s.card_id
       WHERE s.issuer_version < s.version AND c.issuer_token IS NOT NULL LIMIT 200`,
    );
    let pushed = 0;
    for (const r of rows) if (await this.push(r.card_id, r.issuer_token)) pushed++;
    return pushed;
  }
}
