import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/index.js';

/** The channel every committed domain event is announced on (DomainEvents.record → pg_notify). */
export const LIVE_CHANNEL = 'cw_domain_events';

export interface LiveNotice {
  /** Domain event id. */
  id: string;
  type: string;
  userId: string | null;
}

type Listener = (notice: LiveNotice) => void;

/**
 * Announces a notice to every process's live streams when the caller's transaction commits
 * (NOTIFY is transactional). Domain events are announced by DomainEvents.record; consumers announce
 * what they derived (e.g. `notifications.message_created`) the same way.
 */
export async function notifyLive(
  tx: { query(text: string, params?: unknown[]): Promise<unknown> },
  notice: LiveNotice,
): Promise<void> {
  await tx.query(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, [JSON.stringify(notice)]);
}

/**
 * Fans committed domain events out to the open live streams of this process. Events arrive through
 * PostgreSQL LISTEN/NOTIFY (NOTIFY is sent inside the event's transaction and delivered only when it
 * commits), so a stream sees events recorded by ANY API process on the same database — nothing here
 * depends on which process handled the operation.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopListening: (() => Promise<void>) | undefined;

  /** Starts LISTENing on the database (a dedicated connection on PostgreSQL; PGlite's own listener). */
  async start(database: Database, databaseUrl: string | undefined): Promise<void> {
    if (this.stopListening) return;
    const onPayload = (payload: string) => {
      try {
        this.publish(JSON.parse(payload) as LiveNotice);
      } catch {
        // A malformed payload is not ours to deliver.
      }
    };
    if (database.driver === 'pglite') {
      const unlisten = await (database.client as PGlite).listen(LIVE_CHANNEL, onPayload);
      this.stopListening = async () => unlisten();
      return;
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    client.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL && n.payload) onPayload(n.payload);
    });
    // A lost listening connection must not crash the process; live updates pause until restart.
    client.on('error', () => undefined);
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    this.stopListening = async () => {
      await client.end().catch(() => undefined);
    };
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Open streams of this process (diagnostics and tests). */
  streamCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  publish(notice: LiveNotice): void {
    if (!notice.userId) return;
    for (const listener of this.listeners.get(notice.userId) ?? []) listener(notice);
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }
}
