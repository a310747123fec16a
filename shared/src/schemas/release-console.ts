import './zod-config';
import { z } from 'zod';

/**
 * The release console's answers (docs/releasing.md "Automatic rollouts"): the API declares its
 * routes' answers with these schemas (admin/telemetry/overview, admin/rollouts/*,
 * releases/:app/{overview,rollout,audit}) and the shell's console reads the same types.
 */
export const CANARY_VERDICTS = ['healthy', 'failing', 'not_enough_data'] as const;
export type CanaryVerdict = (typeof CANARY_VERDICTS)[number];
export const CANARY_METRICS = ['error_session_rate', 'load_failure_rate', 'lcp_p75', 'inp_p75'] as const;
export const ROLLOUT_STATUSES = [
  'awaiting_candidate',
  'running',
  'paused',
  'completed',
  'rolled_back',
  'superseded',
] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

/** One cohort (the canary or the stable release) over the analysis window. */
export const cohortSummary = z.object({
  releaseId: z.string(),
  sessions: z.number().int(),
  errorSessions: z.number().int(),
  loadFailures: z.number().int(),
  errorRate: z.number().nullable(),
  loadFailureRate: z.number().nullable(),
  lcpP75: z.number().nullable(),
  inpP75: z.number().nullable(),
  clsP75: z.number().nullable(),
  vitals: z.object({ lcp: z.number().int(), inp: z.number().int(), cls: z.number().int() }),
});
export type CohortSummary = z.infer<typeof cohortSummary>;

export const canaryMetricResult = z.object({
  metric: z.enum(CANARY_METRICS),
  verdict: z.enum(CANARY_VERDICTS),
  canary: z.number().nullable(),
  stable: z.number().nullable(),
  /** Canary sample and stable sample the metric was judged on. */
  n: z.object({ canary: z.number().int(), stable: z.number().int() }),
  z: z.number().nullable(),
  pValue: z.number().nullable(),
});
export type CanaryMetricResult = z.infer<typeof canaryMetricResult>;

/** Canary vs stable over the same minutes: one verdict per metric and the verdict of the whole. */
export const canaryAnalysis = z.object({
  verdict: z.enum(CANARY_VERDICTS),
  window: z.object({ from: z.string(), to: z.string() }),
  canary: cohortSummary,
  stable: cohortSummary,
  metrics: z.array(canaryMetricResult),
});
export type CanaryAnalysis = z.infer<typeof canaryAnalysis>;

/** What the cross-app e2e candidate run reported (CI, with the app's deploy token). */
export const rolloutCandidateResult = z.object({
  passed: z.boolean(),
  report: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type RolloutCandidateResult = z.infer<typeof rolloutCandidateResult>;

/** An automatic rollout: its steps, where it stands, and the latest verdict that moved it. */
export const rolloutRecord = z.object({
  id: z.string(),
  app: z.string(),
  releaseId: z.string(),
  steps: z.array(z.number().int()),
  stepIndex: z.number().int(),
  percent: z.number().int(),
  stepStartedAt: z.string(),
  status: z.enum(ROLLOUT_STATUSES),
  statusReason: z.string().nullable(),
  /** Whether the cross-app e2e candidate run must pass before the first step, and what it reported. */
  candidateGate: z.boolean(),
  candidateResult: rolloutCandidateResult.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  /** When the current step may advance at the earliest (held for the minimum time). */
  holdUntil: z.string(),
  lastVerdict: canaryAnalysis.nullable(),
});
export type RolloutRecord = z.infer<typeof rolloutRecord>;

/** One minute of one release (the console's charts). */
export const minutePoint = z.object({
  minute: z.string(),
  sessions: z.number().int(),
  errorSessions: z.number().int(),
  loadFailures: z.number().int(),
  lcpP75: z.number().nullable(),
});
export type MinutePoint = z.infer<typeof minutePoint>;
/** Per-minute points of the canary and the stable release. */
export const canaryMinuteSeries = z.object({ canary: z.array(minutePoint), stable: z.array(minutePoint) });
export type CanaryMinuteSeries = z.infer<typeof canaryMinuteSeries>;

/** One app in the release console: its channels, its automatic rollout, canary vs stable and the minutes behind it. */
export const appOverview = z.object({
  app: z.string(),
  stable: z.object({ releaseId: z.string(), version: z.string() }),
  canary: z.object({ releaseId: z.string(), version: z.string(), percent: z.number().int() }).nullable(),
  rollout: rolloutRecord.nullable(),
  comparison: canaryAnalysis.nullable(),
  series: canaryMinuteSeries.nullable(),
});
export type AppOverview = z.infer<typeof appOverview>;

/** GET admin/telemetry/overview: every app, and this API process's ingest counters. */
export const telemetryOverviewResult = z.object({
  apps: z.array(appOverview),
  ingest: z.object({ accepted: z.number().int(), dropped: z.record(z.string(), z.number().int()) }),
  analysisIntervalMs: z.number().int(),
});
export type TelemetryOverviewResult = z.infer<typeof telemetryOverviewResult>;

/** GET releases/:app/overview (the app's deploy token or an admin). */
export const appOverviewResult = z.object({ overview: appOverview.nullable() });
export type AppOverviewResult = z.infer<typeof appOverviewResult>;

/** A message to whoever started a rollout (rolled back, completed). */
export const rolloutMessage = z.object({
  id: z.string(),
  app: z.string(),
  text: z.string(),
  details: z.unknown(),
  at: z.string(),
});
export type RolloutMessage = z.infer<typeof rolloutMessage>;

/** GET admin/rollouts/messages: the messages to the signed-in admin. */
export const rolloutMessagesResult = z.object({ messages: z.array(rolloutMessage) });
export type RolloutMessagesResult = z.infer<typeof rolloutMessagesResult>;

/** GET releases/:app/rollout: the app's rollout, the live comparison and the caller's messages about it. */
export const appRolloutResult = z.object({
  rollout: rolloutRecord.nullable(),
  comparison: canaryAnalysis.nullable(),
  messages: z.array(rolloutMessage),
});
export type AppRolloutResult = z.infer<typeof appRolloutResult>;

/** One line of an app's release audit log: every release, refusal, canary, promotion, rollback and token change. */
export const releaseAuditEntry = z.object({
  action: z.string(),
  releaseId: z.string().nullable(),
  actor: z.string(),
  details: z.unknown(),
  at: z.string(),
});
export type ReleaseAuditEntry = z.infer<typeof releaseAuditEntry>;
/** GET releases/:app/audit */
export const releaseAuditResult = z.object({ entries: z.array(releaseAuditEntry) });
export type ReleaseAuditResult = z.infer<typeof releaseAuditResult>;
