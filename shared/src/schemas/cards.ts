import './zod-config';
import { z } from 'zod';
import {
  CARD_MIN_KEEP_USD,
  CARD_UNFREEZE_FEE_USD,
  CARD_WITHDRAW_FEE_USD,
  GATEWAY_FEE_FREE_FROM_USD,
  GATEWAY_FEE_USD,
} from '../constants';
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
/** `frozen` is the customer's own freeze; `risk_frozen` the issuer's (spec §4). */
export const CARD_STATUSES = ['inactivated', 'active', 'frozen', 'risk_frozen', 'cancelling', 'closed'] as const;
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
  unfreezeFee: CARD_UNFREEZE_FEE_USD,
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
  /** Risk freeze by the issuer: when the customer may ask to lift it, and whether they already did. */
  riskFreeze: z
    .object({ frozenAt: z.string(), days: z.number().int(), unfreezeFrom: z.string(), unfreezeRequested: z.boolean() })
    .nullable()
    .optional(),
  /** A physical card bound by its owner (received by post) rather than applied for. */
  bound: z.boolean().optional(),
});
export type CardSummary = z.infer<typeof cardSummary>;
export const cardsResult = z.object({ cards: z.array(cardSummary) });
/** POST card/replace: the new card, and the id of the card it replaces (now closed). */
export const cardReplaceResult = cardSummary.extend({ replacesCardId: z.string() });
export type CardReplaceResult = z.infer<typeof cardReplaceResult>;
export const cardIdQuery = z.object({ cardId: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64) });

