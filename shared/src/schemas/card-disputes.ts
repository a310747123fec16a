import './zod-config';
import { z } from 'zod';
import { multiLineText } from './validation';

const REQUIRED = 'validation.required';

/** Why a customer contests a purchase (docs/cards.md "Disputes"). */
export const CARD_DISPUTE_REASONS = [
  'fraud',
  'not_received',
  'duplicate',
  'wrong_amount',
  'cancelled_subscription',
] as const;
export type CardDisputeReason = (typeof CARD_DISPUTE_REASONS)[number];

/** submitted → under_review → provisional_credit → won | lost (the issuer's signed webhooks drive it). */
export const CARD_DISPUTE_STATUSES = ['submitted', 'under_review', 'provisional_credit', 'won', 'lost'] as const;
export type CardDisputeStatus = (typeof CARD_DISPUTE_STATUSES)[number];
export const CARD_DISPUTE_OPEN_STATUSES: readonly CardDisputeStatus[] = [
  'submitted',
  'under_review',
  'provisional_credit',
];

/** Only completed purchases of the last 120 days can be disputed; at most 5 evidence images. */
export const CARD_DISPUTE_WINDOW_DAYS = 120;
export const CARD_DISPUTE_MAX_EVIDENCE = 5;
export const CARD_DISPUTE_MAX_TEXT = 1000;

/** POST card/dispute/create (Idempotency-Key). `freezeCard`: a fraud dispute can freeze the card in the same step. */
export const createCardDisputeBody = z.object({
  orderId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64),
  reason: z.enum(CARD_DISPUTE_REASONS, { error: REQUIRED }),
  description: multiLineText(z.string().trim().max(CARD_DISPUTE_MAX_TEXT, 'validation.too_long')).optional(),
  evidence: z.array(z.string().trim().min(1).max(64)).max(CARD_DISPUTE_MAX_EVIDENCE).optional(),
  freezeCard: z.boolean().optional(),
});
export type CreateCardDisputeBody = z.infer<typeof createCardDisputeBody>;

export const cardDisputeTimelineEntry = z.object({
  status: z.enum(CARD_DISPUTE_STATUSES),
  at: z.string(),
  /** The amount credited (provisional_credit) or taken back (lost), USD. */
  amount: z.string().nullable(),
  /** Why the dispute was lost (the issuer's words). */
  reason: z.string().nullable(),
});

export const cardDispute = z.object({
  id: z.string(),
  cardId: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  merchant: z.string(),
  /** `•••• 1234` */
  maskedNumber: z.string(),
  reason: z.enum(CARD_DISPUTE_REASONS),
  description: z.string().nullable(),
  evidence: z.array(z.object({ id: z.string(), url: z.string() })),
  status: z.enum(CARD_DISPUTE_STATUSES),
  /** The disputed amount (the purchase's settled amount), USD. */
  amount: z.string(),
  currency: z.literal('USD'),
  credited: z.string(),
  reversed: z.string(),
  /** Lost after the credit was spent: what the card could not give back (owed), and how much of it was since recovered from top-ups. */
  shortfall: z.string(),
  recovered: z.string(),
  outcomeReason: z.string().nullable(),
  /** Disputes are free. */
  fee: z.literal('0.00'),
  /** The purchase's card when it has since been replaced (the dispute then follows the new card, `cardId`); else null. */
  replacedCardId: z.string().nullable().optional(),
  timeline: z.array(cardDisputeTimelineEntry),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardDispute = z.infer<typeof cardDispute>;

export const cardDisputeQuery = z.object({ id: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64) });
export const cardDisputesQuery = z.object({
  cardId: z.string().trim().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const cardDisputesResult = z.object({
  data: z.array(cardDispute),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
/** GET card/dispute/eligibility?orderId= — whether a statement line can be disputed, and the open dispute if any. */
export const cardDisputeEligibilityQuery = z.object({
  orderId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64),
});
export const cardDisputeEligibility = z.object({
  eligible: z.boolean(),
  /** Why not: not_purchase | not_completed | too_old | already_disputed. */
  why: z.string().nullable(),
  disputeId: z.string().nullable(),
});

/** Sandbox: choose what the issuer decides, and move disputes one step. */
export const devCardDisputeOutcomeBody = z.object({
  outcome: z.enum(['won', 'lost']),
  reason: z.string().trim().min(1).max(200).optional(),
});
export const devCardDisputeOutcomeResult = z.object({ outcome: z.enum(['won', 'lost']), reason: z.string() });
export const devCardDisputeAdvanceBody = z.object({
  /** Our dispute id; without it every open sandbox dispute moves one step. */
  disputeId: z.string().trim().min(1).max(64).optional(),
});
export const devCardDisputeAdvanceResult = z.object({ advanced: z.number().int() });

/** POST card/dispute/create answer: the dispute, and whether the card was frozen in the same step (null: not asked). */
export const createCardDisputeResult = cardDispute.extend({ cardFrozen: z.boolean().nullable() });
