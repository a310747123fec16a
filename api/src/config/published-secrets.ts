/**
 * Every secret the sandbox publishes (README, docs, the source): its variable and its documented
 * value. A production start refuses any of them (config.ts), like the sandbox admin password and
 * TOTP secret — with these values anyone can sign card-issuer or KYC webhooks, link identities
 * across accounts, derive deposit addresses or act as the WeChat applications.
 * `api/test/security/published-secrets.test.ts` checks each value against the constant the sandbox
 * provider really uses, so the two cannot drift apart.
 */
export const PUBLISHED_SANDBOX_SECRETS: ReadonlyArray<{ variable: string; value: string }> = [
  { variable: 'CARD_WEBHOOK_SECRET', value: 'cardwallet-sandbox-card-webhook-secret' },
  { variable: 'CARD_ISSUER_SANDBOX_SECRET', value: 'cardwallet-sandbox-issuer-secret' },
  { variable: 'KYC_WEBHOOK_SECRET', value: 'cardwallet-sandbox-kyc-webhook-secret' },
  { variable: 'KYC_IDENTITY_HASH_KEY', value: 'sandbox-kyc-identity-key-not-secret' },
  { variable: 'WALLET_ADDRESS_SECRET', value: 'cardwallet-sandbox-deposit-secret' },
  { variable: 'WECHAT_MP_SECRET', value: 'sandbox-mp-secret-0000000000000000' },
  { variable: 'WECHAT_WEB_SECRET', value: 'sandbox-web-secret-000000000000000' },
];

/** "NAME: …" for every variable of `env` set to its published sandbox value (checked outside sandbox). */
export function publishedSecretProblems(env: Record<string, string | undefined>): string[] {
  return PUBLISHED_SANDBOX_SECRETS.filter((s) => env[s.variable]?.trim() === s.value).map(
    (s) => `${s.variable}: is the documented sandbox secret: generate your own (production refuses it)`,
  );
}
