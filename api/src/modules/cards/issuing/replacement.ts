import { randomUUID } from 'node:crypto';
import { ResultCode } from '@cardwallet/shared';
import type { CardSummary } from '@cardwallet/shared/schemas';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { format, formatFixed, money } from '../../../ledger/money';
import type { SqlRunner } from '../../../ledger/sql';
import { CardError, inFlight } from '../errors';
import { CARD_COLUMNS, CARD_FROM, issuerRefusal, toSummary, type CardRow, type CardServiceDeps } from '../model';
import * as postings from '../postings';
import type { CardReads } from '../reads';

interface ReplacementRow extends CardRow {
  replaces_card_id: string;
  idempotency_key: string;
}

/**
 * Replacing a compromised card (docs/cards.md "Replacing a compromised card"; issue 23: a fraud
 * dispute offers it in the same flow). Free. The issuer reissues the card in ONE transaction on its
 * side — a new card (new number, CVV and expiry; the old one's product, PIN and cardholder), the old
 * card's balance moved to it, the old card closed — idempotent on our new card's id. We then, in ONE
 * transaction: post the balance move old card → new card (`card_replace:<newCardId>`), mark the new
 * card active and the old one closed with `replaced_by`, copy the spending controls, and move the
 * open disputes and any unpaid dispute shortfall to the new card (the issuer moved its cases too).
 *
 * Idempotent on the Idempotency-Key (the key lives on the new card row, as for apply), one
 * replacement per card (`UNIQUE (replaces_card_id)` + the old card's row lock). Between the
 * issuer's answer and our transaction the new card is `applying`; a crash there is finished by
 * `finishPending` (the issuer answers the same reissue again), never undone — the issuer has
 * already closed the old card.
 */
export class CardReplacements {
  constructor(
    private readonly deps: CardServiceDeps,
    private readonly reads: CardReads,
  ) {}

  private get db() {
    return this.deps.db;
  }

  async replace(
    userId: string,
    key: string,
    cardId: string,
    openHolds: (cardId: string) => Promise<number>,
  ): Promise<IdempotentResult<CardSummary & { replacesCardId: string }>> {
    const hash = requestHash({ op: 'replace', cardId });
    const result = await idempotentOperation<ReplacementRow>({
      hash,
      find: async () =>
        (
          await this.db.query<ReplacementRow>(
            `SELECT ${CARD_COLUMNS}, c.replaces_card_id, c.idempotency_key FROM ${CARD_FROM} WHERE c.user_id = $1 AND c.idempotency_key = $2`,
            [userId, key],
          )
        )[0],
      pending: (row) => row.status === 'applying',
      execute: () => this.replaceOnce(userId, key, hash, cardId, openHolds),
      missing: inFlight,
    });
    return {
      response: { ...toSummary(result.response), replacesCardId: result.response.replaces_card_id },
      replayed: result.replayed,
    };
  }

