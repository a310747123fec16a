import { z } from 'zod';
import { readSection, type Section } from './section.js';

/** The card issuing processor and its webhooks (docs/cards.md). */
export interface CardIssuerConfig {
  /** CARD_ISSUER: `sandbox` (the default in sandbox mode); any other name has no implementation yet. */
  issuer?: string;
  /** CARD_ISSUER_TIMEOUT_MS (default 10000): a call to the issuer slower than this fails as unavailable. */
  timeoutMs: number;
  /** CARD_ISSUER_SANDBOX_SECRET: the sandbox issuer's API secret (documented default when unset). */
  sandboxSecret?: string;
  /** CARD_WEBHOOK_SECRET: signs the issuer's webhooks (documented default in sandbox; unset outside = all refused). */
  webhookSecret?: string;
}

const schema = z.object({
  CARD_ISSUER: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be an issuer name such as sandbox')
    .optional(),
  CARD_ISSUER_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().positive('must be > 0').default(10_000),
  CARD_ISSUER_SANDBOX_SECRET: z.string().min(1).optional(),
  CARD_WEBHOOK_SECRET: z.string().min(1).optional(),
});

export function loadCardIssuerConfig(env: Record<string, string | undefined>): Section<CardIssuerConfig> {
  return readSection(schema, env, (e) => ({
    issuer: e.CARD_ISSUER,
    timeoutMs: e.CARD_ISSUER_TIMEOUT_MS,
    sandboxSecret: e.CARD_ISSUER_SANDBOX_SECRET,
    webhookSecret: e.CARD_WEBHOOK_SECRET,
  }));
}
