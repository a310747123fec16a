import { z } from 'zod';
import type { SqlDatabase } from '../../db/index.js';
import type { Clock } from '../../http/clock.js';
import { FEATURE_APPS } from '../releases/apps.js';
import { HIST_BUCKETS, addTo, emptyHistogram } from './histogram.js';

const appNames = FEATURE_APPS.map((a) => a.name) as [string, ...string[]];
const ref = { app: z.enum(appNames), release: z.string().regex(/^[0-9A-Za-z.+-]{1,80}$/) };

/**
 * One batch from a browser. Strict objects: a field that is not listed here (a user id, an amount,
 * a URL with its query) makes the batch invalid, so nothing personal can slip into the aggregates.
 * The reporter de-duplicates per session: one `session` per app, one `load_failure` per app, and
 * `error` with `first: true` once per app (later ones only add to `count`).
 */
export const telemetryEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session'), ...ref }).strict(),
  z
    .object({ type: z.literal('load_failure'), ...ref, stage: z.enum(['manifest', 'entry', 'chunk', 'timeout']) })
    .strict(),
  z
    .object({
      type: z.literal('error'),
      ...ref,
      source: z.enum(['boundary', 'uncaught', 'rejection']),
      first: z.boolean(),
      count: z.number().int().min(1).max(1000),
    })
    .strict(),
  z
    .object({
      type: z.literal('vital'),
      ...ref,
      name: z.enum(['LCP', 'INP', 'CLS']),
      // ms for LCP/INP; CLS is unitless (sent as is, stored × 1000).
      value: z.number().min(0).max(600_000),
      // A path only: no query string, no fragment, no ids beyond path segments.
      route: z.string().regex(/^\/[A-Za-z0-9/_.-]{0,160}$/),
    })
    .strict(),
]);
export type TelemetryEvent = z.infer<typeof telemetryEvent>;

const sessionId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const telemetryBatch = z
  .object({
    /** A random id per browser session (not stored; never tied to a user). */
    sessionId,
    /** The session's telemetry ticket (POST telemetry/ticket); a batch without a valid one is not counted. */
    ticket: z.string().max(2000).optional(),
    events: z.array(telemetryEvent).min(1).max(64),
  })
  .strict();
export type TelemetryBatch = z.infer<typeof telemetryBatch>;

export const telemetryTicketBody = z
  .object({
    sessionId,
    /** The releases the page loaded (its registry): the ticket counts events of these only. */
    releases: z.array(z.object(ref).strict()).min(1).max(FEATURE_APPS.length),
  })
  .strict();

export interface MinuteAggregate {
  app: string;
  releaseId: string;
  minute: string;
  sessions: number;
  errorSessions: number;
  errors: number;
  loadFailures: number;
  lcp: number[];
  inp: number[];
  cls: number[];
}

export type DropReason = 'invalid' | 'oversized' | 'rate_limited' | 'unknown_release' | 'unticketed' | 'over_ticket';

/**
 * Ingest: validated batches are added to per-(app, release, minute) aggregates held in memory and
 * written every `flushMs` as one upsert per key that adds counts and bucket counts, so any number
 * of processes merge into the same rows. A crash loses at most one flush interval of telemetry.
 */
export class TelemetryIngest {
  private buffer = new Map<string, MinuteAggregate>();
  private readonly known = new Set<string>();
  private readonly misses = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  readonly dropped: Record<DropReason, number> = {
    invalid: 0,
    oversized: 0,
    rate_limited: 0,
    unknown_release: 0,
    unticketed: 0,
    over_ticket: 0,
  };
  accepted = 0;

  constructor(
    private readonly sql: SqlDatabase,
    private readonly clock: Clock,
  ) {}

  drop(reason: DropReason, n = 1): void {
    this.dropped[reason] += n;
  }

  /**
   * Whether `release` is a registered release of `app`. Known releases are cached for good (a
   * release is never deleted); a miss is one indexed lookup, remembered for 30 s in a bounded set,
   * so made-up release ids cost little and never create rows. A browser only ever learns a
   * release id from /remotes.json, after it was registered, so a remembered miss never hides a
   * real release.
   */
  async isKnown(app: string, release: string): Promise<boolean> {
    const key = `${app}|${release}`;
    if (this.known.has(key)) return true;
    const missedAt = this.misses.get(key);
    if (missedAt !== undefined && Date.now() - missedAt < 30_000) return false;
    const [row] = await this.sql.query<{ one: number }>(
      `select 1 as one from releases where app = $1 and release_id = $2`,
      [app, release],
    );
    if (row) {
      this.misses.delete(key);
      this.known.add(key);
      return true;
    }
    if (this.misses.size >= 10_000) this.misses.clear();
    this.misses.set(key, Date.now());
    return false;
  }

