import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { PUBLISHED_SANDBOX_SECRETS } from '../../src/config/published-secrets';
import { SANDBOX_WEBHOOK_SECRET as CARD_WEBHOOK } from '../../src/providers/card-issuer/webhook';
import { SANDBOX_ISSUER_SECRET } from '../../src/providers/card-issuer/sandbox';
import { SANDBOX_WEBHOOK_SECRET as KYC_WEBHOOK } from '../../src/providers/kyc/sandbox';
import { SANDBOX_IDENTITY_KEY } from '../../src/modules/kyc/identity';
import { SANDBOX_ADDRESS_SECRET } from '../../src/modules/wallet/chain/providers';
import { SANDBOX_WECHAT } from '../../src/providers/wechat/sandbox';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { TEST_PRODUCTION_TOTP_SECRET, TEST_SIGNING_SECRET } from '../support/harness';

/** Production refuses every secret the sandbox publishes (issue 43), naming the variable, never echoing the value. */
const production = {
  APP_MODE: 'production',
  ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
  ADMIN_TOTP_SECRET: TEST_PRODUCTION_TOTP_SECRET,
  SIGNING_SECRET: TEST_SIGNING_SECRET,
  TRUST_PROXY: '127.0.0.1',
  ALLOWED_HOSTS: 'wallet.example.com',
  OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
};

describe('published sandbox secrets', () => {
  it('the list holds exactly the values the sandbox providers use', () => {
    expect(Object.fromEntries(PUBLISHED_SANDBOX_SECRETS.map((s) => [s.variable, s.value]))).toEqual({
      CARD_WEBHOOK_SECRET: CARD_WEBHOOK,
      CARD_ISSUER_SANDBOX_SECRET: SANDBOX_ISSUER_SECRET,
      KYC_WEBHOOK_SECRET: KYC_WEBHOOK,
      KYC_IDENTITY_HASH_KEY: SANDBOX_IDENTITY_KEY,
      WALLET_ADDRESS_SECRET: SANDBOX_ADDRESS_SECRET,
      WECHAT_MP_SECRET: SANDBOX_WECHAT.mpSecret,
      WECHAT_WEB_SECRET: SANDBOX_WECHAT.webSecret,
    });
  });

  it('production refuses each of them (and the sandbox keeps accepting them)', () => {
    expect(loadConfig(production).sandbox).toBe(false);
    for (const { variable, value } of PUBLISHED_SANDBOX_SECRETS) {
      let message = '';
      try {
        loadConfig({ ...production, [variable]: value });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, variable).toMatch(new RegExp(`${variable}: is the documented sandbox secret`));
      expect(message, variable).not.toContain(value);
      expect(() => loadConfig({ [variable]: value }), variable).not.toThrow();
    }
    expect(() =>
      loadConfig({ ...production, SIGNING_SECRET: 'cardwallet-sandbox-signing-secret-not-for-production' }),
    ).toThrow(/SIGNING_SECRET.*documented sandbox secret/);
  });
});
