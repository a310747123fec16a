import type { SqlRunner } from '../../../db/sql';

/**
 * The dispute side of the card books (docs/cards.md "Disputes"), part of `ledger:check`:
 * every dispute posting belongs to a dispute and moved exactly the amount the dispute records
 * (credited to the card / taken back from it), and a dispute that records a credit or a reversal has
 * its posting; a reversal never exceeds the credit (also a table constraint). A lost dispute's
 * shortfall is booked as a receivable by its reversal posting, each recovery of it is a completed
 * `dispute_recovery` operation, and the receivables account equals what customers still owe.
 */
export async function checkDisputes(db: SqlRunner): Promise<string[]> {
  const rows = await db.query<{ what: string }>(
    `SELECT 'dispute posting ' || p.ref || ' has no dispute' AS what FROM ledger_postings p
       WHERE p.type IN ('card_dispute_credit', 'card_dispute_reversal') AND NOT EXISTS (SELECT 1 FROM card_disputes d WHERE d.id = p.operation_id)
     UNION ALL
     SELECT 'dispute ' || d.id || ' credited ' || d.credited::text || ' but its credit posting moved ' || coalesce(e.amount, 0)::text FROM card_disputes d
       LEFT JOIN ledger_postings p ON p.ref = 'card_dispute:' || d.id || ':credit'
       LEFT JOIN LATERAL (SELECT e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE e.posting_id = p.id AND a.key LIKE 'user:' || d.user_id || ':card:%') e ON TRUE
       WHERE coalesce(e.amount, 0) <> d.credited
     UNION ALL
     SELECT 'dispute ' || d.id || ' took back ' || d.reversed::text || ' but its reversal posting moved ' || coalesce(-e.amount, 0)::text FROM card_disputes d
       LEFT JOIN ledger_postings p ON p.ref = 'card_dispute:' || d.id || ':reversal'
       LEFT JOIN LATERAL (SELECT e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
         WHERE e.posting_id = p.id AND a.key LIKE 'user:' || d.user_id || ':card:%') e ON TRUE
       WHERE coalesce(-e.amount, 0) <> d.reversed
     UNION ALL
     SELECT 'dispute ' || d.id || ' (' || d.status || ') reversed ' || d.reversed::text || ' without being lost' FROM card_disputes d
       WHERE (d.reversed > 0 OR d.shortfall > 0) AND d.status <> 'lost'
     UNION ALL
     SELECT 'dispute ' || d.id || ' owes ' || d.shortfall::text || ' but its reversal booked ' || coalesce(-e.amount, 0)::text || ' as receivable' FROM card_disputes d
       LEFT JOIN ledger_postings p ON p.ref = 'card_dispute:' || d.id || ':reversal'
       LEFT JOIN ledger_accounts a ON a.key = 'system:card_receivables:USD'
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
       WHERE coalesce(-e.amount, 0) <> d.shortfall
     UNION ALL
     SELECT 'dispute ' || d.id || ' recovered ' || d.recovered::text || ' but its recoveries moved ' || coalesce(r.total, 0)::text FROM card_disputes d
       LEFT JOIN (SELECT o.dispute_id, sum(o.amount) AS total FROM card_operations o
                  WHERE o.kind = 'dispute_recovery' AND o.status = 'completed' GROUP BY o.dispute_id) r ON r.dispute_id = d.id
       WHERE coalesce(r.total, 0) <> d.recovered
     UNION ALL
     SELECT 'receivables account holds ' || coalesce(a.balance, 0)::text || ' but customers owe ' || o.owed::text
       FROM (SELECT coalesce(sum(shortfall - recovered), 0) AS owed FROM card_disputes) o
       LEFT JOIN ledger_accounts a ON a.key = 'system:card_receivables:USD'
       WHERE coalesce(-a.balance, 0) <> o.owed
     LIMIT 50`,
  );
  return rows.map((r) => `[cards] ${r.what}`);
}