  private async replaceOnce(
    userId: string,
    key: string,
    hash: string,
    cardId: string,
    openHolds: (cardId: string) => Promise<number>,
  ): Promise<ReplacementRow | undefined> {
    const old = await this.reads.cardRow(userId, cardId);
    const [link] = await this.db.query<{ replaced_by: string | null }>(`SELECT replaced_by FROM cards WHERE id = $1`, [
      cardId,
    ]);
    if (link?.replaced_by) throw new CardError('card_already_replaced', {}, ResultCode.conflict);
    if (!['active', 'frozen'].includes(old.status) || !old.issuer_token)
      throw new CardError('card_not_active', { status: old.status }, ResultCode.forbidden);
    if ((await openHolds(cardId)) > 0) throw new CardError('card_replace_pending_transactions');
    const newId = randomUUID();
    const inserted = await this.db.transaction(async (tx) => {
      // The old card's row lock: two replacements of one card (any keys) queue here.
      const [locked] = await tx.query<{ status: string }>(`SELECT status FROM cards WHERE id = $1 FOR UPDATE`, [
        cardId,
      ]);
      const [existing] = await tx.query<{ id: string }>(`SELECT id FROM cards WHERE replaces_card_id = $1`, [cardId]);
      if (existing || !locked || !['active', 'frozen'].includes(locked.status))
        throw new CardError('card_already_replaced', {}, ResultCode.conflict);
      return tx.query<{ id: string }>(
        `INSERT INTO cards (id, user_id, product_id, type, brand, tier, status, shipping_address, application_fee, idempotency_key, request_hash, replaces_card_id)
         SELECT $1, user_id, product_id, type, brand, tier, 'applying', shipping_address, 0, $3, $4, id FROM cards WHERE id = $2
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [newId, cardId, key, hash],
      );
    });
    if (!inserted[0]) return undefined; // a concurrent duplicate holds the key
    let issued;
    try {
      issued = await this.deps.issuer.reissueCard({ reference: newId, fromToken: old.issuer_token });
    } catch (e) {
      // Nothing happened at the issuer (it refuses before moving anything): forget the attempt.
      await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [newId]);
      throw issuerRefusal(e, true);
    }
    await this.finish(userId, newId, cardId, issued);
    return this.row(userId, newId);
  }

  private async row(userId: string, id: string): Promise<ReplacementRow> {
    const [row] = await this.db.query<ReplacementRow>(
      `SELECT ${CARD_COLUMNS}, c.replaces_card_id, c.idempotency_key FROM ${CARD_FROM} WHERE c.user_id = $1 AND c.id = $2`,
      [userId, id],
    );
    return row!;
  }

  /** Our side of a reissue the issuer has done: one transaction, at most once (the new card must still be `applying`). */
  private async finish(
    userId: string,
    newId: string,
    oldId: string,
    issued: { token: string; last4: string; expiry: string; moved: string },
  ): Promise<void> {
    await this.db.transaction(async (tx: SqlRunner) => {
      const [fresh] = await tx.query<{ id: string }>(
        `UPDATE cards n SET status = 'active', issuer_token = $2, last4 = $3, expiry = $4, activated_at = clock_timestamp(),
           first_name = o.first_name, last_name = o.last_name, holder_mobile = o.holder_mobile,
           shipping_status = CASE WHEN n.type = 'physical' THEN 'processing' ELSE NULL END
         FROM cards o WHERE n.id = $1 AND o.id = $5 AND n.status = 'applying' RETURNING n.id`,
        [newId, issued.token, issued.last4, issued.expiry, oldId],
      );
      if (!fresh) return; // finished already (a concurrent finishPending)
      const [old] = await tx.query<{ last4: string | null; brand: string }>(
        `UPDATE cards SET status = 'closed', closed_at = clock_timestamp(), replaced_by = $2 WHERE id = $1 RETURNING last4, brand`,
        [oldId, newId],
      );
      if (money(issued.moved).gt(0))
        await postings.postCard(
          tx,
          postings.replaceMove({ newCardId: newId, oldCardId: oldId, userId, amount: format(money(issued.moved)) }),
        );
      // The cardholder's spending controls and category blocks carry over (the issuer copied its side).
      await tx.query(
        `INSERT INTO card_spending_controls (card_id, user_id, online, contactless, atm, magstripe, monthly_limit, version, issuer_version)
         SELECT $1, user_id, online, contactless, atm, magstripe, monthly_limit, version, issuer_version FROM card_spending_controls WHERE card_id = $2
         ON CONFLICT (card_id) DO NOTHING`,
        [newId, oldId],
      );
      await tx.query(
        `INSERT INTO card_category_blocks (card_id, category, cool_off_hours, blocked_at, lifts_at)
         SELECT $1, category, cool_off_hours, blocked_at, lifts_at FROM card_category_blocks WHERE card_id = $2
         ON CONFLICT (card_id, category) DO NOTHING`,
        [newId, oldId],
      );
      // Open disputes (their credit lands on the new card) and unpaid shortfalls follow the card.
      await tx.query(
        `UPDATE card_disputes SET card_id = $1 WHERE card_id = $2
           AND (status IN ('submitted', 'under_review', 'provisional_credit') OR recovered < shortfall)`,
        [newId, oldId],
      );
      await this.deps.events?.record(tx, {
        type: 'cards.replaced',
        userId,
        aggregateId: newId,
        payload: {
          cardId: newId,
          replacesCardId: oldId,
          last4: issued.last4,
          oldLast4: old?.last4 ?? null,
          brand: old?.brand ?? null,
          amount: formatFixed(issued.moved, 2),
        },
      });
    });
  }

  /** Replacements a crash left `applying` after the issuer reissued: asked again (same answer) and finished. */
  async finishPending(olderThanMs = 60_000, limit = 50): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - olderThanMs).toISOString();
    const rows = await this.db.query<{ id: string; user_id: string; replaces_card_id: string; token: string | null }>(
      `SELECT n.id, n.user_id, n.replaces_card_id, o.issuer_token AS token FROM cards n JOIN cards o ON o.id = n.replaces_card_id
       WHERE n.status = 'applying' AND n.replaces_card_id IS NOT NULL AND n.created_at < $1 ORDER BY n.created_at LIMIT $2`,
      [cutoff, limit],
    );
    let n = 0;
    for (const r of rows) {
      try {
        const issued = await this.deps.issuer.reissueCard({ reference: r.id, fromToken: r.token! });
        await this.finish(r.user_id, r.id, r.replaces_card_id, issued);
        n++;
      } catch (e) {
        // Refused by the issuer: it never reissued — forget the attempt. Unreachable: next round.
        if (e instanceof Error && (e as { failure?: string }).failure === 'refused')
          await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [r.id]);
      }
    }
    return n;
  }
}