export const cardOperationRecord = z.object({
  id: z.string(),
  cardId: z.string(),
  kind: z.enum(['activate', 'topup', 'withdraw', 'close', 'dispute_recovery']),
  amount: money,
  fee: money,
  /** Where a withdrawal or a close refund went: the wallet in this currency (null for top-ups). */
  walletCurrency: z.enum(['USD', 'USDT', 'USDC']).nullable().optional(),
  /** What reached the wallet in `walletCurrency` (null for top-ups and for moves recorded before it was kept). */
  walletAmount: money.nullable().optional(),
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
export const devCardShipBody = z.object({
  cardId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, TOO_LONG),
});

// ---- Cards, part 2: the statement (card orders, spec §3/§4) ------------------------------------

/** Spec §4 card order states. */
export const CARD_ORDER_STATUSES = [
  'settling',
  'authorization_cancelled',
  'transaction_cancelled',
  'pre_authorization',
  'completed',
] as const;
export type CardOrderStatus = (typeof CARD_ORDER_STATUSES)[number];
/** A 'fee' order is the product's monthly fee the issuer took from the card (`feePeriod` names the month). */
export const CARD_ORDER_TYPES = ['purchase', 'refund', 'fee'] as const;
/** Why the issuer declined a purchase: the card's state, its balance, or the product's monthly limit. */
export const CARD_DECLINE_REASONS = [
  'card_frozen',
  'card_inactive',
  'insufficient_balance',
  'monthly_limit_exceeded',
  // issue 23: the customer's spending controls and 3-D Secure answers
  'blocked_online',
  'blocked_contactless',
  'blocked_atm',
  'blocked_magstripe',
  'blocked_category',
  'card_limit_exceeded',
  'threeds_declined',
  'threeds_timed_out',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

export const cardOrder = z.object({
  id: z.string(),
  /** Order number shown to the customer and support. */
  orderNo: z.string(),
  cardId: z.string(),
  /** `•••• 1234` */
  maskedNumber: z.string(),
  cardBrand: z.enum(CARD_BRANDS),
  /** Transaction type. */
  type: z.enum(CARD_ORDER_TYPES),
  status: z.enum(CARD_ORDER_STATUSES),
  merchant: z.object({
    name: z.string(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    mcc: z.string().nullable(),
  }),
  /** In the merchant's currency. */
  transactionAmount: money,
  transactionCurrency: z.string(),
  /** Advance / authorisation amount in USD (null when the clearing came without one). */
  authorizationAmount: money.nullable(),
  /** Settlement amount in USD (once cleared). */
  settlementAmount: money.nullable(),
  /** Card organisation fee (USD). */
  fee: money,
  currency: z.literal('USD'),
  declineReason: z.enum(CARD_DECLINE_REASONS).nullable(),
  /** The month ('2026-11') a monthly-fee order pays for; null on purchases and refunds. */
  feePeriod: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** 3-D Secure in the app (issue 23): 'approved' / 'declined' / 'timed_out'; null when none was asked. */
  threeDs: z.enum(['approved', 'declined', 'timed_out']).nullable().optional(),
  /** The line's latest dispute (issue 23): its id (the dispute page) and state; null when none. */
  dispute: z
    .object({ id: z.string(), status: z.enum(['submitted', 'under_review', 'provisional_credit', 'won', 'lost']) })
    .nullable()
    .optional(),
});
export type CardOrder = z.infer<typeof cardOrder>;

export const cardOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  cardId: z.string().trim().min(1).max(64).optional(),
  status: z.enum(CARD_ORDER_STATUSES).optional(),
});
export const cardOrdersResult = z.object({
  data: z.array(cardOrder),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export const cardOrderQuery = z.object({ id: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64) });
const isoDay = z.string({ error: REQUIRED }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid');
/** GET card/orders/export — CSV of a period (UTC dates, inclusive, at most 366 days). */
export const cardOrdersExportQuery = z.object({
  from: isoDay,
  to: isoDay,
  cardId: z.string().trim().min(1).max(64).optional(),
});

/** POST card/detailsGrant answer: a single-use grant to show the details once, valid briefly. */
export const cardRevealGrantResult = z.object({ grant: z.string(), expiresAt: z.string() });
/** POST card/details answer — shown for `visibleSeconds`, never cached (Cache-Control: no-store). */
export const cardDetailsResult = z.object({
  pan: z.string(),
  cvv: z.string(),
  expiry: z.string(),
  cardholder: z.string().nullable(),
  visibleSeconds: z.number().int(),
});
export type CardDetails = z.infer<typeof cardDetailsResult>;

export const cardUnfreezeRequestResult = z.object({
  id: z.string(),
  fee: money,
  status: z.enum(['pending', 'approved', 'rejected']),
  card: cardSummary,
});

// ---- Sandbox merchant simulator (404 outside sandbox) -------------------------------------------
export const SANDBOX_MERCHANT_CURRENCIES = ['USD', 'EUR', 'GBP', 'HKD', 'AED', 'TRY', 'CNY'] as const;
export const SANDBOX_PURCHASE_CHANNELS = ['online', 'contactless', 'chip', 'magstripe', 'atm'] as const;
export const devCardPurchaseBody = z.object({
  cardId: z.string().trim().min(1).max(64),
  amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'validation.amount'),
  currency: z.enum(SANDBOX_MERCHANT_CURRENCIES).default('USD'),
  merchant: z.string().trim().min(1).max(120).default('Sandbox Coffee Roasters'),
  city: z.string().trim().max(80).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  mcc: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /** What the merchant does next: only authorise (default), capture it, or void it. */
  then: z.enum(['none', 'clear', 'void']).default('none'),
  /** How the card is used (issue 23): online (card not present), contactless, chip, magnetic stripe, ATM. */
  channel: z.enum(SANDBOX_PURCHASE_CHANNELS).default('chip'),
  /** The merchant's risk as the network rates it: high → 3-D Secure always, low → never, normal → the product's rule. */
  risk: z.enum(['low', 'normal', 'high']).default('normal'),
});
export const devCardTransactionBody = z.object({
  transactionId: z.string().trim().min(1).max(100),
  action: z.enum(['clear', 'void', 'refund', 'settle_refund']),
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'validation.amount')
    .optional(),
});
export const devCardPurchaseResult = z.object({
  transactionId: z.string(),
  approved: z.boolean(),
  declineReason: z.string().nullable(),
  /** Set when the issuer asked the customer to approve the purchase in the app (3-D Secure): it waits for the answer. */
  challengeId: z.string().nullable().optional(),
});
export const devCardRiskFreezeBody = z.object({
  cardId: z.string().trim().min(1).max(64),
  days: z.number().int().min(0).max(365),
});
export const devCardUnfreezeReviewBody = z.object({ cardId: z.string().trim().min(1).max(64), approve: z.boolean() });
export const devCardReverseLoadBody = z.object({ operationId: z.string().trim().min(1).max(64) });
/** Sandbox issuer: run the monthly-fee job as of the 1st of `month` ('2026-12'; default: now), for every card or one. */
export const devCardMonthlyFeesBody = z.object({
  cardId: z.string().trim().min(1).max(64).optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2026-12')
    .optional(),
});
export const devCardMonthlyFeesResult = z.object({
  period: z.string(),
  owed: z.number().int(),
  charged: z.number().int(),
  waived: z.number().int(),
});
export const devCardStockBody = z.object({ brand: z.enum(CARD_BRANDS), tier: z.enum(CARD_TIERS).default('standard') });
export const devCardStockResult = z.object({
  pan: z.string(),
  carrierCode: z.string(),
  last4: z.string(),
  expiry: z.string(),
});

/**
 * How card USD returns to the wallet in `currency` (docs/cards.md "Money back to the wallet"): the
 * part that came in as `currency` (the customer's funding lots) returns 1:1; the rest is priced as
 * an exchange from USD, at the mid-market rate less the exchange spread.
 */
export const cardReturnPrice = z.object({
  currency: z.enum(['USD', 'USDT', 'USDC']),
  /** USD leaving the card side (fee not included). */
  amount: money,
  /** USD of `amount` that came in as `currency`: returned 1:1. */
  sameCurrency: money,
  /** USD of `amount` priced as an exchange into `currency`. */
  converted: money,
  /** `currency` per USD on the converted part, spread included (to 12 decimals, rounded down). */
  rate: money,
  /** `currency` per USD at the mid-market rate (to 12 decimals, rounded down). */
  midRate: money,
  /** The exchange spread as a fraction, e.g. "0.005" for 0.5 %. */
  spreadRate: money,
  /** What the spread costs, in `currency` (0 when everything returns 1:1). */
  spreadAmount: money,
  /** What reaches the wallet, in `currency`. */
  receive: money,
});
export type CardReturnPrice = z.infer<typeof cardReturnPrice>;

/** card/funding/withdrawToWallet: what moved from the card-funding balance into the wallet. */
export const cardFundingWithdrawal = z.object({
  id: z.string(),
  currency: z.enum(['USD', 'USDT', 'USDC']),
  amount: money,
  fee: money,
  /** What reached the wallet, in `currency` (amount less the spread on any converted part). */
  received: money,
  createdAt: z.string(),
  /** The card-funding balance left (USD). */
  cardFunding: money,
});
export type CardFundingWithdrawal = z.infer<typeof cardFundingWithdrawal>;
/** GET card/funding/withdrawQuote: the price of the move and the card-funding balance (USD). */
export const cardFundingWithdrawQuote = cardReturnPrice.extend({ fee: money, cardFunding: money });
export type CardFundingWithdrawQuote = z.infer<typeof cardFundingWithdrawQuote>;
/** GET card/withdrawQuote: the card's fee (USD, on top of `amount`), what arrives, the card balance left. */
export const cardWithdrawQuote = cardReturnPrice.extend({ fee: money, cardBalanceAfter: money });
export type CardWithdrawQuote = z.infer<typeof cardWithdrawQuote>;
/** GET card/topUpQuote: the gateway fee, the total taken from card funding, and that balance. */
export const cardTopUpQuote = z.object({ amount: money, fee: money, total: money, cardFunding: money });
export type CardTopUpQuote = z.infer<typeof cardTopUpQuote>;
