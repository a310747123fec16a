import './zod-config';
import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PIN_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants';

/**
 * Validation primitives shared by the forms and the API. Every message is a key of the shared
 * `common` translation namespace (`validation.*`), so both sides show the same translated text.
 */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  mobile: 'validation.mobile',
  account: 'validation.account',
  passwordLength: 'validation.passwordLength',
  passwordsDiffer: 'validation.passwordsDiffer',
  agreement: 'validation.agreement',
  code: 'validation.code',
  pin: 'validation.pin',
  pinsDiffer: 'validation.pinsDiffer',
  amount: 'validation.amount',
  amountPositive: 'validation.amountPositive',
  tooLong: 'validation.tooLong',
  couponCode: 'validation.couponCode',
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value) && z.email().safeParse(value).success;
}

/** International mobile in E.164 form (`+905321234567`), checked against the numbering plan. */
export function isMobile(value: string): boolean {
  if (!/^\+[1-9]\d{6,14}$/.test(value)) return false;
  try {
    return isValidPhoneNumber(value) && parsePhoneNumberWithError(value).getType() !== 'FIXED_LINE';
  } catch {
    return false;
  }
}

/** Joins a dial code picker value and a national number into E.164 (`+90`, `532 123 45 67`). */
export function toE164(dialCode: string, national: string): string {
  const digits = national.replace(/[^\d]/g, '').replace(/^0+/, '');
  return `${dialCode.startsWith('+') ? dialCode : `+${dialCode}`}${digits}`;
}

export type AccountKind = 'email' | 'mobile';
export function accountKind(account: string): AccountKind | null {
  if (isEmail(account)) return 'email';
  if (isMobile(account)) return 'mobile';
  return null;
}

/** Canonical form used for storage and look-ups: lower-case e-mail, E.164 mobile. */
export function normaliseAccount(account: string): string {
  const trimmed = account.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[\s-]/g, '');
}

export const emailSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(254, V.tooLong)
  .refine(isEmail, V.email)
  .transform((v) => v.toLowerCase());

export const mobileSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(20, V.tooLong)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(isMobile, V.mobile);

/** E-mail or E.164 mobile. */
export const accountSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(254, V.tooLong)
  .transform(normaliseAccount)
  .refine((v) => accountKind(v) !== null, V.account);

export const passwordSchema = z
  .string({ error: V.required })
  .min(1, V.required)
  .min(PASSWORD_MIN_LENGTH, V.passwordLength)
  .max(PASSWORD_MAX_LENGTH, V.passwordLength);

export const codeSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), V.code);

/** Transaction password, card PIN, ATM PIN: exactly six digits. */
export const pinSchema = z
  .string({ error: V.required })
  .min(1, V.required)
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), V.pin);

/** A positive decimal amount as a string, never a float. `scale` = max decimals. */
export const amountSchema = (scale = 2) =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .regex(new RegExp(`^\\d{1,15}(\\.\\d{1,${scale}})?$`), V.amount)
    .refine((v) => /[1-9]/.test(v), V.amountPositive);

/** Client-supplied idempotency key (header `Idempotency-Key`), UUID v4 or similar, ≤ 255 chars. */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[A-Za-z0-9._:-]+$/);
