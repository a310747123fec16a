import { z } from 'zod';
import { CARD_MIN_KEEP_USD, CARD_WITHDRAW_FEE_USD, GATEWAY_FEE_FREE_FROM_USD, GATEWAY_FEE_USD } from '../constants';
import { V, amountSchema, mobileSchema, pinSchema } from './validation';

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
export const cardIdQuery = z.object({ cardId: z.string({ error: V.required }).min(1, V.required).max(64) });

const text = (max: number) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);

/** POST card/apply (Idempotency-Key): the PIN is passed to the issuer and never stored by us. */
export const applyCardBody = z
  .object({
    productId: text(64),
    pin: pinSchema,
    pinConfirm: pinSchema,
    addressId: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.pin === v.pinConfirm, { message: V.pinsDiffer, path: ['pinConfirm'] });
export type ApplyCardBody = z.input<typeof applyCardBody>;

export const shippingAddressFields = z.object({
  receiver: text(64),
  mobile: mobileSchema,
  country: text(64),
  province: text(64),
  city: text(64),
  area: text(64),
  detail: text(200),
  postalCode: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(16, V.tooLong)
    .regex(/^[A-Za-z0-9 -]{2,16}$/, 'validation.invalid'),
});
export type ShippingAddressInput = z.input<typeof shippingAddressFields>;
export const addCardAddressBody = shippingAddressFields;
export const updateCardAddressBody = shippingAddressFields.extend({ id: text(64) });
export const deleteCardAddressBody = z.object({ id: text(64) });
export const cardAddress = z.object({
  id: z.string(),
  receiver: z.string(),
  mobile: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  detail: z.string(),
  postalCode: z.string(),
});
export type CardAddress = z.infer<typeof cardAddress>;
export const cardAddressesResult = z.object({ addresses: z.array(cardAddress) });

const nameField = text(40);
const usd = amountSchema(2);

/** POST card/activate (Idempotency-Key): cardholder + the first top-up, which activates the card. */
export const activateCardBody = z.object({
  cardId: text(64),
  firstName: nameField,
  lastName: nameField,
  mobile: mobileSchema,
  amount: usd,
});
export type ActivateCardBody = z.input<typeof activateCardBody>;
export const cardTopUpBody = z.object({ cardId: text(64), amount: usd });
export type CardTopUpBody = z.input<typeof cardTopUpBody>;
export const cardWithdrawBody = z.object({ cardId: text(64), amount: usd });
export type CardWithdrawBody = z.input<typeof cardWithdrawBody>;

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
export const devCardShipBody = z.object({ cardId: text(64) });
