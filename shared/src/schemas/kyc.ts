import './zod-config';
import { z } from 'zod';

/**
 * Identity verification (spec §3 KYC level 1, §4 KYC states, §5 KYC1 rules, §8 KYC failure) and the
 * image upload (spec §5, §9: 20 MB per image, 52 files). Paths are relative to `/api/`.
 * The API validates with these schemas; the KYC forms use them through a zod resolver, so both
 * sides apply the same document-number and age rules. docs/kyc.md describes the flow.
 */

export const KYC_DOCUMENT_TYPES = ['id_card', 'driving_licence', 'passport'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** Minimum age to open cards (spec §5: "under 18 cannot open cards"). */
export const KYC_MINIMUM_AGE = 18;
/** Image upload limits (spec §5, §9). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 52;
/** Photos of the level-1 document: the front, and optionally the back. */
export const KYC1_MAX_DOCUMENT_IMAGES = 2;

/** Field messages are keys of the `kyc.validation` namespace of mf-user (and errors.* on the API). */
export const KYC_V = {
  required: 'required',
  name: 'name',
  documentNumber: 'documentNumber',
  birthDate: 'birthDate',
  under18: 'under18',
  country: 'country',
  images: 'images',
} as const;

/** ISO 3166-1 alpha-2 codes of the countries we accept documents from (names via Intl.DisplayNames). */
export const KYC_COUNTRIES = [
  'AE',
  'AR',
  'AT',
  'AU',
  'BE',
  'BH',
  'BR',
  'CA',
  'CH',
  'CL',
  'CN',
  'CO',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HK',
  'HR',
  'HU',
  'ID',
  'IE',
  'IL',
  'IN',
  'IT',
  'JO',
  'JP',
  'KR',
  'KW',
  'KZ',
  'LT',
  'LU',
  'LV',
  'MA',
  'MO',
  'MT',
  'MX',
  'MY',
  'NG',
  'NL',
  'NO',
  'NZ',
  'OM',
  'PE',
  'PH',
  'PK',
  'PL',
  'PT',
  'QA',
  'RO',
  'SA',
  'SE',
  'SG',
  'SI',
  'SK',
  'TH',
  'TR',
  'TW',
  'UA',
  'US',
  'VN',
  'ZA',
] as const;
export type KycCountry = (typeof KYC_COUNTRIES)[number];

// ---- Document numbers ---------------------------------------------------------------------------

/** Upper case, spaces and dashes removed: the form a registry compares. */
export function normaliseDocumentNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

function chinaIdChecksumOk(id: string): boolean {
  // GB 11643-1999 (ISO 7064 MOD 11-2)
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * weights[i]!;
  return checks[sum % 11] === id[17];
}

function turkishIdChecksumOk(id: string): boolean {
  const d = id.split('').map(Number);
  if (d[0] === 0) return false;
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

function hongKongIdChecksumOk(id: string): boolean {
  // A123456(7) → letters (1–2), 6 digits, check digit 0-9 or A.
  const m = /^([A-Z]{1,2})(\d{6})\(?([0-9A])\)?$/.exec(id);
  if (!m) return false;
  const letters = m[1]!.length === 1 ? ` ${m[1]}` : m[1]!;
  const values = [...letters].map((c) => (c === ' ' ? 36 : c.charCodeAt(0) - 55)).concat([...m[2]!].map(Number));
  const sum = values.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return (check === 10 ? 'A' : String(check)) === m[3];
}

/**
 * The known format rules by document type and country. Where no rule is known the number must be
 * 5–20 letters and digits (what ICAO 9303 machine-readable zones and most registries allow).
 */
export function isValidDocumentNumber(documentType: KycDocumentType, country: string, raw: string): boolean {
  const n = normaliseDocumentNumber(raw);
  if (documentType === 'id_card') {
    if (country === 'CN') return /^\d{17}[\dX]$/.test(n) && chinaIdChecksumOk(n);
    if (country === 'TR') return /^\d{11}$/.test(n) && turkishIdChecksumOk(n);
    if (country === 'AE') return /^784\d{12}$/.test(n) && luhnOk(n);
    if (country === 'HK') return hongKongIdChecksumOk(raw.toUpperCase().replace(/[\s-]/g, ''));
  }
  if (documentType === 'passport') {
    if (country === 'US') return /^[A-Z0-9]\d{8}$/.test(n);
    if (country === 'GB') return /^\d{9}$/.test(n);
    if (country === 'CN') return /^[EG]\d{8}$|^E[A-Z]\d{7}$/.test(n);
    if (country === 'TR') return /^[A-Z]\d{8}$|^U\d{8}$/.test(n);
    // ICAO 9303: up to 9 characters in the machine-readable zone.
    return /^[A-Z0-9]{6,9}$/.test(n);
  }
  return /^[A-Z0-9]{5,20}$/.test(n);
}

// ---- Age ----------------------------------------------------------------------------------------

/**
 * Whole years between a birth date and a day (both `YYYY-MM-DD`, calendar dates, no time zone).
 * A leap-day birthday counts on 1 March in common years (the day after 28 February), as most
 * civil codes do.
 */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age--;
  return age;
}

export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

// ---- Level 1 ------------------------------------------------------------------------------------

const nameField = z
  .string({ error: KYC_V.required })
  .trim()
  .min(1, KYC_V.required)
  .max(64, KYC_V.name)
  // Letters of any script, spaces, apostrophes, hyphens and dots — no digits or symbols.
  .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, KYC_V.name);

