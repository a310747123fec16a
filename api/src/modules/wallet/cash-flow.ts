import { paginate, type Paginated } from '@cardwallet/shared';
import type { CashFlowItem, WalletCurrency, WalletNetwork } from '@cardwallet/shared/schemas';
import { format } from '../../ledger/money';
import type { SqlDatabase } from '../../ledger/sql';
import { iso, type Page } from './records';

export type CashFlowQuery = Page & { filter: 'all' | 'income' | 'expense' | 'withdrawing'; currency?: WalletCurrency };

/**
 * The customer's statement: every entry on their wallet accounts (the ledger is the source),
 * plus deposits recorded but not credited (with their reason). A withdrawal's remark is its status.
 * `network` names the chain of deposits and withdrawals (and their refunds), for explorer links.
 */
export async function cashFlow(db: SqlDatabase, userId: string, q: CashFlowQuery): Promise<Paginated<CashFlowItem>> {
  const filter =
    q.filter === 'income'
      ? `amount > 0`
      : q.filter === 'expense'
        ? `amount < 0 AND type <> 'deposit_not_credited'`
        : q.filter === 'withdrawing'
          ? `type = 'withdraw' AND remark IN ('pending', 'sending')`
          : `TRUE`;
  const base = `
    SELECT 'e' || e.id::text AS id, e.created_at AS time, e.amount, e.currency,
           CASE p.type WHEN 'exchange' THEN CASE WHEN e.amount < 0 THEN 'exchange_out' ELSE 'exchange_in' END ELSE p.type END AS type,
           CASE WHEN p.type = 'withdraw' THEN w.status WHEN p.type = 'exchange' THEN p.remark ELSE p.remark END AS remark,
           COALESCE(p.tx_hash, CASE WHEN p.type = 'withdraw' THEN w.tx_hash END) AS tx_hash,
           CASE WHEN w.id IS NOT NULL THEN w.network WHEN p.type = 'deposit' AND p.remark IN ('TRC20', 'ERC20', 'BTC') THEN p.remark END AS network
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_postings p ON p.id = e.posting_id
    LEFT JOIN wallet_withdrawals w ON p.type IN ('withdraw', 'withdraw_refund') AND w.id = p.operation_id
    WHERE a.user_id = $1 AND a.kind = 'wallet'
    UNION ALL
    SELECT 'd' || d.id, d.created_at, d.amount, d.currency, 'deposit_not_credited', d.reason, d.tx_hash, d.network
    FROM wallet_deposits d WHERE d.user_id = $1 AND d.status = 'not_credited'`;
  const where = `WHERE ${filter} AND ($2::text IS NULL OR currency = $2)`;
  const [rows, [count]] = await Promise.all([
    db.query<{
      id: string;
      time: string;
      amount: string;
      currency: WalletCurrency;
      type: CashFlowItem['type'];
      remark: string | null;
      tx_hash: string | null;
      network: WalletNetwork | null;
    }>(
      `SELECT id, time, amount::text AS amount, currency, type, remark, tx_hash, network FROM (${base}) f ${where}
       ORDER BY time DESC, id DESC LIMIT $3 OFFSET $4`,
      [userId, q.currency ?? null, q.per_page, (q.page - 1) * q.per_page],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) f ${where}`, [userId, q.currency ?? null]),
  ]);
  return paginate(
    rows.map((r) => ({
      id: r.id,
      time: iso(r.time)!,
      amount: format(r.amount, r.currency),
      currency: r.currency,
      type: r.type,
      remark: r.remark,
      txHash: r.tx_hash,
      network: r.network,
    })),
    count!.n,
    q.page,
    q.per_page,
  );
}
