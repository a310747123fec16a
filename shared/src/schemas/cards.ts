import { z } from 'zod';
import { CARD_MIN_KEEP_USD, CARD_WITHDRAW_FEE_USD, GATEWAY_FEE_FREE_FROM_USD, GATEWAY_FEE_USD } from '../constants';
// No import of ./validation here: it carries the phone-number metadata (see ./card-forms).
const REQUIRED = 'validation.required';
const TOO_LONG = 'validation.tooLong';

/**
 * Card contracts, part 1 (spec §3 card, benefit, cardholder, shipping address; §5 rules; §9 fees).
 * Paths are relative to `/api/`. Money: USD decimal strings with at most 2 decimals.
 * Money-moving calls (card/apply, card/activate, card/topUp, card/withdraw) need `Idempotency-Key`.
 * No answer ever carries a full card number or CVV: `maskedNumber` is `•••• 1234`.
 */

export const CARD_TYPES = ['virtual', 'physical'] as const;
export const CARD_BRANDS = ['visa', 'mastercard'] as const;
export const CARD_TIERS = ['standard', 'discount', 'premium'] as const;
export const CARD_STATUSES = ['inactivated', 'active', 'risk_frozen', 'cancelling', 'closed'] as const;
export const SHIPPING_STATUSES = ['processing', 'shipped', 'delivered'] as const;
export type CardTier = (typeof CARD_TIERS)[number];

/** Gateway fee of a top-up (spec §9): free at 50 USD or more, otherwise 0.3 USD. */
export function cardGatewayFee(amount: string): string {
  const [whole = '0', frac = ''] = amount.split('.');
  const cents = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return cents >= BigInt(GATEWAY_FEE_FREE_FROM_USD) * 100n ? '0' : GATEWAY_FEE_USD;
}

export const CARD_FEES = {
  gatewayFee: GATEWAY_FEE_USD,
  gatewayFeeFreeFrom: GATEWAY_FEE_FREE_FROM_USD,
  withdrawFee: CARD_WITHDRAW_FEE_USD,
  minKeep: CARD_MIN_KEEP_USD,
} as const;

const money = z.string();

export const cardProduct = z.object({
  id: z.string(),
  type: z.enum(CARD_TYPES),
  brand: z.enum(CARD_BRANDS),
  tier: z.enum(CARD_TIERS),
  currency: z.literal('USD'),
  /** The benefit fields of spec §3. */
  applicationFee: money,
  monthlyFee: money,
  monthlyLimit: money,
  rechargeFee: money,
  withdrawalFee: money,
  transactionFee: money,
  topUpMin: money,
  topUpMax: money,
  firstTopUpMin: money,
  withdrawMin: money,
  withdrawMax: money,
  /** Cards of this product one customer may hold (closed ones not counted). */
  applyLimit: z.number().int(),
});
export type CardProduct = z.infer<typeof cardProduct>;

export const cardProductsResult = z.object({
  products: z.array(cardProduct),
  gatewayFee: money,
  gatewayFeeFreeFrom: money,
  withdrawFee: money,
  minKeep: money,
});
export type CardProductsResult = z.infer<typeof cardProductsResult>;

/** GET card/eligibility — what the gates will say, so pages explain before the customer tries. */
export const cardEligibilityResult = z.object({
  kycLevel: z.number().int(),
  emailBound: z.boolean(),
  /** null until KYC 1 verified a date of birth. */
  adult: z.boolean().nullable(),
  cardFunding: money,
  virtual: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
  physical: z.object({ allowed: z.boolean(), reason: z.string().nullable() }),
});
export type CardEligibility = z.infer<typeof cardEligibilityResult>;

export const cardSummary = z.object({
  id: z.string(),
  productId: z.string(),
  type: z.enum(CARD_TYPES),
  brand: z.enum(CARD_BRANDS),
  tier: z.enum(CARD_TIERS),
  status: z.enum(CARD_STATUSES),
  /** `•••• 1234` — never more. */
  maskedNumber: z.string(),
  last4: z.string(),
  expiry: z.string(),
  cardholder: z.string().nullable(),
  balance: money,
  currency: z.literal('USD'),
  shippingStatus: z.enum(SHIPPING_STATUSES).nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type CardSummary = z.infer<typeof cardSummary>;
export const cardsResult = z.object({ cards: z.array(cardSummary) });
export const cardIdQuery = z.object({ cardId: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64) });

export const cardOperationRecord = z.object({
  id: z.string(),
  cardId: z.string(),
  kind: z.enum(['activate', 'topup', 'withdraw']),
  amount: money,
  fee: money,
  createdAt: z.string(),
  card: cardSummary,
});
export type CardOperationRecord = z.infer<typeof cardOperationRecord>;

// ---- Sandbox controls (404 outside sandbox) ---------------------------------------------------
export const SANDBOX_ISSUER_MODES = ['ok', 'refuse', 'timeout'] as const;
export const devCardFailuresBody = z.object({
  create: z.enum(SANDBOX_ISSUER_MODES).optional(),
  load: z.enum(SANDBOX_ISSUER_MODES).optional(),
  unload: z.enum(SANDBOX_ISSUER_MODES).optional(),
});
export const devCardFailuresResult = z.object({
  create: z.enum(SANDBOX_ISSUER_MODES),
  load: z.enum(SANDBOX_ISSUER_MODES),
  unload: z.enum(SANDBOX_ISSUER_MODES),
});
export const devCardShipBody = z.object({ cardId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, TOO_LONG) });
