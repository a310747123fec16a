import type { SqlDatabase, SqlRunner } from '../../ledger/sql';

/**
 * The Wallet tab badge's stored count: the `wallet-unseen` consumer of domain events calls this for
 * each credited deposit and decided withdrawal (src/modules/wallet/index.ts), in the consumer's own
 * transaction — so each event counts exactly once.
 */
export async function countUnseenEvent(tx: SqlRunner, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO wallet_unseen_events (user_id, unseen) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET unseen = wallet_unseen_events.unseen + 1, updated_at = now()`,
    [userId],
  );
}

/** Wallet events the customer has not seen yet (the Wallet tab badge). */
export class UnseenEvents {
  constructor(private readonly db: SqlDatabase) {}

  async count(userId: string): Promise<{ count: number }> {
    const [row] = await this.db.query<{ unseen: number }>(
      `SELECT unseen FROM wallet_unseen_events WHERE user_id = $1`,
      [userId],
    );
    return { count: Number(row?.unseen ?? 0) };
  }

  async markSeen(userId: string): Promise<{ count: number }> {
    await this.db.query(
      `UPDATE wallet_unseen_events SET unseen = 0, updated_at = now() WHERE user_id = $1 AND unseen > 0`,
      [userId],
    );
    return { count: 0 };
  }
}
