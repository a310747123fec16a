import './zod-config';
import { z } from 'zod';
import { V, amountSchema, mobileSchema, pinSchema } from './validation';
import { exactlyOneProof, freshProofFields } from './fresh-proof';

/**
 * Card request bodies (forms and API). Kept apart from ./cards (answers and read schemas) because
 * the mobile-number check brings the libphonenumber-js metadata: pages that only read cards must
 * not download it.
 */
const text = (max: number) => z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);

/** POST card/apply (Idempotency-Key): the PIN is passed to the issuer and never stored by us. */
export const applyCardBody = z
  .object({
    productId: text(64),
    pin: pinSchema,
    pinConfirm: pinSchema,
    addressId: z.string().trim().max(64).optional(),
    /** A coupon of the customer (coupon/list) that discounts the application fee. */
    couponId: z
      .string()
      .trim()
      .regex(/^\d{1,18}$/)
      .optional(),
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
/** A customer's fee coupon (coupon/list `id`), redeemed inside the fee's own posting. */
const feeCouponId = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/)
  .optional();
export const cardTopUpBody = z.object({ cardId: text(64), amount: usd, couponId: feeCouponId });
export type CardTopUpBody = z.input<typeof cardTopUpBody>;
/** GET card/topUpQuote — card/topUp's own fields (one schema): the quote refuses what the top-up refuses. */
export const cardTopUpQuoteQuery = cardTopUpBody.pick({ cardId: true, amount: true });
export type CardTopUpQuoteQuery = z.input<typeof cardTopUpQuoteQuery>;
/** The wallet currencies card USD returns to, 1:1 (docs/cards.md "Money back to the wallet"). */
export const CARD_WALLET_CURRENCIES = ['USD', 'USDT', 'USDC'] as const;
export type CardWalletCurrency = (typeof CARD_WALLET_CURRENCIES)[number];
const cardWalletCurrency = z.enum(CARD_WALLET_CURRENCIES, { error: V.required });
/** POST card/close — the balance left on the card returns to the wallet in `currency` (default USD). */
export const cardCloseBody = z.object({ cardId: text(64), currency: cardWalletCurrency.optional() });
export type CardCloseBody = z.input<typeof cardCloseBody>;
/** POST card/replace — a new card for a compromised one (issue 23): balance moved, old card closed, free. */
export const cardReplaceBody = z.object({ cardId: text(64) });
export type CardReplaceBody = z.input<typeof cardReplaceBody>;
/**
 * POST card/funding/withdrawToWallet — the card-funding balance back to the wallet, no fee: 1:1 in
 * the currency the money came in with, at the exchange rate with its spread in any other
 * (docs/cards.md "Money back to the wallet").
 */
export const cardFundingWithdrawBody = z.object({ amount: usd, currency: cardWalletCurrency, payPassword: pinSchema });
export type CardFundingWithdrawBody = z.input<typeof cardFundingWithdrawBody>;
/** GET card/funding/withdrawQuote — the operation's own fields (one schema): what would arrive, and its cost. */
export const cardFundingWithdrawQuoteQuery = cardFundingWithdrawBody.pick({ amount: true, currency: true });
export type CardFundingWithdrawQuoteQuery = z.input<typeof cardFundingWithdrawQuoteQuery>;

// ---- Cards, part 2 ---------------------------------------------------------------------------

/** POST card/setPin — card PIN or ATM PIN, 6 digits twice; passed to the issuer, never stored. */
export const setCardPinBody = z
  .object({ cardId: text(64), kind: z.enum(['pin', 'atm']), pin: pinSchema, pinConfirm: pinSchema })
  .refine((v) => v.pin === v.pinConfirm, { message: V.pinsDiffer, path: ['pinConfirm'] });
export type SetCardPinBody = z.input<typeof setCardPinBody>;

/**
 * POST card/detailsGrant — the transaction password OR a passkey proof (issue 22) unlocks a
 * single-use reveal grant: `{ cardId, payPassword }` or `{ cardId, passkey: { ceremonyId, response } }`.
 */
export const cardRevealBody = exactlyOneProof(z.object({ cardId: text(64), ...freshProofFields }));
export type CardRevealBody = z.input<typeof cardRevealBody>;
/**
 * POST card/withdraw — card → wallet in `currency`; a fresh proof is required (spec §6, issue 22):
 * the transaction password OR a passkey proof over the customer's own passkey/proofOptions ceremony,
 * exactly one — as card/detailsGrant takes them.
 */
export const cardWithdrawBody = exactlyOneProof(
  z.object({
    cardId: text(64),
    amount: usd,
    currency: cardWalletCurrency,
    ...freshProofFields,
    couponId: feeCouponId,
  }),
);
export type CardWithdrawBody = z.input<typeof cardWithdrawBody>;
/** GET card/withdrawQuote — card/withdraw's own fields (one schema): the fee, what arrives, every refusal. */
export const cardWithdrawQuoteQuery = z.object({
  cardId: text(64),
  amount: usd,
  currency: cardWalletCurrency,
});
export type CardWithdrawQuoteQuery = z.input<typeof cardWithdrawQuoteQuery>;
/** POST card/details — redeems the grant (once). */
export const cardDetailsBody = z.object({ cardId: text(64), grant: text(200) });

/** POST card/freeze, card/unfreeze, card/requestUnfreeze, card/close */
export const cardActionBody = z.object({ cardId: text(64) });
/** POST card/requestUnfreeze — optionally with an unfreeze-fee coupon. */
export const cardUnfreezeBody = z.object({ cardId: text(64), couponId: feeCouponId });

/** POST card/bind — a physical card received by post: its number and the code on its carrier. */
export const bindCardBody = z.object({
  cardNumber: z
    .string({ error: V.required })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, V.required)
        .regex(/^\d{12,19}$/, 'validation.invalid'),
    ),
  carrierCode: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .regex(/^\d{6}$/, 'validation.invalid'),
});
export type BindCardBody = z.input<typeof bindCardBody>;
