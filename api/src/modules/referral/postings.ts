import { format, money } from '../../ledger/money.js';
import { mapLedgerError } from '../../ledger/store.js';
import type { SqlRunner } from '../../ledger/sql.js';

/**
 * The programme's postings (docs/referral.md "Postings"): marketing's promotions account (the
 * same budget coupons draw on, may go negative: an expense) against the customer's USD wallet.
 */
export type ReferralPostingType = 'referral_cashback' | 'referral_cashback_reversal' | 'referral_bonus';

const promotions = { key: 'system:promotions:USD', userId: null, kind: 'promotions', currency: 'USD', network: null, allowNegative: true };
export const walletKey = (userId: string) => `user:${userId}:wallet:USD`;
const wallet = (userId: string) => ({ key: walletKey(userId), userId, kind: 'wallet', currency: 'USD', network: null, allowNegative: false });

/** Pays `amount` USD to `userId` (`reverse`: takes it back). Idempotent on `ref`. */
export async function postReferral(
  tx: SqlRunner,
  p: { ref: string; type: ReferralPostingType; userId: string; operationId: string; amount: string; reverse?: boolean },
): Promise<boolean> {
  const a = money(p.amount);
  if (!a.gt(0) || a.decimalPlaces() > 2) throw new Error(`referral posting ${p.ref}: bad amount ${p.amount}`);
  const pay = format(a, 'USD');
  const take = format(a.negated(), 'USD');
  const entries = [
    { ...promotions, amount: p.reverse ? pay : take },
    { ...wallet(p.userId), amount: p.reverse ? take : pay },
  ];
  try {
    const [row] = await tx.query<{ created: boolean }>(`SELECT created FROM ledger_post($1, $2, $3, $4, NULL, NULL, $5::jsonb)`, [
      p.ref,
      p.type,
      p.userId,
      p.operationId,
      JSON.stringify(entries),
    ]);
    return row?.created ?? false;
  } catch (e) {
    throw mapLedgerError(e);
  }
}
