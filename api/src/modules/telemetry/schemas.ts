import { z } from 'zod';

const cohort = z.object({
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

export const analysisSchema = z.object({
  verdict: z.enum(['healthy', 'failing', 'not_enough_data']),
  window: z.object({ from: z.string(), to: z.string() }),
  canary: cohort,
  stable: cohort,
  metrics: z.array(
    z.object({
      metric: z.enum(['error_session_rate', 'load_failure_rate', 'lcp_p75', 'inp_p75']),
      verdict: z.enum(['healthy', 'failing', 'not_enough_data']),
      canary: z.number().nullable(),
      stable: z.number().nullable(),
      n: z.object({ canary: z.number().int(), stable: z.number().int() }),
      z: z.number().nullable(),
      pValue: z.number().nullable(),
    }),
  ),
});

export const rolloutSchema = z.object({
  id: z.string(),
  app: z.string(),
  releaseId: z.string(),
  steps: z.array(z.number().int()),
  stepIndex: z.number().int(),
  percent: z.number().int(),
  stepStartedAt: z.string(),
  status: z.enum(['awaiting_candidate', 'running', 'paused', 'completed', 'rolled_back', 'superseded']),
  statusReason: z.string().nullable(),
  /** Whether the cross-app e2e candidate run must pass before the first step, and what it reported. */
  candidateGate: z.boolean(),
  candidateResult: z
    .object({ passed: z.boolean(), report: z.string().nullable(), by: z.string(), at: z.string() })
    .nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastCheckedAt: z.string().nullable(),
  nextCheckAt: z.string().nullable(),
  holdUntil: z.string(),
  lastVerdict: analysisSchema.nullable(),
});

const minutePoint = z.object({
  minute: z.string(),
  sessions: z.number().int(),
  errorSessions: z.number().int(),
  loadFailures: z.number().int(),
  lcpP75: z.number().nullable(),
});
/** Per-minute points of the canary and the stable release (the console's charts). */
export const seriesSchema = z.object({ canary: z.array(minutePoint), stable: z.array(minutePoint) });
