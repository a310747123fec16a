import './zod-config';
import { z } from 'zod';
import { V, pinSchema } from './validation';
import { authenticationResponseJson, passkeyCeremonyId } from './passkeys';

/**
 * Issue 23, part 1 (docs/cards.md "3-D Secure in the app", "Spending controls"): a card's spending
 * controls (channel toggles, blocked merchant categories with a cool-off, the customer's own monthly
 * limit) and the 3-D Secure challenges the issuer asks the customer to approve in the app.
 */

/** Merchant categories a customer can block, each a set of MCC ranges (ISO 18245) the network sends. */
export const SPENDING_CATEGORIES = ['gambling', 'crypto', 'adult', 'travel', 'alcohol_tobacco'] as const;
export type SpendingCategory = (typeof SPENDING_CATEGORIES)[number];
export const SPENDING_CATEGORY_MCCS: Record<SpendingCategory, ReadonlyArray<readonly [number, number]>> = {
  // betting, lotteries, casinos, horse/dog racing
  gambling: [
    [7800, 7802],
    [7995, 7995],
    [9406, 9406],
  ],
  // non-financial institutions: crypto exchanges / money orders, quasi-cash, security brokers
  crypto: [
    [6051, 6051],
    [6211, 6211],
  ],
  // adult digital content, escort and dating services
  adult: [
    [5967, 5967],
    [7273, 7273],
  ],
  // airlines, car rental, hotels, travel agencies, cruises
  travel: [
    [3000, 3999],
    [4411, 4411],
    [4511, 4511],
    [4722, 4722],
    [7011, 7011],
    [7512, 7512],
  ],
  alcohol_tobacco: [
    [5921, 5921],
    [5993, 5993],
  ],
};

/** The category of a merchant's MCC, or null when it is in none of the blockable ones. */
export function spendingCategoryOf(mcc: string | null | undefined): SpendingCategory | null {
  if (!mcc || !/^\d{4}$/.test(mcc)) return null;
  const n = Number(mcc);
  for (const c of SPENDING_CATEGORIES) if (SPENDING_CATEGORY_MCCS[c].some(([a, b]) => n >= a && n <= b)) return c;
  return null;
}

/** Cool-off choices (hours) before lifting a block takes effect — Monzo's 2 days to 1 year, plus "at once". */
export const COOL_OFF_HOURS = [0, 24, 48, 168, 720, 8760] as const;

export const cardCategoryBlock = z.object({
  category: z.enum(SPENDING_CATEGORIES),
  coolOffHours: z.number().int(),
  blockedAt: z.string(),
  /** When the customer asked to lift it: the block ends at this time (null = blocked until asked). */
  liftsAt: z.string().nullable(),
});
export type CardCategoryBlock = z.infer<typeof cardCategoryBlock>;

export const cardSpendingControls = z.object({
  cardId: z.string(),
  online: z.boolean(),
  contactless: z.boolean(),
  atm: z.boolean(),
  magstripe: z.boolean(),
  /** The customer's own monthly limit (USD) or null = the product's. */
  monthlyLimit: z.string().nullable(),
  /** The product's monthly limit: the most `monthlyLimit` can be. */
  productMonthlyLimit: z.string(),
  blocks: z.array(cardCategoryBlock),
  /** The issuer has the current settings (false for a moment after a change when the issuer was slow). */
  appliedAtIssuer: z.boolean(),
});
export type CardSpendingControls = z.infer<typeof cardSpendingControls>;

const cardIdField = z.string({ error: V.required }).trim().min(1, V.required).max(64, V.tooLong);
export const cardSpendingControlsQuery = z.object({ cardId: cardIdField });
/** POST card/controls — any subset of the toggles and the limit (null = back to the product's). */
export const setCardSpendingControlsBody = z.object({
  cardId: cardIdField,
  online: z.boolean().optional(),
  contactless: z.boolean().optional(),
  atm: z.boolean().optional(),
  magstripe: z.boolean().optional(),
  monthlyLimit: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, V.amount)
    .refine((v) => Number(v) > 0, V.amountPositive)
    .nullable()
    .optional(),
});
export type SetCardSpendingControlsBody = z.input<typeof setCardSpendingControlsBody>;
/** POST card/controls/block — block a category now, with the cool-off lifting it will take. */
export const blockCardCategoryBody = z.object({
  cardId: cardIdField,
  category: z.enum(SPENDING_CATEGORIES),
  coolOffHours: z
    .number()
    .int()
    .refine((h) => (COOL_OFF_HOURS as readonly number[]).includes(h), 'validation.invalid')
    .default(48),
});
/** POST card/controls/unblock — ask to lift a block; it ends after its cool-off. */
export const unblockCardCategoryBody = z.object({ cardId: cardIdField, category: z.enum(SPENDING_CATEGORIES) });

// ---- 3-D Secure ---------------------------------------------------------------------------------

export const THREE_DS_STATUSES = ['pending', 'approved', 'declined', 'timed_out'] as const;
export type ThreeDsStatus = (typeof THREE_DS_STATUSES)[number];
/** How long the customer has to answer before the purchase is declined. */
export const THREE_DS_TIMEOUT_SECONDS = 300;

export const threeDsChallenge = z.object({
  id: z.string(),
  cardId: z.string(),
  maskedNumber: z.string(),
  cardBrand: z.string(),
  merchant: z.object({
    name: z.string(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    mcc: z.string().nullable(),
  }),
  /** In the purchase currency. */
  amount: z.string(),
  currency: z.string(),
  /** In USD (the card's currency). */
  billingAmount: z.string(),
  status: z.enum(THREE_DS_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type ThreeDsChallenge = z.infer<typeof threeDsChallenge>;
export const threeDsChallengesResult = z.object({ data: z.array(threeDsChallenge) });
export const threeDsChallengeQuery = z.object({ id: cardIdField });
/** POST card/threeDs/approve — a fresh proof: the transaction password OR a passkey assertion, exactly one. */
export const threeDsApproveBody = z
  .object({
    id: cardIdField,
    payPassword: pinSchema.optional(),
    passkey: z.object({ ceremonyId: passkeyCeremonyId, response: authenticationResponseJson }).optional(),
  })
  .refine((v) => v.passkey !== undefined || v.payPassword !== undefined, {
    path: ['payPassword'],
    message: V.required,
  })
  .refine((v) => v.passkey === undefined || v.payPassword === undefined, {
    path: ['passkey'],
    message: 'validation.invalid',
  });
export type ThreeDsApproveBody = z.input<typeof threeDsApproveBody>;
export const threeDsDeclineBody = z.object({ id: cardIdField });
