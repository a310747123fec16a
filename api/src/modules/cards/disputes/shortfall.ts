import { requestHash } from '../../../http/idempotency.js';
import { format, money, ZERO, type Money } from '../../../ledger/money';
import { CardError } from '../errors';
import type { CardServiceDeps } from '../model';
import type { CardOperations } from '../moves/operations';
import type { CardReads } from '../reads';
import { shortfallRecovery } from './postings';

/**
 * A lost dispute whose provisional credit had already been spent (docs/cards.md "A lost dispute after
 * the credit was spent"). The issuer takes back what the card still holds and never lets a prepaid
 * card go below zero; the rest is a receivable from the customer (booked with the reversal) that is
 * recovered from the card's next top-ups, as prepaid programmes recover a negative balance from the
 * next load. Each recovery is a card operation of kind `dispute_recovery` on the one path every card
 * money movement takes (moves/operations.ts): an issuer unload (reference = the operation id, reversed if
 * anything after it fails) and one transaction with the posting card → receivables and the
 * dispute's `recovered` raised under its row lock (`recovered ≤ shortfall` is also a table check).
 *
 * Exactly once: the operation's idempotency key is `dispute-recovery:<disputeId>:<recovered so far>`,
 * so concurrent recoveries of the same debt (a top-up and the job) collide on the key and one of them
 * does nothing; the next recovery of a partly paid debt gets the next key.
 */
export class DisputeShortfalls {
  constructor(
    private readonly deps: CardServiceDeps,
    private readonly reads: CardReads,
    private readonly ops: CardOperations,
    private readonly log?: { warn(obj: unknown, msg: string): void },
  ) {}

  /** What the customer still owes on one card from lost disputes (USD). */
  async owed(userId: string, cardId: string): Promise<Money> {
    const [row] = await this.deps.db.query<{ owed: string }>(
      `SELECT coalesce(sum(shortfall - recovered), 0)::text AS owed FROM card_disputes WHERE user_id = $1 AND card_id = $2 AND recovered < shortfall`,
      [userId, cardId],
    );
    return money(row?.owed ?? '0');
  }

  /**
   * Recovers what the card can pay of its lost disputes' shortfalls (oldest first); answers the USD
   * recovered. Nothing is owed, nothing on the card, or the card not usable → 0 and nothing moves.
   */
  async recover(userId: string, cardId: string): Promise<string> {
    const debts = await this.deps.db.query<{ id: string; owed: string; recovered: string }>(
      `SELECT id, (shortfall - recovered)::text AS owed, recovered::text AS recovered FROM card_disputes
       WHERE user_id = $1 AND card_id = $2 AND recovered < shortfall ORDER BY updated_at, id`,
      [userId, cardId],
    );
    if (debts.length === 0) return '0';
    const card = await this.reads.cardRow(userId, cardId);
    if (!['active', 'frozen'].includes(card.status) || !card.issuer_token) return '0';
    let total: Money = ZERO;
    for (const d of debts) {
      const [acct] = await this.deps.db.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`,
        [`user:${userId}:card:${cardId}:USD`],
      );
      const available = money(acct?.balance ?? '0');
      const amount = money(d.owed).lt(available) ? money(d.owed) : available;
      if (amount.lte(0)) break;
      const value = format(amount, 'USD');
      const token = card.issuer_token;
      const row = await this.ops.run({
        kind: 'dispute_recovery',
        userId,
        key: `dispute-recovery:${d.id}:${format(money(d.recovered), 'USD')}`,
        hash: requestHash({ op: 'dispute_recovery', disputeId: d.id, recovered: format(money(d.recovered), 'USD') }),
        card,
        amount: value,
        fee: '0',
        disputeId: d.id,
        issuerCall: (reference) => this.deps.issuer.unload({ token, amount: value, reference }),
        posting: (operationId) => shortfallRecovery({ operationId, disputeId: d.id, userId, cardId, amount: value }),
        inTransaction: async (tx) => {
          const done = await tx.query(
            `UPDATE card_disputes SET recovered = recovered + $2::numeric, updated_at = clock_timestamp()
             WHERE id = $1 AND recovered = $3::numeric AND recovered + $2::numeric <= shortfall RETURNING id`,
            [d.id, value, d.recovered],
          );
          if (!done[0]) throw new CardError('operation_failed');
        },
        insufficient: () => new CardError('insufficient_card_balance'),
      });
      // undefined: a concurrent recovery holds this debt's key and does it.
      if (!row) break;
      total = total.plus(amount);
    }
    return format(total, 'USD');
  }

  /** Best effort (a top-up has already succeeded; the job tries again): never throws. */
  async recoverQuietly(userId: string, cardId: string): Promise<string> {
    try {
      return await this.recover(userId, cardId);
    } catch (e) {
      this.log?.warn({ err: e, cardId }, 'dispute shortfall recovery failed; retried by the job');
      return '0';
    }
  }

  /** The job: every card that owes and has money on it (bounded). */
  async recoverAll(limit = 100): Promise<number> {
    const cards = await this.deps.db.query<{ user_id: string; card_id: string }>(
      `SELECT DISTINCT d.user_id, d.card_id FROM card_disputes d JOIN cards c ON c.id = d.card_id
       JOIN ledger_accounts a ON a.key = 'user:' || d.user_id || ':card:' || d.card_id || ':USD'
       WHERE d.recovered < d.shortfall AND c.status IN ('active', 'frozen') AND a.balance > 0 LIMIT $1`,
      [limit],
    );
    let n = 0;
    for (const c of cards) if (money(await this.recoverQuietly(c.user_id, c.card_id)).gt(0)) n++;
    return n;
  }
}
