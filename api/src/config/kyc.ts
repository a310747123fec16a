import { z } from 'zod';
import { readSection, type Section } from './section.js';

/** Identity verification (docs/kyc.md "Configuration"); the sandbox's documented secrets apply where these are unset. */
export interface KycConfig {
  /** KYC_WEBHOOK_SECRET (required outside sandbox). */
  webhookSecret?: string;
  /** KYC_WEBHOOK_ALGORITHM: fixed by configuration, never the caller's choice. */
  webhookAlgorithm: 'HMAC_SHA256_HEX' | 'HMAC_SHA512_HEX';
  /** KYC_IDENTITY_HASH_KEY (required outside sandbox for level 2; "One identity, one account"). */
  identityHashKey?: string;
  webhookMaxAgeSeconds: number;
  accessTokenTtlSeconds: number;
  maxFailedSubmissionsPerDay: number;
  /** Sandbox provider: review delay and background webhook delivery interval (0 = tests deliver). */
  sandboxReviewMs: number;
  sandboxDeliveryMs: number;
}

const count = (def: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(0, 'must be ≥ 0').default(def);
const schema = z.object({
  KYC_WEBHOOK_SECRET: z.string().min(1).optional(),
  KYC_WEBHOOK_ALGORITHM: z
    .enum(['HMAC_SHA256_HEX', 'HMAC_SHA512_HEX'], { error: 'must be HMAC_SHA256_HEX or HMAC_SHA512_HEX' })
    .default('HMAC_SHA256_HEX'),
  KYC_IDENTITY_HASH_KEY: z.string().min(1).optional(),
  KYC_WEBHOOK_MAX_AGE_SECONDS: count(172_800),
  KYC_ACCESS_TOKEN_TTL_SECONDS: count(600),
  KYC_MAX_FAILED_PER_DAY: count(10),
  SANDBOX_KYC_REVIEW_MS: count(4000),
  SANDBOX_KYC_DELIVERY_MS: count(1000),
});

export function loadKycConfig(env: Record<string, string | undefined>): Section<KycConfig> {
  return readSection(schema, env, (e) => ({
    webhookSecret: e.KYC_WEBHOOK_SECRET,
    webhookAlgorithm: e.KYC_WEBHOOK_ALGORITHM,
    identityHashKey: e.KYC_IDENTITY_HASH_KEY,
    webhookMaxAgeSeconds: e.KYC_WEBHOOK_MAX_AGE_SECONDS,
    accessTokenTtlSeconds: e.KYC_ACCESS_TOKEN_TTL_SECONDS,
    maxFailedSubmissionsPerDay: e.KYC_MAX_FAILED_PER_DAY,
    sandboxReviewMs: e.SANDBOX_KYC_REVIEW_MS,
    sandboxDeliveryMs: e.SANDBOX_KYC_DELIVERY_MS,
  }));
}
