import type { ReferralRates } from '@cardwallet/shared/schemas';
import { readReferralConfig, type ReferralConfig } from '../../config/referral.js';
import { format, money } from '../../ledger/money.js';

// The section lives in the configuration layer (config/referral.ts, composed into app.config.referral).
export type { ReferralConfig } from '../../config/referral.js';

/** The programme's settings from these variables (defaults where unset); throws naming a malformed variable. */
export function loadReferralConfig(env: Record<string, string | undefined> = {}): ReferralConfig {
  const { config, errors } = readReferralConfig(env);
  if (!config) throw new Error(`referral configuration: ${errors[0]}`);
  return config;
}

export function ratesOf(c: ReferralConfig): ReferralRates {
  const f = (v: string) => format(money(v), 'USD');
  return {
    currency: 'USD',
    openCard: { level1: f(c.openCardLevel1), level2: f(c.openCardLevel2) },
    recharge: { level1: f(c.rechargePercentLevel1), level2: f(c.rechargePercentLevel2) },
    monthlyCap: f(c.monthlyCap),
  };
}
