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
  characters: 'validation.characters',
  decimalString: 'validation.decimalString',
} as const;

/**
 * The one rule for every string the API takes (applied to each body field, query value and path
 * parameter before its schema runs, api/src/http/input-text.ts): no NUL, no other C0 control
 * character or DEL, no lone UTF-16 surrogate (text that is not Unicode). Tab, line feed and carriage
 * return pass only in multi-line text (`multiLineText`). Accepted text is then compared and stored in
 * Unicode NFC, so the same identifier typed on two keyboards is one identifier.
 */
// Matching control characters is the point of these two expressions.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_REFUSED = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isAcceptedText(value: string, multiLine = false): boolean {
  return !(multiLine ? MULTI_LINE_REFUSED : SINGLE_LINE_REFUSED).test(value) && !LONE_SURROGATE.test(value);
}

/** Schemas of free text that may span lines (a message, a description); every other string is one line. */
export const multiLineTexts = z.registry<Record<string, never>>();
export function multiLineText<T extends z.ZodType>(schema: T): T {
  multiLineTexts.add(schema, {});
  return schema;
}

/**
 * The error of a decimal-string field: missing → "required"; a JSON number (`12.5` instead of
 * `"12.5"`) → its own message, because money never travels as a float; anything else → invalid.
 */
export function decimalStringError(issue: { input?: unknown }): string {
  if (issue.input === undefined || issue.input === null) return V.required;
  return typeof issue.input === 'number' ? V.decimalString : 'validation.invalid';
}

/**
 * JSON-Schema `pattern` of a decimal string with at most `intDigits` integer digits and `scale`
 * decimals that is greater than zero — the format check and the "> 0" refinement in one expression, so
 * the OpenAPI document states exactly what the validator accepts.
 */
export function positiveDecimalPattern(intDigits: number, scale: number): string {
  const frac = `(?:\\.\\d{1,${scale}})?`;
  // A non-zero integer part: its first non-zero digit at position k (after k leading zeros).
  const whole = Array.from({ length: intDigits }, (_, k) => `${k ? `0{${k}}` : ''}[1-9]\\d{0,${intDigits - 1 - k}}`);
  // A zero integer part with a non-zero fraction: the first non-zero decimal at position k.
  const fraction = Array.from({ length: scale }, (_, k) => `${k ? `0{${k}}` : ''}[1-9]\\d{0,${scale - 1 - k}}`);
  return `^(?:(?:${whole.join('|')})${frac}|0{1,${intDigits}}\\.(?:${fraction.join('|')}))$`;
}

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

/**
 * How the OpenAPI document states a mobile: E.164 (`pattern`) and the custom format `e164-mobile` — a
 * number the numbering plan assigns to mobiles (libphonenumber), which no regular expression says.
 */
export const MOBILE_JSON_SCHEMA = {
  format: 'e164-mobile',
  pattern: '^\\+[1-9]\\d{6,14}$',
  description: 'International mobile number in E.164 form (e.g. +905321234567), a mobile range of its country.',
} as const;

export const emailSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(254, V.tooLong)
  .refine(isEmail, V.email)
  .transform((v) => v.toLowerCase())
  .meta({ format: 'email' });

export const mobileSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(20, V.tooLong)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(isMobile, V.mobile)
  .meta(MOBILE_JSON_SCHEMA);

/** E-mail or E.164 mobile. */
export const accountSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(254, V.tooLong)
  .transform(normaliseAccount)
  .refine((v) => accountKind(v) !== null, V.account)
  .meta({ anyOf: [{ format: 'email', maxLength: 254 }, { ...MOBILE_JSON_SCHEMA }] });

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
export const amountSchema = (scale = 2) => positiveDecimalSchema(15, scale);

/** A decimal string > 0 (`intDigits` integer digits, `scale` decimals at most); see positiveDecimalPattern. */
export function positiveDecimalSchema(intDigits: number, scale: number) {
  return z
    .string({ error: decimalStringError })
    .trim()
    .min(1, V.required)
    .regex(new RegExp(`^\\d{1,${intDigits}}(\\.\\d{1,${scale}})?$`), V.amount)
    .refine((v) => /[1-9]/.test(v), V.amountPositive)
    .meta({ pattern: positiveDecimalPattern(intDigits, scale) });
}

/** Client-supplied idempotency key (header `Idempotency-Key`), UUID v4 or similar, ≤ 255 chars. */
export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[A-Za-z0-9._:-]+$/);
