import { quantile, total } from './histogram.js';

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7 — plenty for a threshold test). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

export interface ProportionTest {
  /** z of the one-sided test "the canary's rate is higher" (pooled two-proportion test). */
  z: number;
  pValue: number;
  canaryRate: number;
  stableRate: number;
}

/**
 * One-sided pooled two-proportion z-test of canary (x1 of n1) against stable (x2 of n2).
 * Both n must be > 0 (the caller enforces the minimum sample first).
 */
export function twoProportion(x1: number, n1: number, x2: number, n2: number): ProportionTest {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  // No event in either cohort (or every session failing in both): no evidence of a difference.
  const z = se === 0 ? 0 : (p1 - p2) / se;
  return { z, pValue: 1 - normalCdf(z), canaryRate: p1, stableRate: p2 };
}

export interface QuantileEstimate {
  value: number;
  /** Standard error of the quantile from the histogram's own spread (rank band of ±1 SE). */
  se: number;
  n: number;
}

/**
 * The p-quantile with its standard error: the order-statistic rank has SD √(np(1−p)), so the
 * quantile's SE is half the distance between the quantiles one rank-SD either side (the
 * density-free form of the asymptotic variance p(1−p)/(n·f(q)²)).
 */
export function quantileEstimate(hist: readonly number[], p: number): QuantileEstimate | undefined {
  const n = total(hist);
  const value = quantile(hist, p);
  if (value === undefined || n === 0) return undefined;
  const d = Math.sqrt((p * (1 - p)) / n);
  const lo = quantile(hist, Math.max(0.001, p - d))!;
  const hi = quantile(hist, Math.min(0.999, p + d))!;
  return { value, se: Math.max((hi - lo) / 2, 1e-9), n };
}

export interface QuantileDiffTest {
  diff: number;
  z: number;
  pValue: number;
  canary: number;
  stable: number;
}

/** One-sided test "the canary's p-quantile is higher": difference over the combined SE. */
export function quantileDiff(canary: QuantileEstimate, stable: QuantileEstimate): QuantileDiffTest {
  const diff = canary.value - stable.value;
  const z = diff / Math.sqrt(canary.se ** 2 + stable.se ** 2);
  return { diff, z, pValue: 1 - normalCdf(z), canary: canary.value, stable: stable.value };
}
