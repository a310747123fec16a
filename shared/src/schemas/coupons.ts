import './zod-config';
import { z } from 'zod';
import { V } from './validation';
import { paginatedSchema, paginationQuerySchema } from './pagination';

/**
 * Coupons (spec §3 coupon, §4 states, §5 "coupon code required"). Issued in batches by
 * administrators, bound by customers, redeemed once inside the posting of the fee they discount.
 * Money is a decimal string in USD (fees are charged in USD on the card side).
 */

/** Which fee a coupon discounts. */
export const COUPON_SCOPES = [
  'card_application_fee',
  'card_topup_gateway_fee',
  'card_withdrawal_fee',
  'card_unfreeze_fee',
] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** Derived at read time from the database clock: used wins over expired. */
export const COUPON_STATES = ['available', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const COUPON_DISCOUNT_TYPES = ['fixed', 'percent'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** Codes are 4–32 letters/digits; customers may type them in lower case or with spaces/dashes. */
export const COUPON_CODE_MAX = 32;
export const couponCodeSchema = z
  .string({ error: V.required })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, V.required)
      .max(COUPON_CODE_MAX, V.tooLong)
      .regex(/^[A-Z0-9]{4,32}$/, V.couponCode),
  );

const usd = z
  .string({ error: V.required })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, V.amount)
  .refine((v) => /[1-9]/.test(v), V.amountPositive);

/** POST coupon/bind */
export const bindCouponBody = z.object({ code: couponCodeSchema });
export type BindCouponBody = z.input<typeof bindCouponBody>;

/** GET coupon/list?state=&scope=&page= — `scope` narrows to the coupons for one fee (the card application's coupon picker). */
export const couponListQuery = paginationQuerySchema.extend({
  state: z.enum(COUPON_STATES).default('available'),
  scope: z.enum(COUPON_SCOPES).optional(),
});

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  scope: z.enum(COUPON_SCOPES),
  discountType: z.enum(COUPON_DISCOUNT_TYPES),
  /** fixed: the amount off in USD; percent: the percentage (e.g. "50"). */
  discountValue: z.string(),
  /** percent only: the most it takes off, USD. */
  discountCap: z.string().nullable(),
  currency: z.literal('USD'),
  validUntil: z.string(),
  state: z.enum(COUPON_STATES),
  boundAt: z.string(),
  usedAt: z.string().nullable(),
  /** What it took off when used. */
  usedDiscount: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListResult = paginatedSchema(couponSchema).extend({
  /** How many coupons the customer has in each state (for the tab labels). */
  counts: z.object({ available: z.number().int(), used: z.number().int(), expired: z.number().int() }),
});
export type CouponList = z.infer<typeof couponListResult>;

/** POST admin/coupons/issue — a batch of codes. */
export const issueCouponsBody = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
    scope: z.enum(COUPON_SCOPES),
    discountType: z.enum(COUPON_DISCOUNT_TYPES),
    /** fixed: USD amount off; percent: 1–100. */
    discountValue: usd,
    /** Required for percent: the most one coupon takes off, USD. */
    discountCap: usd.optional(),
    validUntil: z.iso.datetime({ offset: true }),
    /** How many distinct codes to generate (1–1000). */
    quantity: z.number().int().min(1).max(1000),
    /** How many customers may bind each code (1 = a personal code; more = a shared promo code). */
    maxUses: z.number().int().min(1).max(1_000_000).default(1),
    /** A chosen code (only with quantity 1), e.g. "WELCOME10"; otherwise codes are random. */
    code: couponCodeSchema.optional(),
  })
  .refine((v) => v.discountType === 'fixed' || v.discountCap !== undefined, {
    message: V.required,
    path: ['discountCap'],
  })
  .refine((v) => v.discountType === 'fixed' || Number(v.discountValue) <= 100, {
    message: V.amount,
    path: ['discountValue'],
  })
  .refine((v) => v.code === undefined || v.quantity === 1, { message: V.tooLong, path: ['code'] });
export type IssueCouponsBody = z.input<typeof issueCouponsBody>;
export const issueCouponsResult = z.object({ batchId: z.string(), codes: z.array(z.string()) });

/** GET admin/coupons/batches — issued batches with how far they are bound and used. */
export const couponBatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(COUPON_SCOPES),
  discountType: z.enum(COUPON_DISCOUNT_TYPES),
  discountValue: z.string(),
  discountCap: z.string().nullable(),
  validUntil: z.string(),
  quantity: z.number().int(),
  maxUses: z.number().int(),
  bound: z.number().int(),
  used: z.number().int(),
  createdAt: z.string(),
});
export const couponBatchesResult = paginatedSchema(couponBatchSchema);
