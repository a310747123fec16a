import type { CouponScope } from '@cardwallet/shared/schemas';
import { pgErrorCode, type SqlRunner } from '../../db/index.js';
import { BusinessError } from '../../http/errors.js';
import { money } from '../../ledger/money.js';

export interface RedeemCouponInput {
  /** The customer paying the fee (users.id as a decimal string). */
  userId: string;
  /** The customer's coupon (`id` from coupon/list). */
  couponId: string;
  /** The fee being charged; the coupon must have this scope. */
  scope: CouponScope;
  /** The full fee in USD, decimal string with at most 2 decimals. */
  feeAmount: string;
  /**
   * The ledger posting reference of the fee (e.g. `card_apply:<applicationId>`). Redeeming again
   * with the same reference answers the same discount without using anything twice, so the
   * coupon is exactly as idempotent as the posting it belongs to.
   */
  reference: string;
}

export interface Redemption {
  couponId: string;
  /** What the coupon takes off, USD (≤ feeAmount). */
  discount: string;
  /** feeAmount − discount: what the customer is charged in the posting. */
  payable: string;
  /** True when this reference had already redeemed the coupon (a replay of the same fee). */
  replayed: boolean;
}

export const couponNotFound = () => new BusinessError('coupon_not_found');

/**
 * Uses a customer's coupon on a fee INSIDE the caller's posting transaction `tx` — call it before
 * posting `payable`, and let a refusal (a thrown BusinessError) roll the whole transaction back.
 *
 * At most once under any concurrency: the single UPDATE only matches an unused row, and under
 * READ COMMITTED a concurrent redeemer waits for the first one's commit, re-reads the row, finds
 * it used and matches nothing (PostgreSQL's EvalPlanQual). If the first transaction rolls back,
 * the coupon is unused again. Validity is checked against the database clock (`now()`, the
 * transaction's start): a coupon that expires while the fee is being charged still applies.
 */
export async function redeemCoupon(tx: SqlRunner, input: RedeemCouponInput): Promise<Redemption> {
  if (!/^\d{1,18}$/.test(input.couponId) || !/^\d{1,18}$/.test(input.userId)) throw couponNotFound();
  const fee = money(input.feeAmount);
  if (fee.isNegative() || fee.decimalPlaces() > 2) throw new Error(`redeemCoupon: bad fee amount ${input.feeAmount}`);
  const feeText = fee.toFixed(2);
  const [used] = await tx
    .query<{ discount: string }>(
      `update user_coupons uc
        set used_at = clock_timestamp(), used_ref = $4, used_fee = $5::numeric,
            used_discount = least($5::numeric,
              case when b.discount_type = 'fixed' then b.discount_value
                   else least(trunc($5::numeric * b.discount_value / 100, 2), b.discount_cap) end)
       from coupon_codes c join coupon_batches b on b.id = c.batch_id
      where uc.id = $1::bigint and uc.user_id = $2::bigint and uc.used_at is null
        and c.id = uc.code_id and b.scope = $3 and b.valid_until > now()
      returning uc.used_discount::text as discount`,
      [input.couponId, input.userId, input.scope, input.reference, feeText],
    )
    .catch((e: unknown) => {
      // used_ref is unique: another coupon already discounted this same fee.
      if (pgErrorCode(e) === '23505') throw new BusinessError('coupon_not_applicable');
      throw e;
    });
  if (used) return outcome(input.couponId, feeText, used.discount, false);

  const [row] = await tx.query<{
    used_ref: string | null;
    used_fee: string | null;
    used_discount: string | null;
    scope: string;
    expired: boolean;
  }>(
    `select uc.used_ref, uc.used_fee::text as used_fee, uc.used_discount::text as used_discount, b.scope, b.valid_until <= now() as expired
       from user_coupons uc join coupon_codes c on c.id = uc.code_id join coupon_batches b on b.id = c.batch_id
      where uc.id = $1::bigint and uc.user_id = $2::bigint`,
    [input.couponId, input.userId],
  );
  // Another customer's coupon is answered exactly like a missing one.
  if (!row) throw couponNotFound();
  if (row.used_ref !== null) {
    if (row.used_ref === input.reference && row.used_fee !== null && money(row.used_fee).eq(fee)) {
      return outcome(input.couponId, feeText, row.used_discount!, true);
    }
    throw new BusinessError('coupon_used');
  }
  if (row.scope !== input.scope) throw new BusinessError('coupon_not_applicable');
  if (row.expired) throw new BusinessError('coupon_expired');
  // Unreachable unless the row changed between the two statements; refuse rather than guess.
  throw new BusinessError('coupon_used');
}

function outcome(couponId: string, fee: string, discount: string, replayed: boolean): Redemption {
  const d = money(discount);
  return { couponId, discount: d.toFixed(2), payable: money(fee).minus(d).toFixed(2), replayed };
}

/**
 * What the customer's coupon would take off `feeAmount` now, without using it (null: not usable
 * for this scope — missing, another customer's, used, expired or of another fee). For fees whose
 * amount must be known before the posting (a card withdrawal's issuer unload covers amount + fee −
 * discount); `redeemCoupon` inside the posting then must answer the same discount.
 */
export async function previewCouponDiscount(
  db: SqlRunner,
  input: Omit<RedeemCouponInput, 'reference'>,
): Promise<string | null> {
  if (!/^\d{1,18}$/.test(input.couponId) || !/^\d{1,18}$/.test(input.userId)) return null;
  const fee = money(input.feeAmount).toFixed(2);
  const [row] = await db.query<{ discount: string }>(
    `select least($4::numeric,
              case when b.discount_type = 'fixed' then b.discount_value
                   else least(trunc($4::numeric * b.discount_value / 100, 2), b.discount_cap) end)::text as discount
       from user_coupons uc join coupon_codes c on c.id = uc.code_id join coupon_batches b on b.id = c.batch_id
      where uc.id = $1::bigint and uc.user_id = $2::bigint and uc.used_at is null and b.scope = $3 and b.valid_until > now()`,
    [input.couponId, input.userId, input.scope, fee],
  );
  return row ? money(row.discount).toFixed(2) : null;
}
