import { attributeStack, type AppRelease } from './attribution';

export type TelemetryEvent =
  | { type: 'session'; app: string; release: string }
  | { type: 'load_failure'; app: string; release: string; stage: 'manifest' | 'entry' | 'chunk' | 'timeout' }
  | {
      type: 'error';
      app: string;
      release: string;
      source: 'boundary' | 'uncaught' | 'rejection';
      first: boolean;
      count: number;
    }
  | { type: 'vital'; app: string; release: string; name: 'LCP' | 'INP' | 'CLS'; value: number; route: string };

export interface ReporterOptions {
  /** `…/api/telemetry`. */
  endpoint: string;
  /** Share of sessions that report at all (0–1), decided once per session. */
  sampleRate: number;
  /** The releases this tab loaded or tried to load (read at every flush). */
  apps: () => AppRelease[];
  /** Which apps were attempted in this tab: loaded or failed (a session of that release). */
  attempted: () => string[];
  random?: () => number;
  /** sendBeacon, else fetch with keepalive (both survive the page being closed). */
  transport?: (url: string, body: string) => void;
  maxBatch?: number;
  /**
   * Asks the API for this session's telemetry ticket (POST …/telemetry/ticket): batches without one
   * are not counted, so events wait in the queue until it is there (and a new one is asked for when
   * it is about to expire). Unset: batches go out without a ticket.
   */
  ticket?: (
    sessionId: string,
    releases: Array<{ app: string; release: string }>,
  ) => Promise<{ ticket: string; expiresAt: number } | undefined>;
  now?: () => number;
}

/** Largest batch the API accepts (api/src/modules/telemetry/ingest.ts). */
export const MAX_EVENTS = 64;

export function beaconTransport(url: string, body: string): void {
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob))
    return;
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

function randomSessionId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Per-session telemetry of the feature apps (issue 25). De-duplicates per session as the API's
 * aggregates expect: one `session` and at most one `load_failure` per app, and the first error of
 * an app marked `first` (later ones only counted). Nothing personal: a random session id, app and
 * release ids, error kinds without messages, vitals with a sanitised route.
 */
export class TelemetryReporter {
  readonly sessionId = randomSessionId();
  readonly sampled: boolean;
  private queue: TelemetryEvent[] = [];
  private readonly sessions = new Set<string>();
  private readonly failed = new Set<string>();
  private readonly errored = new Map<string, TelemetryEvent & { type: 'error' }>();
  private readonly transport: (url: string, body: string) => void;
  private ticket: { ticket: string; expiresAt: number } | undefined;
  private asking = false;

  constructor(private readonly o: ReporterOptions) {
    this.sampled = (o.random ?? Math.random)() < o.sampleRate;
    this.transport = o.transport ?? beaconTransport;
  }

  private release(app: string): AppRelease | undefined {
    return this.o.apps().find((a) => a.app === app);
  }

  private push(e: TelemetryEvent): void {
    if (!this.sampled) return;
    this.queue.push(e);
    if (this.queue.length >= (this.o.maxBatch ?? MAX_EVENTS)) this.flush();
  }

  /** A `session` for every app attempted since the last call (loaded or failed). */
  private noteSessions(): void {
    for (const app of this.o.attempted()) {
      const r = this.release(app);
      if (!r || this.sessions.has(app)) continue;
      this.sessions.add(app);
      this.push({ type: 'session', app, release: r.releaseId });
    }
  }

  loadFailure(app: string, reason: string): void {
    const r = this.release(app);
    if (!r || this.failed.has(app)) return;
    this.noteSessions();
    this.failed.add(app);
    const stage =
      reason === 'timeout'
        ? 'timeout'
        : reason === 'chunk'
          ? 'chunk'
          : reason === 'incompatible'
            ? 'entry'
            : 'manifest';
    this.push({ type: 'load_failure', app, release: r.releaseId, stage });
  }

  error(app: string, source: 'boundary' | 'uncaught' | 'rejection'): void {
    const r = this.release(app);
    if (!r) return;
    this.noteSessions();
    const pending = this.errored.get(app);
    if (pending && this.queue.includes(pending)) {
      pending.count = Math.min(pending.count + 1, 1000);
      return;
    }
    const e = { type: 'error' as const, app, release: r.releaseId, source, first: !pending, count: 1 };
    this.errored.set(app, e);
    this.push(e);
  }

  /** An uncaught error or rejection: counted for the app whose release folder is in its stack. */
  uncaught(error: unknown, source: 'uncaught' | 'rejection'): void {
    const stack = error instanceof Error ? error.stack : undefined;
    const app = attributeStack(stack, this.o.apps());
    if (app) this.error(app.app, source);
  }

  vital(app: string, name: 'LCP' | 'INP' | 'CLS', value: number, route: string): void {
    const r = this.release(app);
    if (!r || !(value >= 0) || !Number.isFinite(value)) return;
    this.noteSessions();
    this.push({
      type: 'vital',
      app,
      release: r.releaseId,
      name,
      value: Math.min(Math.round(name === 'CLS' ? value * 1000 : value) / (name === 'CLS' ? 1000 : 1), 600_000),
      route,
    });
  }

  /** Sends what is queued (in batches the API accepts), with the session's ticket when one is needed. */
  flush(): void {
    if (!this.sampled) return;
    this.noteSessions();
    if (!this.queue.length) return;
    let ticket: string | undefined;
    if (this.o.ticket) {
      const now = (this.o.now ?? Date.now)();
      if (!this.ticket || this.ticket.expiresAt - 60_000 <= now) {
        this.askTicket();
        return;
      }
      ticket = this.ticket.ticket;
    }
    while (this.queue.length) {
      const events = this.queue.splice(0, MAX_EVENTS);
      this.transport(
        this.o.endpoint,
        JSON.stringify({ sessionId: this.sessionId, ...(ticket ? { ticket } : {}), events }),
      );
    }
  }

  /** One request at a time; the queue is sent once the ticket is there. */
  private askTicket(): void {
    if (this.asking || !this.o.ticket) return;
    this.asking = true;
    const releases = this.o.apps().map((a) => ({ app: a.app, release: a.releaseId }));
    void this.o
      .ticket(this.sessionId, releases)
      .catch(() => undefined)
      .then((t) => {
        this.asking = false;
        if (!t) return;
        this.ticket = t;
        this.flush();
      });
  }
}
