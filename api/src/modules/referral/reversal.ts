import type { SqlRunner } from '../../ledger/sql.js';
import { format, money, ZERO, type Money } from '../../ledger/money.js';
import { postReferral, walletKey } from './postings.js';

/** Serialises the consumers that pay one customer (advisory lock, released at commit). */
export async function lockBeneficiary(tx: SqlRunner, userId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(5000, $1::int)`, [Number(BigInt(userId) % 2147483647n)]);
}

/**
 * Locks every beneficiary a handler will touch, up front and in one global order (by id), so
 * handlers paying, reversing or taking back for overlapping customers cannot deadlock.
 */
export async function lockBeneficiaries(tx: SqlRunner, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  for (const id of ids) await lockBeneficiary(tx, id);
}

/** A paid (or capped) cashback row not yet reversed, as the reversals read it. */
export interface OpenCashback {
  id: string;
  beneficiary_id: string;
  amount: string;
  month: string;
}

/**
 * Reverses one cashback row whole (docs/referral.md "Reversal"): the posting
 * `referral_reversal:<id>` takes back `min(amount, wallet USD balance)` — a customer account never
 * goes negative, the rest is written off by marketing — and frees the cap room the row used.
 * The caller holds the beneficiary's lock and the row (FOR UPDATE).
 */
export async function reverseCashbackRow(tx: SqlRunner, r: OpenCashback): Promise<Money> {
  const amount = money(r.amount);
  let taken = ZERO;
  if (amount.gt(0)) {
    const [acct] = await tx.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1 FOR UPDATE`,
      [walletKey(r.beneficiary_id)],
    );
    const balance = money(acct?.balance ?? '0');
    taken = balance.gte(amount) ? amount : balance.gt(0) ? balance : ZERO;
    if (taken.gt(0)) {
      await postReferral(tx, {
        ref: `referral_reversal:${r.id}`,
        type: 'referral_cashback_reversal',
        userId: r.beneficiary_id,
        operationId: r.id,
        amount: format(taken),
        reverse: true,
      });
    }
    await tx.query(
      `UPDATE referral_monthly_totals SET paid = greatest(paid - $3::numeric, 0) WHERE user_id = $1::bigint AND month = $2::date`,
      [r.beneficiary_id, r.month, format(amount)],
    );
  }
  await tx.query(
    `UPDATE referral_cashbacks SET reversed_at = clock_timestamp(), reversed_amount = $2::numeric WHERE id = $1::bigint`,
    [r.id, format(taken)],
  );
  return taken;
}
