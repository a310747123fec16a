import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CARD_DECLINE_REASONS } from '@cardwallet/shared/schemas';

/**
 * The issuer's webhook: what it sends us about card transactions and card status, and how it signs
 * it. Signature (Stripe-style): `X-Issuer-Timestamp: <unix seconds>` and
 * `X-Issuer-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. The HMAC covers
 * the raw bytes, so the receiver verifies before parsing; the timestamp bounds replays.
 */
export const ISSUER_WEBHOOK_TYPES = [
  'transaction.authorized',
  'transaction.declined',
  'transaction.cleared',
  'transaction.reversed',
  'transaction.refund_initiated',
  'transaction.refund_settled',
  'card.load_reversed',
  'card.status_changed',
  'card.fee_charged',
  // issue 23: the issuer asks the programme to have the cardholder confirm an online purchase
  'threeds.challenge',
] as const;
export type IssuerWebhookType = (typeof ISSUER_WEBHOOK_TYPES)[number];

const decimal = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);

export const issuerMerchant = z.object({
  name: z.string().min(1).max(120),
  city: z.string().max(80).nullable(),
  country: z.string().max(2).nullable(),
  mcc: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
});
export type IssuerMerchant = z.infer<typeof issuerMerchant>;

export const issuerWebhookEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(ISSUER_WEBHOOK_TYPES),
  createdAt: z.iso.datetime(),
  cardToken: z.string().min(1).max(100),
  transaction: z
    .object({
      id: z.string().min(1).max(100),
      /** A refund names the purchase it refunds. */
      originalId: z.string().max(100).nullable(),
      merchant: issuerMerchant,
      /** In the merchant's currency. */
      amount: decimal,
      currency: z.string().regex(/^[A-Z]{3}$/),
      /** In the card's currency (USD): held on authorisation, settled on clearing. */
      billingAmount: decimal,
      /** The card organisation fee (charged on clearing; part of the hold). */
      fee: decimal,
      declineReason: z.enum(CARD_DECLINE_REASONS).nullable(),
      /** The cardholder's 3-D Secure answer when the issuer asked for one (issue 23). */
      threeDs: z.enum(['approved', 'declined', 'timed_out']).nullable().optional(),
    })
    .optional(),
  /** `threeds.challenge`: the purchase waiting for the cardholder's answer (until `expiresAt`). */
  challenge: z
    .object({
      id: z.string().min(1).max(100),
      transactionId: z.string().min(1).max(100),
      merchant: issuerMerchant,
      amount: decimal,
      currency: z.string().regex(/^[A-Z]{3}$/),
      billingAmount: decimal,
      expiresAt: z.iso.datetime(),
    })
    .optional(),
  load: z.object({ reference: z.string().min(1).max(100), amount: decimal }).optional(),
  /** `card.fee_charged`: which fee, for which month ('2026-11'); the amount is in `transaction`. */
  charge: z.object({ kind: z.literal('monthly_fee'), period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }).optional(),
  status: z
    .object({
      status: z.enum(['risk_frozen', 'active', 'closed']),
      freezeDays: z.number().int().min(0).max(3650).nullable(),
    })
    .optional(),
});
export type IssuerWebhookEvent = z.infer<typeof issuerWebhookEvent>;

export const SIGNATURE_HEADER = 'x-issuer-signature';
export const TIMESTAMP_HEADER = 'x-issuer-timestamp';

export function signWebhook(secret: string, raw: string | Buffer, timestampSeconds: number): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.`).update(raw).digest('hex')}`;
}

export type SignatureVerdict = 'ok' | 'missing' | 'invalid' | 'stale';

/** Constant-time check of the signature; a timestamp outside ±toleranceSeconds is stale. */
export function verifyWebhookSignature(
  secret: string,
  raw: Buffer,
  headers: { signature: string | undefined; timestamp: string | undefined },
  now: Date,
  toleranceSeconds = 300,
): SignatureVerdict {
  if (!secret) return 'invalid';
  if (!headers.signature || !headers.timestamp) return 'missing';
  if (!/^\d{1,12}$/.test(headers.timestamp)) return 'invalid';
  const match = /^v1=([0-9a-f]{64})$/.exec(headers.signature.trim());
  if (!match) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${headers.timestamp}.`).update(raw).digest();
  const given = Buffer.from(match[1]!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the HMAC so an attacker learns nothing about timing windows from unsigned calls.
  if (Math.abs(now.getTime() / 1000 - Number(headers.timestamp)) > toleranceSeconds) return 'stale';
  return 'ok';
}

/** Documented sandbox default (CARD_WEBHOOK_SECRET overrides it; outside sandbox it must be set). */
export const SANDBOX_WEBHOOK_SECRET = 'cardwallet-sandbox-card-webhook-secret';
