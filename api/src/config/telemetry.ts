import { z } from 'zod';
import { readSection, type Section } from './section.js';

/** Telemetry ingest, canary analysis and automatic rollouts (TELEMETRY_* variables; docs/releasing.md). */
export interface TelemetryConfig {
  /** Batches one IP may send per minute (anonymous endpoint). */
  ipBatchesPerMinute: number;
  /** Telemetry tickets one IP may get per 10 minutes (each counts at most one session per app). */
  ticketsPerIp: number;
  /** Largest batch body in bytes. */
  maxBodyBytes: number;
  /** How often each process writes its in-memory aggregates to the database. */
  flushMs: number;
  /** Aggregate minutes older than this are deleted (hourly job). */
  retentionDays: number;
  /** How often the canary analysis runs (once across processes); 0 = off. */
  analysisIntervalMs: number;
  /** Default steps of an automatic rollout (percent; the last is 100 = stable). */
  steps: number[];
  /** Minimum time each step is held before it may advance. */
  stepHoldMinutes: number;
  /** Minimum sessions per cohort before the rates are judged. */
  minSessions: number;
  /** Minimum vital samples per cohort before a vital is judged. */
  minVitals: number;
  /** One-sided z a difference must reach at one look (per-look false-alarm rate). */
  zCritical: number;
  /** A failing rate must also be ≥ stable × ratio and ≥ stable + absolute (practical significance). */
  rateRatio: number;
  rateAbsolute: number;
  /** A failing p75 must also be this much slower (ms). */
  lcpMarginMs: number;
  inpMarginMs: number;
}

const schema = z.object({
  TELEMETRY_IP_BATCHES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(240),
  TELEMETRY_TICKETS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  TELEMETRY_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(16_384),
  TELEMETRY_FLUSH_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  TELEMETRY_ANALYSIS_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  TELEMETRY_ROLLOUT_STEPS: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/, 'must be a comma-separated list of percentages')
    .transform((s) => s.split(',').map(Number))
    .refine(
      (a) => a.every((p, i) => p >= 1 && p <= 100 && (i === 0 || p > a[i - 1]!)) && a[a.length - 1] === 100,
      'must rise strictly and end with 100',
    )
    .default([5, 25, 50, 100]),
  TELEMETRY_STEP_HOLD_MINUTES: z.coerce.number().min(0).max(10_080).default(10),
  TELEMETRY_MIN_SESSIONS: z.coerce.number().int().min(1).default(300),
  TELEMETRY_MIN_VITALS: z.coerce.number().int().min(1).default(200),
  TELEMETRY_Z_CRITICAL: z.coerce.number().min(1).max(10).default(3.89),
});

export function loadTelemetryConfig(env: Record<string, string | undefined>): Section<TelemetryConfig> {
  return readSection(schema, env, (e) => ({
    ipBatchesPerMinute: e.TELEMETRY_IP_BATCHES_PER_MINUTE,
    ticketsPerIp: e.TELEMETRY_TICKETS_PER_IP,
    maxBodyBytes: e.TELEMETRY_MAX_BODY_BYTES,
    flushMs: e.TELEMETRY_FLUSH_MS,
    retentionDays: e.TELEMETRY_RETENTION_DAYS,
    analysisIntervalMs: e.TELEMETRY_ANALYSIS_INTERVAL_MS,
    steps: e.TELEMETRY_ROLLOUT_STEPS,
    stepHoldMinutes: e.TELEMETRY_STEP_HOLD_MINUTES,
    minSessions: e.TELEMETRY_MIN_SESSIONS,
    minVitals: e.TELEMETRY_MIN_VITALS,
    zCritical: e.TELEMETRY_Z_CRITICAL,
    rateRatio: 1.5,
    rateAbsolute: 0.005,
    lcpMarginMs: 300,
    inpMarginMs: 100,
  }));
}
