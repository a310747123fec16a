import type { SqlRunner } from '../../../db/sql';

/**
 * The dispute side of the card books (docs/cards.md "Disputes"), part of `ledger:check`:
 * every dispute posting belongs to a dispute and moved exactly the amount the dispute records
 * (credited to the card / taken back from it), and a dispute that records a credit or a reversal has
 * its posting; a reversal never exceeds the credit (also a table constraint).
 */
export async function checkDisputes(db: SqlRunner): Promise<string[]> {
  const rows = await db.query<{ what: string }>(
    `SELECT 'dispute posting ' || p.ref || ' has no dispute' AS what FROM ledger_postings p
       WHERE p.type IN ('card_dispute_credit', 'card_dispute_reversal') AND NOT EXISTS (SELECT 1 FROM card_disputes d WHERE d.id = p.operation_id)
     UNION ALL
     SELECT 'dispute ' || d.id || ' credited ' || d.credited::text || ' but its credit posting moved ' || coalesce(e.amount, 0)::text FROM card_disputes d
       LEFT JOIN ledger_postings p ON p.ref = 'card_dispute:' || d.id || ':credit'
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || d.user_id || ':card:' || d.card_id || ':USD'
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
       WHERE coalesce(e.amount, 0) <> d.credited
     UNION ALL
     SELECT 'dispute ' || d.id || ' took back ' || d.reversed::text || ' but its reversal posting moved ' || coalesce(-e.amount, 0)::text FROM card_disputes d
       LEFT JOIN ledger_postings p ON p.ref = 'card_dispute:' || d.id || ':reversal'
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || d.user_id || ':card:' || d.card_id || ':USD'
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
       WHERE coalesce(-e.amount, 0) <> d.reversed
     UNION ALL
     SELECT 'dispute ' || d.id || ' (' || d.status || ') reversed ' || d.reversed::text || ' without being lost' FROM card_disputes d
       WHERE d.reversed > 0 AND d.status <> 'lost'
     LIMIT 50`,
  );
  return rows.map((r) => `[cards] ${r.what}`);
}
