/**
 * Fixed log-scale histogram of a web vital (milliseconds; CLS × 1000). Every process and every
 * minute uses the same bucket edges, so histograms merge by adding counts (in SQL too) and a
 * percentile of any window is read from the merged counts.
 *
 * Bucket 0 is [0, 10); bucket i ≥ 1 is [10·g^(i−1), 10·g^i) with g = 1.06, the last one open-ended
 * (≈ 60 s). A value is known to ±3 % (half a bucket), well inside the margins the analysis uses.
 */
export const HIST_BUCKETS = 150;
const BASE = 10;
const GROWTH = 1.06;
const LOG_GROWTH = Math.log(GROWTH);

export function emptyHistogram(): number[] {
  return new Array<number>(HIST_BUCKETS).fill(0);
}

export function bucketOf(value: number): number {
  if (!(value >= BASE)) return 0; // also NaN and negatives (refused by the schema before)
  return Math.min(HIST_BUCKETS - 1, Math.floor(Math.log(value / BASE) / LOG_GROWTH) + 1);
}

export function lowerEdge(i: number): number {
  return i === 0 ? 0 : BASE * GROWTH ** (i - 1);
}

export function upperEdge(i: number): number {
  return BASE * GROWTH ** i;
}

export function addTo(hist: number[], value: number, count = 1): void {
  const i = bucketOf(value);
  hist[i] = (hist[i] ?? 0) + count;
}

export function merge(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < HIST_BUCKETS; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
}

export function total(hist: readonly number[]): number {
  let n = 0;
  for (const c of hist) n += c;
  return n;
}

/** The p-quantile (0 < p < 1), linear within its bucket; undefined for an empty histogram. */
export function quantile(hist: readonly number[], p: number): number | undefined {
  const n = total(hist);
  if (n === 0) return undefined;
  const rank = Math.min(Math.max(p, 0), 1) * n;
  let seen = 0;
  for (let i = 0; i < HIST_BUCKETS; i++) {
    const c = hist[i] ?? 0;
    if (c > 0 && seen + c >= rank) {
      const within = (rank - seen) / c;
      return lowerEdge(i) + within * (upperEdge(i) - lowerEdge(i));
    }
    seen += c;
  }
  return upperEdge(HIST_BUCKETS - 1);
}
