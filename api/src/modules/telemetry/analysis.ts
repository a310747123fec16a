import type {
  CanaryAnalysis,
  CanaryMetricResult,
  CanaryVerdict,
  CohortSummary,
  MinutePoint,
} from '@cardwallet/shared/schemas';
import type { SqlRunner } from '../../db/index.js';
import type { TelemetryConfig } from './config.js';
import { emptyHistogram, merge, total } from './histogram.js';
import { quantileDiff, quantileEstimate, twoProportion } from './stats.js';

export interface CohortTotals {
  releaseId: string;
  sessions: number;
  errorSessions: number;
  errors: number;
  loadFailures: number;
  lcp: number[];
  inp: number[];
  cls: number[];
}

/** Sums one release's minutes in [from, to] (both cohorts are read over the same minutes). */
export async function cohortTotals(
  sql: SqlRunner,
  app: string,
  releaseId: string,
  from: Date,
  to: Date,
): Promise<CohortTotals> {
  const rows = await sql.query<{
    sessions: number;
    error_sessions: number;
    errors: number;
    load_failures: number;
    lcp_hist: number[];
    inp_hist: number[];
    cls_hist: number[];
  }>(
    `select sessions, error_sessions, errors, load_failures, lcp_hist, inp_hist, cls_hist from telemetry_minutes
      where app = $1 and release_id = $2 and minute >= $3 and minute <= $4`,
    [app, releaseId, floorMinute(from).toISOString(), to.toISOString()],
  );
  const t: CohortTotals = {
    releaseId,
    sessions: 0,
    errorSessions: 0,
    errors: 0,
    loadFailures: 0,
    lcp: emptyHistogram(),
    inp: emptyHistogram(),
    cls: emptyHistogram(),
  };
  for (const r of rows) {
    t.sessions += Number(r.sessions);
    t.errorSessions += Number(r.error_sessions);
    t.errors += Number(r.errors);
    t.loadFailures += Number(r.load_failures);
    merge(t.lcp, r.lcp_hist.map(Number));
    merge(t.inp, r.inp_hist.map(Number));
    merge(t.cls, r.cls_hist.map(Number));
  }
  return t;
}

/** One release's minutes in [from, to], oldest first (the console draws them per minute). */
export async function minuteSeries(
  sql: SqlRunner,
  app: string,
  releaseId: string,
  from: Date,
  to: Date,
): Promise<MinutePoint[]> {
  const rows = await sql.query<{
    minute: string | Date;
    sessions: number;
    error_sessions: number;
    load_failures: number;
    lcp_hist: number[];
  }>(
    `select minute, sessions, error_sessions, load_failures, lcp_hist from telemetry_minutes
      where app = $1 and release_id = $2 and minute >= $3 and minute <= $4 order by minute`,
    [app, releaseId, floorMinute(from).toISOString(), to.toISOString()],
  );
  return rows.map((r) => ({
    minute: new Date(r.minute).toISOString(),
    sessions: Number(r.sessions),
    errorSessions: Number(r.error_sessions),
    loadFailures: Number(r.load_failures),
    lcpP75: quantileEstimate(r.lcp_hist.map(Number), 0.75)?.value ?? null,
  }));
}

export function floorMinute(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 60_000) * 60_000);
}

function summary(t: CohortTotals): CohortSummary {
  const p75 = (h: number[]) => quantileEstimate(h, 0.75)?.value ?? null;
  const cls = p75(t.cls);
  return {
    releaseId: t.releaseId,
    sessions: t.sessions,
    errorSessions: t.errorSessions,
    loadFailures: t.loadFailures,
    errorRate: t.sessions ? t.errorSessions / t.sessions : null,
    loadFailureRate: t.sessions ? t.loadFailures / t.sessions : null,
    lcpP75: p75(t.lcp),
    inpP75: p75(t.inp),
    clsP75: cls === null ? null : cls / 1000,
    vitals: { lcp: total(t.lcp), inp: total(t.inp), cls: total(t.cls) },
  };
}

/**
 * The verdict on a canary against its stable release over the same minutes (docs/releasing.md
 * "Automatic rollouts"):
 * - rates (error sessions, load failures): one-sided pooled two-proportion z-test, judged only
 *   once both cohorts have `minSessions`; failing when z ≥ zCritical AND the canary's rate is at
 *   least `rateRatio` × stable and `rateAbsolute` above it (a real, not just detectable, harm);
 * - p75 LCP and INP: difference of the p75s over their combined standard error, judged once both
 *   cohorts have `minVitals` samples; failing when z ≥ zCritical AND the canary is at least the
 *   margin slower.
 * Failing if any metric fails; healthy when both rates could be judged and none failed; else not
 * enough data.
 */
export function analyse(
  canary: CohortTotals,
  stable: CohortTotals,
  cfg: TelemetryConfig,
  window: { from: Date; to: Date },
): CanaryAnalysis {
  const metrics: CanaryMetricResult[] = [];
  const enoughSessions = canary.sessions >= cfg.minSessions && stable.sessions >= cfg.minSessions;
  for (const [metric, x1, x2] of [
    ['error_session_rate', canary.errorSessions, stable.errorSessions],
    ['load_failure_rate', canary.loadFailures, stable.loadFailures],
  ] as const) {
    const n = { canary: canary.sessions, stable: stable.sessions };
    if (!enoughSessions) {
      metrics.push({
        metric,
        verdict: 'not_enough_data',
        canary: n.canary ? x1 / n.canary : null,
        stable: n.stable ? x2 / n.stable : null,
        n,
        z: null,
        pValue: null,
      });
      continue;
    }
    const t = twoProportion(Math.min(x1, n.canary), n.canary, Math.min(x2, n.stable), n.stable);
    const harmful = t.canaryRate >= t.stableRate * cfg.rateRatio && t.canaryRate - t.stableRate >= cfg.rateAbsolute;
    metrics.push({
      metric,
      verdict: t.z >= cfg.zCritical && harmful ? 'failing' : 'healthy',
      canary: t.canaryRate,
      stable: t.stableRate,
      n,
      z: round(t.z),
      pValue: t.pValue,
    });
  }
  for (const [metric, h1, h2, margin] of [
    ['lcp_p75', canary.lcp, stable.lcp, cfg.lcpMarginMs],
    ['inp_p75', canary.inp, stable.inp, cfg.inpMarginMs],
  ] as const) {
    const n = { canary: total(h1), stable: total(h2) };
    const q1 = quantileEstimate(h1, 0.75);
    const q2 = quantileEstimate(h2, 0.75);
    if (!q1 || !q2 || n.canary < cfg.minVitals || n.stable < cfg.minVitals) {
      metrics.push({
        metric,
        verdict: 'not_enough_data',
        canary: q1 ? round(q1.value) : null,
        stable: q2 ? round(q2.value) : null,
        n,
        z: null,
        pValue: null,
      });
      continue;
    }
    const d = quantileDiff(q1, q2);
    metrics.push({
      metric,
      verdict: d.z >= cfg.zCritical && d.diff >= margin ? 'failing' : 'healthy',
      canary: round(d.canary),
      stable: round(d.stable),
      n,
      z: round(d.z),
      pValue: d.pValue,
    });
  }
  const verdict: CanaryVerdict = metrics.some((m) => m.verdict === 'failing')
    ? 'failing'
    : enoughSessions
      ? 'healthy'
      : 'not_enough_data';
  return {
    verdict,
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
    canary: summary(canary),
    stable: summary(stable),
    metrics,
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
