import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/index.js';

/**
 * The channel a release change is announced on. `pg_notify` is sent inside the transaction that
 * changes `release_channels`, so every process hears it exactly when the change is committed.
 */
export const REGISTRY_CHANNEL = 'cw_release_registry';

export async function notifyRegistryChange(
  tx: { query(text: string, params?: unknown[]): Promise<unknown> },
  app: string,
): Promise<void> {
  await tx.query(`select pg_notify('${REGISTRY_CHANNEL}', $1)`, [app]);
}

export interface RegistryCacheOptions {
  /**
   * Upper bound on staleness when no notification arrives (listener not started or its connection
   * lost): the state is re-read after this long anyway. One query per interval, not per request.
   */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * The registry state (every app's stable and canary) held in memory, so the per-client HTML and
 * `/remotes.json` resolve without a database round trip. It is dropped:
 * - at once in the process that made a change (ReleaseService calls invalidate() after commit);
 * - in every other process when PostgreSQL LISTEN/NOTIFY (or PGlite's in-process listener)
 *   delivers `cw_release_registry` — sent inside the changing transaction, delivered on commit;
 * - after `maxAgeMs` whatever happens (a lost listening connection cannot pin an old release).
 * Concurrent readers during a reload share one query (single flight); a reload that started
 * before an invalidation is not kept (generation check), so a change is never hidden by a read
 * that raced it.
 */
export class RegistryCache<T> {
  private value: T | undefined;
  private loadedAt = 0;
  private generation = 0;
  private inFlight: Promise<T> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  /** Reloads from the database (diagnostics and tests). */
  loads = 0;
  /** Notifications received (diagnostics and tests). */
  notifications = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly opts: RegistryCacheOptions,
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** The state as of at most `maxAgeMs` ago (or the last notification), from memory when fresh. */
  get(): Promise<T> {
    if (this.value !== undefined && this.now() - this.loadedAt < this.opts.maxAgeMs) return Promise.resolve(this.value);
    return this.reload();
  }

  /** The cached state without waiting; undefined when none is fresh (caller then awaits get()). */
  peek(): T | undefined {
    return this.value !== undefined && this.now() - this.loadedAt < this.opts.maxAgeMs ? this.value : undefined;
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
    this.inFlight = undefined;
  }

  private reload(): Promise<T> {
    if (this.inFlight) return this.inFlight;
    const generation = this.generation;
    const startedAt = this.now();
    this.loads += 1;
    const p = this.load().then(
      (value) => {
        // Keep it only if nothing changed while it was read.
        if (generation === this.generation) {
          this.value = value;
          this.loadedAt = startedAt;
          this.inFlight = undefined;
        }
        return value;
      },
      (error: unknown) => {
        if (generation === this.generation) this.inFlight = undefined;
        throw error;
      },
    );
    this.inFlight = p;
    return p;
  }

  /** Starts listening for changes made by other processes (a dedicated connection on PostgreSQL). */
  async listen(
    database: Database,
    databaseUrl: string | undefined,
    log?: { warn(obj: unknown, msg: string): void },
  ): Promise<void> {
    if (this.stopListening) return;
    const onNotice = () => {
      this.notifications += 1;
      this.invalidate();
    };
    if (database.driver === 'pglite') {
      const unlisten = await (database.client as PGlite).listen(REGISTRY_CHANNEL, onNotice);
      this.stopListening = async () => unlisten();
      return;
    }
    if (!databaseUrl) return;
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    // A lost connection must not crash the process; maxAgeMs bounds staleness until restart.
    client.on('error', (err) => log?.warn({ err }, 'release registry listener lost; registry re-read every maxAge'));
    client.on('notification', (n) => {
      if (n.channel === REGISTRY_CHANNEL) onNotice();
    });
    await client.connect();
    await client.query(`LISTEN ${REGISTRY_CHANNEL}`);
    // Anything committed before LISTEN took effect must not stay cached.
    this.invalidate();
    this.stopListening = async () => {
      await client.end().catch(() => undefined);
    };
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }
}
