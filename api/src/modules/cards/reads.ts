import { ResultCode } from '@cardwallet/shared';
import { type CardSummary } from '@cardwallet/shared/schemas';
import { money, ZERO } from '../../ledger/money';
import type { SqlRunner } from '../../ledger/sql';
import { CardError, cardNotFound } from './errors';
import * as postings from './postings';
import { CARD_COLUMNS, CARD_FROM, toSummary, type CardRow, type CardServiceDeps } from './model';

/** Reading cards: the customer's cards (masked), one card with ownership checked, the card-funding balance. */
export class CardReads {
  constructor(private readonly deps: CardServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  async customer(userId: string) {
    const [row] = await this.db.query<{ kyc_level: number; birth_date: string | null; email: string | null }>(
      `SELECT kyc_level::int AS kyc_level, birth_date::text AS birth_date, email FROM users WHERE id = $1::bigint`,
      [userId],
    );
    if (!row) throw new CardError('unauthenticated', {}, ResultCode.unauthenticated);
    return { kycLevel: row.kyc_level, birthDate: row.birth_date, email: row.email };
  }

  async cardFunding(userId: string, tx: SqlRunner = this.db) {
    const [row] = await tx.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`,
      [postings.cardFundingKey(userId)],
    );
    return row ? money(row.balance) : ZERO;
  }

  async list(userId: string): Promise<{ cards: CardSummary[] }> {
    // The cards a customer can use come first (active, then frozen ones), then those still to be
    // activated, closing or closed; newest first within each: the card index, the home page and the
    // card pickers open on a card that works.
    const rows = await this.db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.user_id = $1 AND c.status <> 'applying'
       ORDER BY CASE c.status WHEN 'active' THEN 0 WHEN 'frozen' THEN 1 WHEN 'risk_frozen' THEN 1 WHEN 'inactivated' THEN 2 WHEN 'cancelling' THEN 3 ELSE 4 END,
                c.created_at DESC, c.id`,
      [userId],
    );
    return { cards: rows.map(toSummary) };
  }

  async cardRow(userId: string, cardId: string, tx: SqlRunner = this.db): Promise<CardRow> {
    const [row] = await tx.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.id = $1 AND c.user_id = $2 AND c.status <> 'applying'`,
      [cardId, userId],
    );
    if (!row) throw cardNotFound();
    return row;
  }

  async card(userId: string, cardId: string): Promise<CardSummary> {
    const row = await this.cardRow(userId, cardId);
    if (row.type === 'physical' && row.issuer_token && row.shipping_status !== 'delivered') {
      // The courier's progress is the issuer's to tell; keep our copy current when it is asked for.
      const status = await this.deps.issuer.shippingStatus(row.issuer_token).catch(() => row.shipping_status);
      if (status && status !== row.shipping_status) {
        await this.db.query(`UPDATE cards SET shipping_status = $2 WHERE id = $1`, [cardId, status]);
        row.shipping_status = status;
      }
    }
    return toSummary(row);
  }

  /** The card's issuer token after the ownership check (controls that talk to the issuer). */
  async ownedToken(
    userId: string,
    cardId: string,
  ): Promise<{ token: string; status: CardSummary['status'] | 'applying'; cardholder: string | null }> {
    const card = await this.cardRow(userId, cardId);
    return {
      token: card.issuer_token!,
      status: card.status,
      cardholder: card.first_name && card.last_name ? `${card.first_name} ${card.last_name}` : null,
    };
  }

  /** Sandbox control: the physical card's courier moves one step (the issuer's state). */
  async tokenOf(cardId: string): Promise<{ token: string; userId: string } | null> {
    const [row] = await this.db.query<{ issuer_token: string | null; user_id: string }>(
      `SELECT issuer_token, user_id FROM cards WHERE id = $1`,
      [cardId],
    );
    return row?.issuer_token ? { token: row.issuer_token, userId: row.user_id } : null;
  }
}
