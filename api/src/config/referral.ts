import Decimal from 'decimal.js';
import { z } from 'zod';
import { readSection, type Section } from './section.js';

/**
 * The programme's rates, caps and amounts (docs/referral.md "Configuration"). The spec leaves them
 * open; the defaults are what a prepaid-card programme of this size typically pays, and each can
 * be changed per deployment through the environment.
 */
export interface ReferralConfig {
  /** Fixed USD paid when a level-1 / level-2 invitee opens a card. */
  openCardLevel1: string;
  openCardLevel2: string;
  /** Percent of each card top-up amount paid to the level-1 / level-2 inviter. */
  rechargePercentLevel1: string;
  rechargePercentLevel2: string;
  /** Most cashback one customer receives per calendar month (UTC); campaign bonuses do not count. */
  monthlyCap: string;
  /** Top inviters shown on the ranking page. */
  rankingSize: number;
}

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'a USD amount with at most 2 decimals');
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'a percentage with at most 2 decimals')
  .refine((v) => new Decimal(v).lte(20), 'at most 20 %');

const envSchema = z.object({
  REFERRAL_OPEN_CARD_LEVEL1_USD: amount.default('5'),
  REFERRAL_OPEN_CARD_LEVEL2_USD: amount.default('2'),
  REFERRAL_RECHARGE_LEVEL1_PERCENT: percent.default('1'),
  REFERRAL_RECHARGE_LEVEL2_PERCENT: percent.default('0.5'),
  REFERRAL_MONTHLY_CAP_USD: amount.default('200'),
  REFERRAL_RANKING_SIZE: z.coerce.number().int().min(3).max(100).default(20),
});

/** Reads the REFERRAL_* variables; a malformed value is an error naming the variable. */
export function readReferralConfig(env: Record<string, string | undefined>): Section<ReferralConfig> {
  return readSection(envSchema, env, (c) => ({
    openCardLevel1: c.REFERRAL_OPEN_CARD_LEVEL1_USD,
    openCardLevel2: c.REFERRAL_OPEN_CARD_LEVEL2_USD,
    rechargePercentLevel1: c.REFERRAL_RECHARGE_LEVEL1_PERCENT,
    rechargePercentLevel2: c.REFERRAL_RECHARGE_LEVEL2_PERCENT,
    monthlyCap: c.REFERRAL_MONTHLY_CAP_USD,
    rankingSize: c.REFERRAL_RANKING_SIZE,
  }));
}
