/**
 * Fixed-window counters in process memory, used for the per-IP limits (login, code sending).
 * In-memory is correct for the single API process this service runs as; a multi-instance
 * deployment would move these counters to the database or Redis. Per-account limits (login
 * lockout, code cooldowns) are in the database and survive restarts.
 */
export class MemoryRateLimiter {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit; returns seconds to wait when over `max` within `windowSeconds`, else 0. */
  hit(key: string, max: number, windowSeconds: number): number {
    const t = this.now();
    let b = this.buckets.get(key);
    if (!b || b.resetAt <= t) {
      b = { count: 0, resetAt: t + windowSeconds * 1000 };
      this.buckets.set(key, b);
    }
    b.count++;
    if (this.buckets.size > 50_000) this.sweep(t);
    return b.count > max ? Math.ceil((b.resetAt - t) / 1000) : 0;
  }

  reset(prefix = ''): void {
    for (const k of this.buckets.keys()) if (k.startsWith(prefix)) this.buckets.delete(k);
  }

  private sweep(t: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= t) this.buckets.delete(k);
  }
}
