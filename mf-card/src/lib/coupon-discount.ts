import type { Coupon } from '@cardwallet/shared/schemas';
import { fromCents, toCents } from './money';

/**
 * What a coupon takes off a fee, in the API's own arithmetic (api/src/modules/coupons/redeem.ts):
 * fixed → at most the fee; percent → truncated to the cent and at most the cap. Shown before the
 * customer confirms; the API's redemption is what is charged.
 */
export function couponDiscount(
  coupon: Pick<Coupon, 'discountType' | 'discountValue' | 'discountCap'>,
  fee: string,
): string {
  const feeCents = toCents(fee) ?? 0n;
  let off: bigint;
  if (coupon.discountType === 'fixed') off = toCents(coupon.discountValue) ?? 0n;
  else {
    // percent with up to 2 decimals: fee × value / 100, truncated to the cent.
    const [whole = '0', frac = ''] = coupon.discountValue.split('.');
    const basisPoints = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
    off = (feeCents * basisPoints) / 10_000n;
    const cap = coupon.discountCap ? toCents(coupon.discountCap) : null;
    if (cap !== null && off > cap) off = cap;
  }
  return fromCents(off > feeCents ? feeCents : off);
}