export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, KYC_V.images);

/** POST kyc/level1 */
export const kyc1Body = z
  .object({
    country: z.enum(KYC_COUNTRIES, { error: KYC_V.country }),
    documentType: z.enum(KYC_DOCUMENT_TYPES, { error: KYC_V.required }),
    firstName: nameField,
    lastName: nameField,
    documentNumber: z.string({ error: KYC_V.required }).trim().min(1, KYC_V.required).max(32, KYC_V.documentNumber),
    birthDate: z.string({ error: KYC_V.required }).min(1, KYC_V.required).refine(isRealDate, KYC_V.birthDate),
    documentImages: z
      .array(uploadIdSchema, { error: KYC_V.images })
      .min(1, KYC_V.images)
      .max(KYC1_MAX_DOCUMENT_IMAGES, KYC_V.images),
  })
  .superRefine((v, ctx) => {
    if (v.documentNumber && !isValidDocumentNumber(v.documentType, v.country, v.documentNumber)) {
      ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: KYC_V.documentNumber });
    }
  });
export type Kyc1Body = z.input<typeof kyc1Body>;

export const KYC_LEVEL_STATES = ['not_verified', 'pending', 'verified', 'failed'] as const;
export type KycLevelState = (typeof KYC_LEVEL_STATES)[number];
export const KYC_REJECT_TYPES = ['RETRY', 'FINAL'] as const;
export type KycRejectType = (typeof KYC_REJECT_TYPES)[number];

export const kyc1Status = z.object({
  state: z.enum(KYC_LEVEL_STATES),
  /** Why the last submission failed (translated), when failed. */
  reason: z.string().nullable(),
  reasonKey: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** What the customer submitted last (to correct and resubmit after a failure). */
  details: z
    .object({
      country: z.string(),
      documentType: z.enum(KYC_DOCUMENT_TYPES),
      firstName: z.string(),
      lastName: z.string(),
      /** Masked except the last 4 characters once verified. */
      documentNumber: z.string(),
      birthDate: z.string(),
    })
    .nullable(),
});

export const kyc2Status = z.object({
  state: z.enum(KYC_LEVEL_STATES),
  rejectType: z.enum(KYC_REJECT_TYPES).nullable(),
  /** The provider's moderation comment, meant for the customer. */
  moderationComment: z.string().nullable(),
  rejectLabels: z.array(z.string()),
  /** RED + RETRY: the customer may go through the provider's flow again. */
  canRetry: z.boolean(),
  updatedAt: z.string().nullable(),
});

/** GET kyc/status */
export const kycStatusResult = z.object({
  level: z.number().int().min(0).max(2),
  level1: kyc1Status,
  level2: kyc2Status,
});
export type KycStatus = z.infer<typeof kycStatusResult>;

/** POST kyc/level2/accessToken — the provider's short-lived token for its own flow. */
export const kyc2AccessTokenBody = z.object({ locale: z.string().max(16).optional() });
export const kyc2AccessTokenResult = z.object({
  token: z.string(),
  expiresAt: z.string(),
  /** Where the provider's flow runs (an iframe in kyc-lv2-sumsub). */
  flowUrl: z.string(),
  levelName: z.string(),
});
export type Kyc2AccessToken = z.infer<typeof kyc2AccessTokenResult>;

// ---- Upload -------------------------------------------------------------------------------------

export const uploadedImage = z.object({
  id: z.string(),
  /** API path of the image (owner only): `upload/image/<id>`. */
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export const uploadImageResult = z.object({ files: z.array(uploadedImage) });
export type UploadedImage = z.infer<typeof uploadedImage>;

// ---- Direct upload to the bucket (issue 27; docs/kyc.md "Direct uploads") -----------------------

export const DIRECT_UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export const directUploadBody = z.object({ contentType: z.enum(DIRECT_UPLOAD_CONTENT_TYPES) });
/** `api`: no bucket configured — upload through `upload/image`. `direct`: POST the form to `url`. */
export const directUploadTicket = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('api') }),
  z.object({
    mode: z.literal('direct'),
    /** The bucket's form-upload address (another origin). */
    url: z.string(),
    /** Form fields to send, in order, before the `file` field. */
    fields: z.record(z.string(), z.string()),
    /** The object's key, fixed by the policy; `complete` names it. */
    key: z.string(),
    expiresAt: z.string(),
    maxBytes: z.number().int(),
  }),
]);
export type DirectUploadTicket = z.infer<typeof directUploadTicket>;
export const directUploadCompleteBody = z.object({
  key: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9/_-]+$/),
});
