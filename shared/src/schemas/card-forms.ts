import './zod-config';
import { z } from 'zod';
import { V, amountSchema, mobileSchema, pinSchema } from './validation';

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
    couponId: z.string().trim().regex(/^\d{1,18}$/).optional(),
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


// ---- Cards, part 2 ---------------------------------------------------------------------------

/** POST card/setPin — card PIN or ATM PIN, 6 digits twice; passed to the issuer, never stored. */
export const setCardPinBody = z
  .object({ cardId: text(64), kind: z.enum(['pin', 'atm']), pin: pinSchema, pinConfirm: pinSchema })
  .refine((v) => v.pin === v.pinConfirm, { message: V.pinsDiffer, path: ['pinConfirm'] });
export type SetCardPinBody = z.input<typeof setCardPinBody>;

/** POST card/detailsGrant — the transaction password unlocks a single-use reveal grant. */
export const cardRevealBody = z.object({ cardId: text(64), payPassword: pinSchema });
/** POST card/details — redeems the grant (once). */
export const cardDetailsBody = z.object({ cardId: text(64), grant: text(200) });

/** POST card/freeze, card/unfreeze, card/requestUnfreeze, card/close */
export const cardActionBody = z.object({ cardId: text(64) });

/** POST card/bind — a physical card received by post: its number and the code on its carrier. */
export const bindCardBody = z.object({
  cardNumber: z
    .string({ error: V.required })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, V.required).regex(/^\d{12,19}$/, 'validation.invalid')),
  carrierCode: z.string({ error: V.required }).trim().min(1, V.required).regex(/^\d{6}$/, 'validation.invalid'),
});
export type BindCardBody = z.input<typeof bindCardBody>;
