import './zod-config';
import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from './pagination';

/**
 * Referral programme (spec §3 "Referral data", issue 13; docs/referral.md). Two levels: a
 * customer's invitees (level 1) and their invitees (level 2). Cashback is paid in USD into the
 * inviter's wallet when an invitee opens a card (open_card) or tops one up (recharge).
 * Money is a decimal string in USD.
 */

export const REFERRAL_LEVELS = [1, 2] as const;
export type ReferralLevel = (typeof REFERRAL_LEVELS)[number];
export const CASHBACK_KINDS = ['open_card', 'recharge'] as const;
export type CashbackKind = (typeof CASHBACK_KINDS)[number];
/** paid: in the wallet; capped: earned but the monthly cap left nothing (amount 0); reversed: the top-up was refunded. */
export const CASHBACK_STATUSES = ['paid', 'capped', 'reversed'] as const;
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number];

const usd = z.string();
const levelQuery = z.coerce
  .number()
  .int()
  .refine((v) => v === 1 || v === 2)
  .transform((v) => v as ReferralLevel);

/** The programme's configured rates (shown on the share pages and in the campaign rules). */
export const referralRatesSchema = z.object({
  currency: z.literal('USD'),
  /** Fixed cashback per card an invitee opens, per level. */
  openCard: z.object({ level1: usd, level2: usd }),
  /** Percentage of each top-up amount, per level (e.g. "1" = 1 %). */
  recharge: z.object({ level1: usd, level2: usd }),
  /** Most cashback one customer can receive in a calendar month (UTC), USD. */
  monthlyCap: usd,
});
export type ReferralRates = z.infer<typeof referralRatesSchema>;

/** GET referral/invite — the invitation code and link (refereeId = the user's id). */
export const referralInviteResult = z.object({
  userId: z.string(),
  inviteCode: z.string(),
  /** Path of the registration page carrying the refereeId; the page prefixes its own origin. */
  invitePath: z.string(),
  rates: referralRatesSchema,
});
export type ReferralInvite = z.infer<typeof referralInviteResult>;

const levelTotals = z.object({ openCard: usd, recharge: usd, total: usd, friends: z.number().int() });

/** GET referral/summary — totals earned, per level and kind. */
export const referralSummaryResult = z.object({
  currency: z.literal('USD'),
  total: usd,
  thisMonth: usd,
  monthlyCap: usd,
  bonus: usd,
  level1: levelTotals,
  level2: levelTotals,
});
export type ReferralSummary = z.infer<typeof referralSummaryResult>;

/** GET referral/friends?level=&page= */
export const referralFriendsQuery = paginationQuerySchema.extend({ level: levelQuery.default(1) });
export type ReferralFriendsQuery = z.input<typeof referralFriendsQuery>;
export const referralFriendSchema = z.object({
  /** Masked e-mail or mobile. */
  displayName: z.string(),
  registeredAt: z.string(),
  cardCount: z.number().int(),
  /** Total of the friend's completed card top-ups (activation included), USD. */
  rechargeTotal: usd,
  /** What this friend earned you so far, USD. */
  earned: usd,
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;
export const referralFriendsResult = paginatedSchema(referralFriendSchema);

/** GET referral/cashbacks?kind=&level=&page= */
export const referralCashbacksQuery = paginationQuerySchema.extend({
  kind: z.enum(CASHBACK_KINDS),
  level: levelQuery.optional(),
});
export type ReferralCashbacksQuery = z.input<typeof referralCashbacksQuery>;
export const referralCashbackSchema = z.object({
  id: z.string(),
  kind: z.enum(CASHBACK_KINDS),
  level: z.number().int(),
  friend: z.string(),
  /** The top-up amount for recharge cashback; null for open-card cashback. */
  baseAmount: usd.nullable(),
  amount: usd,
  status: z.enum(CASHBACK_STATUSES),
  createdAt: z.string(),
});
export type ReferralCashback = z.infer<typeof referralCashbackSchema>;
export const referralCashbacksResult = paginatedSchema(referralCashbackSchema);

/** GET referral/campaign — the running campaign (null when none runs) and the customer's progress. */
export const referralCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Friends who must register and open a card within the campaign's dates. */
  goal: z.number().int(),
  bonus: usd,
  currency: z.literal('USD'),
  progress: z.number().int(),
  /** When the bonus was paid to this customer, else null. */
  awardedAt: z.string().nullable(),
});
export type ReferralCampaign = z.infer<typeof referralCampaignSchema>;
export const referralCampaignResult = z.object({ campaign: referralCampaignSchema.nullable() });

/** GET referral/ranking — this month's top inviters by friends who registered this month. */
export const referralRankingEntry = z.object({
  rank: z.number().int(),
  displayName: z.string(),
  invited: z.number().int(),
  me: z.boolean(),
});
export const referralRankingResult = z.object({
  month: z.string(),
  entries: z.array(referralRankingEntry),
  /** Your own place (null while you invited nobody this month). */
  mine: z.object({ rank: z.number().int().nullable(), invited: z.number().int() }),
});
export type ReferralRanking = z.infer<typeof referralRankingResult>;

/** POST admin/referral/campaigns — an administrator starts a campaign. */
export const createReferralCampaignBody = z
  .object({
    name: z.string().trim().min(1).max(80),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    goal: z.number().int().min(1).max(1000),
    bonus: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/)
      .refine((v) => /[1-9]/.test(v)),
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    path: ['endsAt'],
    message: 'endsAt must be after startsAt',
  });
export type CreateReferralCampaignBody = z.input<typeof createReferralCampaignBody>;
