import type { SqlRunner } from '../../ledger/sql.js';

const LIMIT = 50;

/**
 * The programme's side of the books (docs/referral.md "Checks"), beside `ledger:check`:
 * 1. every paid cashback has its posting for exactly its amount, a capped one (0) has none;
 * 2. every reversal that took money back has its posting, for exactly that amount;
 * 3. every campaign award has its bonus posting;
 * 4. every referral posting belongs to such a row;
 * 5. each monthly total equals the cashback paid that month and not reversed, within the cap's bookkeeping.
 */
export async function checkReferral(db: SqlRunner): Promise<string[]> {
  const rows = await db.query<{ what: string }>(
    `SELECT 'cashback ' || r.id || ' (' || r.amount::text || ') does not match its posting' AS what FROM referral_cashbacks r
       LEFT JOIN ledger_postings p ON p.ref = 'referral:' || r.id
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || r.beneficiary_id || ':wallet:USD'
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
      WHERE (r.amount > 0) <> (p.id IS NOT NULL) OR (p.id IS NOT NULL AND e.amount IS DISTINCT FROM r.amount)
     UNION ALL
     SELECT 'cashback ' || r.id || ' reversal does not match its posting' FROM referral_cashbacks r
       LEFT JOIN ledger_postings p ON p.ref = 'referral_reversal:' || r.id
       LEFT JOIN ledger_accounts a ON a.key = 'user:' || r.beneficiary_id || ':wallet:USD'
       LEFT JOIN ledger_entries e ON e.posting_id = p.id AND e.account_id = a.id
      WHERE (coalesce(r.reversed_amount, 0) > 0) <> (p.id IS NOT NULL) OR (p.id IS NOT NULL AND e.amount IS DISTINCT FROM -r.reversed_amount)
     UNION ALL
     SELECT 'campaign ' || w.campaign_id || ' award of user ' || w.user_id || ' has no posting' FROM referral_campaign_awards w
      WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.ref = 'referral_bonus:' || w.campaign_id || ':' || w.user_id)
     UNION ALL
     SELECT 'referral posting ' || p.ref || ' has no cashback or award' FROM ledger_postings p
      WHERE p.type IN ('referral_cashback', 'referral_cashback_reversal', 'referral_bonus')
        AND NOT EXISTS (SELECT 1 FROM referral_cashbacks r WHERE p.ref IN ('referral:' || r.id, 'referral_reversal:' || r.id))
        AND NOT EXISTS (SELECT 1 FROM referral_campaign_awards w WHERE p.ref = 'referral_bonus:' || w.campaign_id || ':' || w.user_id)
     UNION ALL
     SELECT 'monthly cashback total of user ' || coalesce(t.user_id, s.user_id) || ' for ' || coalesce(t.month, s.month)::text || ' is '
            || coalesce(t.paid, 0)::text || ' but ' || coalesce(s.paid, 0)::text || ' was paid'
       FROM referral_monthly_totals t
       FULL JOIN (SELECT beneficiary_id AS user_id, month, sum(amount) AS paid FROM referral_cashbacks WHERE reversed_at IS NULL GROUP BY 1, 2) s
         ON s.user_id = t.user_id AND s.month = t.month
      WHERE coalesce(t.paid, 0) <> coalesce(s.paid, 0)
     LIMIT ${LIMIT}`,
  );
  return rows.map((r) => `[referral] ${r.what}`);
}
