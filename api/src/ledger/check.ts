import { CURRENCY_DEFINITIONS } from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../db/sql';
import { SYSTEM_ACCOUNT_KINDS, USER_ACCOUNT_KINDS } from './accounts';
import { POSTING_TYPES } from './posting';

export interface LedgerCheckReport {
  ok: boolean;
  problems: string[];
  counts: { accounts: number; postings: number; entries: number };
}

const LIMIT = 50;
const scaleCase = Object.entries(CURRENCY_DEFINITIONS)
  .map(([code, def]) => `WHEN '${code}' THEN ${def.scale}`)
  .join(' ');

/**
 * Verifies the books (docs/ledger.md "How the books are checked"). Each query lists what is wrong;
 * an empty result everywhere means the ledger is consistent. Read-only; run it in a REPEATABLE READ
 * transaction for a consistent snapshot while the service is live.
 */
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

const CHECKS: Array<{ name: string; sql: string; describe: (r: Record<string, string>) => string }> = [
  {
    name: 'every account is of a declared kind, with its canonical key',
    sql: `SELECT key, kind, coalesce(user_id, '-') AS owner FROM ledger_accounts
          WHERE (user_id IS NOT NULL AND (kind NOT IN (${list(USER_ACCOUNT_KINDS)}) OR allow_negative
                 OR key NOT IN ('user:' || user_id || ':' || kind || ':' || currency)
                    AND NOT (kind IN ('card', 'card_hold') AND key LIKE 'user:' || user_id || ':' || kind || ':%:' || currency)))
             OR (user_id IS NULL AND (kind NOT IN (${list(SYSTEM_ACCOUNT_KINDS)}) OR NOT allow_negative
                 OR key <> 'system:' || kind || ':' || currency || coalesce(':' || network, '')))
          ORDER BY id LIMIT ${LIMIT}`,
    describe: (r) => `account ${r.key} (kind ${r.kind}, owner ${r.owner}) is not declared in ledger/accounts.ts`,
  },
  {
    name: 'every posting is of a declared type',
    sql: `SELECT ref, type FROM ledger_postings WHERE type NOT IN (${list(POSTING_TYPES)}) ORDER BY id LIMIT ${LIMIT}`,
    describe: (r) => `posting ${r.ref} has the undeclared type ${r.type}`,
  },
  {
    name: 'posting balances per currency',
    sql: `SELECT p.ref, e.currency, sum(e.amount)::text AS sum FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id
          GROUP BY p.id, p.ref, e.currency HAVING sum(e.amount) <> 0 ORDER BY p.id LIMIT ${LIMIT}`,
    describe: (r) => `posting ${r.ref} does not balance in ${r.currency}: Σ = ${r.sum}`,
  },
  {
    name: 'postings have two or more entries',
    sql: `SELECT p.ref, count(e.id)::int AS n FROM ledger_postings p LEFT JOIN ledger_entries e ON e.posting_id = p.id
          GROUP BY p.id, p.ref HAVING count(e.id) < 2 ORDER BY p.id LIMIT ${LIMIT}`,
    describe: (r) => `posting ${r.ref} has ${r.n} entries`,
  },
  {
    name: 'account balance equals the sum of its entries',
    sql: `SELECT a.key, a.balance::text AS balance, coalesce(s.total, 0)::text AS total FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
          WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT ${LIMIT}`,
    describe: (r) => `account ${r.key}: balance ${r.balance} but entries sum to ${r.total}`,
  },
  {
    name: 'running balances',
    sql: `SELECT a.key, x.id::text AS id, x.balance_after::text AS balance_after, x.running::text AS running FROM (
            SELECT e.id, e.account_id, e.balance_after, sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
            FROM ledger_entries e) x JOIN ledger_accounts a ON a.id = x.account_id
          WHERE x.balance_after <> x.running ORDER BY x.id LIMIT ${LIMIT}`,
    describe: (r) => `entry ${r.id} on ${r.key}: balance_after ${r.balance_after} but running sum ${r.running}`,
  },
  {
    name: 'customer accounts never negative',
    sql: `SELECT key, balance::text AS balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT ${LIMIT}`,
    describe: (r) => `customer account ${r.key} is negative: ${r.balance}`,
  },
  {
    name: 'customer running balances never negative',
    sql: `SELECT a.key, e.id::text AS id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE NOT a.allow_negative AND e.balance_after < 0 LIMIT ${LIMIT}`,
    describe: (r) => `entry ${r.id} took customer account ${r.key} below zero`,
  },
  {
    name: 'all accounts sum to zero per currency',
    sql: `SELECT currency, sum(balance)::text AS sum FROM ledger_accounts GROUP BY currency HAVING sum(balance) <> 0`,
    describe: (r) => `accounts in ${r.currency} sum to ${r.sum} instead of 0`,
  },
  {
    name: 'entry currency matches account, precision within currency scale',
    sql: `SELECT e.id::text AS id, a.key, e.currency, e.amount::text AS amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.currency <> a.currency
             OR e.amount <> round(e.amount, CASE e.currency ${scaleCase} ELSE 18 END)
          LIMIT ${LIMIT}`,
    describe: (r) => `entry ${r.id} on ${r.key}: ${r.amount} ${r.currency} does not fit the account/currency`,
  },
  {
    name: 'secured account equals withdrawals awaiting a decision or their broadcast',
    sql: `SELECT coalesce(a.user_id, w.user_id) AS user_id, coalesce(a.currency, w.currency) AS currency,
                 coalesce(a.balance, 0)::text AS held, coalesce(w.total, 0)::text AS pending
          FROM (SELECT user_id, currency, balance FROM ledger_accounts WHERE kind = 'withdrawal_pending') a
          FULL JOIN (SELECT user_id, currency, sum(amount + fee) AS total FROM wallet_withdrawals WHERE status IN ('pending', 'sending') GROUP BY 1, 2) w
            ON w.user_id = a.user_id AND w.currency = a.currency
          WHERE coalesce(a.balance, 0) <> coalesce(w.total, 0) LIMIT ${LIMIT}`,
    describe: (r) =>
      `user ${r.user_id} holds ${r.held} ${r.currency} for withdrawals but ${r.pending} is pending or being sent`,
  },
  {
    name: 'every operation posted exactly as its state says',
    sql: `SELECT 'deposit ' || d.id || ' (' || d.status || ')' AS what FROM wallet_deposits d
            LEFT JOIN ledger_postings p ON p.ref = 'deposit:' || d.id
            WHERE (d.status = 'credited') <> (p.id IS NOT NULL)
          UNION ALL
          SELECT 'withdrawal ' || w.id || ' (' || w.status || ')' FROM wallet_withdrawals w
            LEFT JOIN ledger_postings h ON h.ref = 'withdraw:' || w.id || ':hold'
            LEFT JOIN ledger_postings s ON s.ref = 'withdraw:' || w.id || ':sent'
            LEFT JOIN ledger_postings r ON r.ref = 'withdraw:' || w.id || ':refund'
            LEFT JOIN ledger_postings f ON f.ref = 'withdraw:' || w.id || ':failed'
            WHERE h.id IS NULL OR (w.status IN ('sent', 'failed')) <> (s.id IS NOT NULL) OR (w.status = 'rejected') <> (r.id IS NOT NULL)
               OR (w.status = 'failed') <> (f.id IS NOT NULL)
          UNION ALL
          SELECT 'exchange ' || x.id FROM wallet_exchanges x LEFT JOIN ledger_postings p ON p.ref = 'exchange:' || x.id WHERE p.id IS NULL
          UNION ALL
          SELECT 'transfer ' || t.id FROM wallet_transfers t LEFT JOIN ledger_postings p ON p.ref = 'transfer:' || t.id WHERE p.id IS NULL
          LIMIT ${LIMIT}`,
    describe: (r) => `${r.what} does not match its postings`,
  },
];

export async function checkLedger(db: SqlRunner): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const rows = await db.query<Record<string, string>>(check.sql);
    for (const row of rows) problems.push(`[${check.name}] ${check.describe(row)}`);
  }
  const [counts] = await db.query<{ accounts: number; postings: number; entries: number }>(
    `SELECT (SELECT count(*) FROM ledger_accounts)::int AS accounts, (SELECT count(*) FROM ledger_postings)::int AS postings,
            (SELECT count(*) FROM ledger_entries)::int AS entries`,
  );
  return { ok: problems.length === 0, problems, counts: counts! };
}

/** `checkLedger` on one consistent snapshot (REPEATABLE READ, read-only) while the service is live. */
export function checkLedgerSnapshot(db: SqlDatabase): Promise<LedgerCheckReport> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return checkLedger(tx);
  });
}
