import type { CardServiceDeps } from './model';

/** Recovery after a crash: operations left pending are reversed at the issuer, applications stuck in `applying` are closed. */
export class CardRecovery {
  constructor(private readonly deps: CardServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Unwinds operations a crash left pending (issuer reversed by reference, row deleted). */
  async recoverPending(olderThanMs = 120_000): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - olderThanMs).toISOString();
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM card_operations WHERE status = 'pending' AND created_at < $1 ORDER BY created_at LIMIT 100`,
      [cutoff],
    );
    let n = 0;
    for (const { id } of rows) {
      try {
        await this.deps.issuer.reverse(id);
        await this.db.query(`DELETE FROM card_operations WHERE id = $1 AND status = 'pending'`, [id]);
        n++;
      } catch {
        // still unreachable: next round
      }
    }
    const stale = await this.db.query<{ id: string; issuer_token: string | null }>(
      `SELECT id, issuer_token FROM cards WHERE status = 'applying' AND replaces_card_id IS NULL AND created_at < $1 LIMIT 100`,
      [cutoff],
    );
    for (const c of stale) {
      if (c.issuer_token) await this.deps.issuer.setStatus(c.issuer_token, 'closed').catch(() => undefined);
      await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [c.id]);
    }
    return n;
  }
}
