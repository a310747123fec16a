import { money } from '../../ledger/money';
import type { SqlRunner } from '../../db/sql';
import type { CardIssuer } from '../../providers/card-issuer/types';
import { checkDisputes } from './disputes/check';

const LIMIT = 50;

/**
 * The card side of `ledger:check` (docs/cards.md, "How the card books are checked"):
 * 1. every completed card operation has its posting, a pending one has none;
 * 2. every issued card has its application-fee posting, an application in progress has none;
 * 3. every card posting belongs to such an operation or card;
 * 4. no operation stays pending longer than 5 minutes (recovery unwinds them);
 * 5. each card's ledger balance equals the balance the issuer holds for it;
 * 6. a withdrawal or close that names a wallet currency credited exactly its amount to that wallet,
 *    and so did every card-funding withdrawal (each `transfer_from_card` posting has its row);
 * 7. (part 2) every card-transaction, top-up-reversal and unfreeze-fee posting has its order /
 *    operation / request and back; each card's hold account equals what its pre-authorisations hold.
 */
export async function checkCards(db: SqlRunner, issuer: CardIssuer, now: Date): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.query<{ what: string }>(
    `SELECT 'card operation ' || o.id || ' (' || o.status || ') does not match its posting' AS what FROM card_operations o
       LEFT JOIN ledger_postings p ON p.ref = 'card_op:' || o.id
       WHERE (o.status = 'completed') <> (p.id IS NOT NULL)
     UNION ALL
     SELECT 'card ' || c.id || ' (' || c.status || ') does not match its application-fee posting' FROM cards c
       LEFT JOIN ledger_postings p ON p.ref = 'card_apply:' || c.id
       WHERE (c.status <> 'applying' AND c.application_fee > 0) <> (p.id IS NOT NULL)
     UNION ALL
     SELECT 'card posting ' || p.ref || ' has no operation' FROM ledger_postings p
       WHERE p.type IN ('card_topup', 'card_withdraw', 'card_close', 'card_dispute_recovery') AND NOT EXISTS (SELECT 1 FROM card_operations o WHERE 'card_op:' || o.id = p.ref)
     UNION ALL
     SELECT 'card replacement posting ' || p.ref || ' has no replacement card' FROM ledger_postings p
       WHERE p.type = 'card_replace' AND NOT EXISTS (SELECT 1 FROM cards c WHERE 'card_replace:' || c.id = p.ref AND c.replaces_card_id IS NOT NULL AND c.status <> 'applying')
     UNION ALL
     SELECT 'card posting ' || p.ref || ' has no card' FROM ledger_postings p
       WHERE p.type = 'card_apply_fee' AND NOT EXISTS (SELECT 1 FROM cards c WHERE 'card_apply:' || c.id = p.ref)
     UNION ALL
     SELECT 'card transaction posting ' || p.ref || ' has no card order' FROM ledger_postings p
       WHERE p.type IN ('card_hold', 'card_clear', 'card_release', 'card_refund', 'card_monthly_fee') AND NOT EXISTS (SELECT 1 FROM card_transactions t WHERE t.id = p.operation_id)
     UNION ALL
     SELECT 'top-up reversal ' || p.ref || ' has no reversed top-up' FROM ledger_postings p
       WHERE p.type = 'card_topup_reversal' AND NOT EXISTS (SELECT 1 FROM card_operations o WHERE o.id = p.operation_id AND o.reversed_at IS NOT NULL)
     UNION ALL
     SELECT 'card operation ' || o.id || ' reversed without its reversal posting' FROM card_operations o
       WHERE o.reversed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.ref = 'card_load_reversal:' || o.id)
     UNION ALL
     SELECT 'unfreeze fee ' || p.ref || ' has no request' FROM ledger_postings p
       WHERE p.type = 'card_unfreeze_fee' AND NOT EXISTS (SELECT 1 FROM card_unfreeze_requests u WHERE u.id = p.operation_id)
     UNION ALL
     SELECT 'unfreeze request ' || u.id || ' has no fee posting' FROM card_unfreeze_requests u
       WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.ref = 'card_unfreeze:' || u.id)
     UNION ALL
     SELECT 'card ' || c.id || ' holds ' || coalesce(a.balance, 0)::text || ' but its pre-authorisations hold ' || coalesce(h.total, 0)::text FROM cards c
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || c.user_id || ':card_hold:' || c.id || ':USD'
       LEFT JOIN (SELECT card_id, sum(held) AS total FROM card_transactions GROUP BY card_id) h ON h.card_id = c.id
       WHERE coalesce(a.balance, 0) <> coalesce(h.total, 0)
     UNION ALL
     SELECT 'card operation ' || o.id || ' (' || o.kind || ') did not credit ' || coalesce(o.wallet_amount, o.amount)::text || ' to the ' || o.wallet_currency || ' wallet' FROM card_operations o
       LEFT JOIN ledger_postings p ON p.ref = 'card_op:' || o.id
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || o.user_id || ':wallet:' || o.wallet_currency
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
       WHERE o.status = 'completed' AND o.wallet_currency IS NOT NULL AND e.amount IS DISTINCT FROM coalesce(o.wallet_amount, o.amount)
     UNION ALL
     SELECT 'card-funding withdrawal ' || f.id || ' did not credit ' || coalesce(f.received, f.amount)::text || ' to the ' || f.currency || ' wallet' FROM card_funding_withdrawals f
       LEFT JOIN ledger_postings p ON p.ref = 'transfer_back:' || f.id
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || f.user_id || ':wallet:' || f.currency
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
       WHERE f.status = 'completed' AND e.amount IS DISTINCT FROM coalesce(f.received, f.amount)
     UNION ALL
     SELECT 'posting ' || p.ref || ' has no completed card-funding withdrawal' FROM ledger_postings p
       WHERE p.type = 'transfer_from_card'
         AND NOT EXISTS (SELECT 1 FROM card_funding_withdrawals f WHERE p.ref = 'transfer_back:' || f.id AND f.status = 'completed')
     UNION ALL
     SELECT 'card-funding withdrawal ' || f.id || ' pending since ' || f.created_at::text FROM card_funding_withdrawals f
       WHERE f.status = 'pending' AND f.created_at < $1::timestamptz
     UNION ALL
     SELECT 'card operation ' || o.id || ' pending since ' || o.created_at::text FROM card_operations o
       WHERE o.status = 'pending' AND o.created_at < $1::timestamptz
     LIMIT ${LIMIT}`,
    [new Date(now.getTime() - 5 * 60_000).toISOString()],
  );
  problems.push(...rows.map((r) => `[cards] ${r.what}`));
  problems.push(...(await checkDisputes(db)));

  const cards = await db.query<{ id: string; issuer_token: string; balance: string }>(
    `SELECT c.id, c.issuer_token, coalesce(a.balance, 0)::text AS balance FROM cards c
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || c.user_id || ':card:' || c.id || ':USD'
     WHERE c.issuer_token IS NOT NULL AND c.status <> 'applying'
       AND NOT EXISTS (SELECT 1 FROM card_operations o WHERE o.card_id = c.id AND o.status = 'pending')
       AND NOT EXISTS (SELECT 1 FROM cards r WHERE r.replaces_card_id = c.id AND r.status = 'applying')
     ORDER BY c.id`,
  );
  for (const c of cards) {
    if (problems.length >= LIMIT * 2) break;
    try {
      const held = await issuer.balance(c.issuer_token);
      if (!money(held).eq(c.balance))
        problems.push(`[cards] card ${c.id}: ledger balance ${c.balance} but the issuer holds ${held}`);
    } catch (e) {
      problems.push(
        `[cards] card ${c.id}: the issuer could not tell its balance (${e instanceof Error ? e.message : String(e)})`,
      );
    }
  }
  return problems;
}
