import { accountKey, systemAccount, userAccount } from '../../ledger/accounts.js';
import { format, money } from '../../ledger/money.js';
import { balancedPosting, type PostingType } from '../../ledger/posting.js';
import { post } from '../../ledger/store.js';
import type { SqlRunner } from '../../db/sql.js';

/**
 * The programme's postings (docs/referral.md "Postings"): marketing's promotions account (the
 * same budget coupons draw on, may go negative: an expense) against the customer's USD wallet,
 * both declared in ledger/accounts.ts and posted through the ledger.
 */
export type ReferralPostingType = Extract<PostingType, `referral_${string}`>;

export const walletKey = (userId: string) => accountKey(userAccount(userId, 'wallet', 'USD'));

/** Pays `amount` USD to `userId` (`reverse`: takes it back). Idempotent on `ref`. */
export async function postReferral(
  tx: SqlRunner,
  p: { ref: string; type: ReferralPostingType; userId: string; operationId: string; amount: string; reverse?: boolean },
): Promise<boolean> {
  const a = money(p.amount);
  if (!a.gt(0) || a.decimalPlaces() > 2) throw new Error(`referral posting ${p.ref}: bad amount ${p.amount}`);
  const pay = format(a, 'USD');
  const take = format(a.negated(), 'USD');
  const draft = balancedPosting({
    ref: p.ref,
    type: p.type,
    userId: p.userId,
    entries: [
      { account: systemAccount('promotions', 'USD'), amount: p.reverse ? pay : take },
      { account: userAccount(p.userId, 'wallet', 'USD'), amount: p.reverse ? take : pay },
    ],
  });
  return (await post(tx, draft, p.operationId)).created;
}