  /** Adds a validated batch; events of unknown releases are dropped (counted). Returns how many were kept. */
  async ingest(batch: TelemetryBatch): Promise<{ accepted: number; dropped: number }> {
    const minute = new Date(Math.floor(this.clock.now().getTime() / 60_000) * 60_000).toISOString();
    let accepted = 0;
    let dropped = 0;
    for (const e of batch.events) {
      if (!(await this.isKnown(e.app, e.release))) {
        dropped++;
        continue;
      }
      const key = `${e.app}|${e.release}|${minute}`;
      let agg = this.buffer.get(key);
      if (!agg) {
        agg = {
          app: e.app,
          releaseId: e.release,
          minute,
          sessions: 0,
          errorSessions: 0,
          errors: 0,
          loadFailures: 0,
          lcp: emptyHistogram(),
          inp: emptyHistogram(),
          cls: emptyHistogram(),
        };
        this.buffer.set(key, agg);
      }
      if (e.type === 'session') agg.sessions++;
      else if (e.type === 'load_failure') agg.loadFailures++;
      else if (e.type === 'error') {
        if (e.first) agg.errorSessions++;
        agg.errors += e.count;
      } else if (e.name === 'LCP') addTo(agg.lcp, e.value);
      else if (e.name === 'INP') addTo(agg.inp, e.value);
      else addTo(agg.cls, e.value * 1000);
      accepted++;
    }
    this.accepted += accepted;
    if (dropped) this.drop('unknown_release', dropped);
    return { accepted, dropped };
  }

  /** Writes the buffered aggregates (serialised: one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    if (this.buffer.size === 0) return;
    const rows = [...this.buffer.values()].sort((a, b) =>
      a.app + a.releaseId + a.minute < b.app + b.releaseId + b.minute ? -1 : 1,
    );
    this.buffer = new Map();
    try {
      await this.sql.transaction(async (tx) => {
        for (const r of rows) {
          // Histograms merge bucket by bucket (same fixed edges everywhere).
          await tx.query(
            `insert into telemetry_minutes as t (app, release_id, minute, sessions, error_sessions, errors, load_failures, lcp_hist, inp_hist, cls_hist)
             values ($1, $2, $3, $4, $5, $6, $7, $8::int[], $9::int[], $10::int[])
             on conflict (app, release_id, minute) do update set
               sessions = t.sessions + excluded.sessions,
               error_sessions = t.error_sessions + excluded.error_sessions,
               errors = t.errors + excluded.errors,
               load_failures = t.load_failures + excluded.load_failures,
               lcp_hist = array(select a + b from unnest(t.lcp_hist, excluded.lcp_hist) with ordinality as u(a, b, i) order by i),
               inp_hist = array(select a + b from unnest(t.inp_hist, excluded.inp_hist) with ordinality as u(a, b, i) order by i),
               cls_hist = array(select a + b from unnest(t.cls_hist, excluded.cls_hist) with ordinality as u(a, b, i) order by i)`,
            [r.app, r.releaseId, r.minute, r.sessions, r.errorSessions, r.errors, r.loadFailures, r.lcp, r.inp, r.cls],
          );
        }
      });
    } catch (e) {
      // Keep the counts for the next flush rather than lose them on a transient database error.
      for (const r of rows) this.mergeBack(r);
      throw e;
    }
  }

  private mergeBack(r: MinuteAggregate): void {
    const key = `${r.app}|${r.releaseId}|${r.minute}`;
    const cur = this.buffer.get(key);
    if (!cur) return void this.buffer.set(key, r);
    cur.sessions += r.sessions;
    cur.errorSessions += r.errorSessions;
    cur.errors += r.errors;
    cur.loadFailures += r.loadFailures;
    for (let i = 0; i < HIST_BUCKETS; i++) {
      cur.lcp[i]! += r.lcp[i]!;
      cur.inp[i]! += r.inp[i]!;
      cur.cls[i]! += r.cls[i]!;
    }
  }

  /** Deletes aggregate minutes older than the retention. */
  async purge(retentionDays: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - retentionDays * 86_400_000).toISOString();
    const rows = await this.sql.query<{ n: number }>(
      `with d as (delete from telemetry_minutes where minute < $1 returning 1) select count(*)::int as n from d`,
      [before],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
