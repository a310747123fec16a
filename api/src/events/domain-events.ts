import type { SqlDatabase, SqlRunner } from '../db/index.js';
import { LIVE_CHANNEL, notifyLive } from './live-hub.js';

/**
 * Domain events — the one event mechanism of the API (a transactional outbox).
 *
 * - A module records what happened with `record(tx, …)` INSIDE the transaction of its posting, so
 *   the event exists exactly when the operation does. Recording the same (type, aggregateId) twice
 *   is a no-op (a retried operation does not produce a second event).
 * - A consumer subscribes by name to event types. Recording fans the event out to one delivery row
 *   per subscribed consumer. `drain(consumer)` claims due deliveries with `FOR UPDATE SKIP LOCKED`
 *   (several API processes never claim the same one) and runs the handler in the SAME transaction
 *   that marks the delivery done: the consumer's effect and its completion commit together, so a
 *   crash in between leaves the delivery pending and it runs again — exactly once in effect.
 * - A failing handler rolls back its own effect; the delivery is retried with exponential backoff
 *   and marked `dead` after `maxAttempts` (visible to operators, never silently dropped).
 * A consumer that subscribes later does not see events recorded before it existed.
 */
export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  type: string;
  userId: string | null;
  aggregateId: string;
  payload: P;
  occurredAt: string;
}

export interface NewDomainEvent {
  /** Dotted lower-case name, e.g. `wallet.deposit_credited`. */
  type: string;
  userId: string | null;
  aggregateId: string;
  payload?: Record<string, unknown>;
}

export type DomainEventHandler = (tx: SqlRunner, event: DomainEvent) => Promise<void>;

interface Subscription {
  types: Set<string>;
  handler: DomainEventHandler;
}

export interface DrainResult {
  done: number;
  failed: number;
}

export interface DomainEventsOptions {
  maxAttempts?: number;
  /** First retry delay; doubles per attempt, capped at 1 hour. */
  retryBaseMs?: number;
  onError?: (consumer: string, event: DomainEvent, error: unknown) => void;
}

interface EventRow {
  id: string;
  type: string;
  user_id: string | null;
  aggregate_id: string;
  payload: Record<string, unknown>;
  occurred_at: string;
}

const EVENT_COLUMNS = `e.id::text AS id, e.type, e.user_id::text AS user_id, e.aggregate_id, e.payload, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at`;

function toEvent(r: EventRow): DomainEvent {
  return {
    id: r.id,
    type: r.type,
    userId: r.user_id,
    aggregateId: r.aggregate_id,
    payload: r.payload,
    occurredAt: r.occurred_at,
  };
}

export class DomainEvents {
  private readonly subscriptions = new Map<string, Subscription>();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;

  constructor(
    private readonly db: SqlDatabase,
    private readonly options: DomainEventsOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.retryBaseMs = options.retryBaseMs ?? 5_000;
  }

  subscribe(consumer: string, types: string[], handler: DomainEventHandler): void {
    if (this.subscriptions.has(consumer)) throw new Error(`domain event consumer "${consumer}" subscribed twice`);
    this.subscriptions.set(consumer, { types: new Set(types), handler });
  }

  consumers(): string[] {
    return [...this.subscriptions.keys()].sort();
  }

  /** Records an event inside the caller's transaction; answers its id, or null when it was already recorded. */
  async record(tx: SqlRunner, event: NewDomainEvent): Promise<string | null> {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO domain_events (type, user_id, aggregate_id, payload) VALUES ($1, $2::bigint, $3, $4::jsonb)
       ON CONFLICT (type, aggregate_id) DO NOTHING RETURNING id::text AS id`,
      [event.type, event.userId, event.aggregateId, JSON.stringify(event.payload ?? {})],
    );
    if (!row) return null;
    const consumers = [...this.subscriptions].filter(([, s]) => s.types.has(event.type)).map(([name]) => name);
    if (consumers.length > 0) {
      await tx.query(`INSERT INTO domain_event_deliveries (consumer, event_id) SELECT unnest($1::text[]), $2::bigint`, [
        consumers,
        row.id,
      ]);
    }
    // Live updates (src/events/live-hub.ts): delivered to listeners only when this transaction commits.
    await notifyLive(tx, { id: row.id, type: event.type, userId: event.userId });
    return row.id;
  }

  /**
   * `record` for an operation that is one SQL statement (the hot paths: wallet transfer, exchange,
   * withdrawal request): CTEs to append to that statement's WITH list, recording the event of the
   * row its CTE `source` inserted — the same table, fan-out and live notice as `record`, committed
   * with the statement (nothing when `source` inserted nothing, e.g. an idempotent replay). The
   * statement must evaluate `witness` (select it), else PostgreSQL skips the notice.
   */
  recordInStatement(
    event: { type: string; userId: string; source: string; aggregateId: string; payload?: Record<string, unknown> },
    firstParam: number,
  ): { ctes: string; witness: string; params: unknown[] } {
    const consumers = [...this.subscriptions].filter(([, s]) => s.types.has(event.type)).map(([name]) => name);
    const [type, user, payload, subscribed] = [0, 1, 2, 3].map((i) => `$${firstParam + i}`);
    return {
      ctes: `ev AS (
         INSERT INTO domain_events (type, user_id, aggregate_id, payload)
         SELECT ${type}::text, ${user}::bigint, ${event.aggregateId}, ${payload}::jsonb FROM ${event.source}
         ON CONFLICT (type, aggregate_id) DO NOTHING RETURNING id, type, user_id),
       ev_deliveries AS (
         INSERT INTO domain_event_deliveries (consumer, event_id) SELECT c, ev.id FROM ev, unnest(${subscribed}::text[]) AS c),
       ev_notice AS (
         SELECT pg_notify('${LIVE_CHANNEL}', json_build_object('id', ev.id::text, 'type', ev.type, 'userId', ev.user_id::text)::text) FROM ev)`,
      witness: `(SELECT count(*) FROM ev_notice)`,
      params: [event.type, event.userId, JSON.stringify(event.payload ?? {}), consumers],
    };
  }

  /** Processes up to `limit` due deliveries of one consumer, one transaction each. */
  async drain(consumer: string, limit = 100): Promise<DrainResult> {
    const sub = this.subscriptions.get(consumer);
    if (!sub) throw new Error(`unknown domain event consumer "${consumer}"`);
    const result: DrainResult = { done: 0, failed: 0 };
    // A delivery that failed in this pass waits for its backoff even when that is already over.
    const failedHere: string[] = [];
    for (let i = 0; i < limit; i++) {
      let claimed: DomainEvent | undefined;
      try {
        const processed = await this.db.transaction(async (tx) => {
          const [row] = await tx.query<EventRow>(
            `SELECT ${EVENT_COLUMNS} FROM domain_event_deliveries d JOIN domain_events e ON e.id = d.event_id
             WHERE d.consumer = $1 AND d.status = 'pending' AND d.next_attempt_at <= clock_timestamp()
               AND NOT (d.event_id = ANY ($2::bigint[]))
             ORDER BY d.event_id LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
            [consumer, failedHere],
          );
          if (!row) return false;
          claimed = toEvent(row);
          await sub.handler(tx, claimed);
          await tx.query(
            `UPDATE domain_event_deliveries SET status = 'done', attempts = attempts + 1, done_at = clock_timestamp(), last_error = NULL
             WHERE consumer = $1 AND event_id = $2::bigint`,
            [consumer, claimed.id],
          );
          return true;
        });
        if (!processed) break;
        result.done++;
      } catch (error) {
        if (!claimed) throw error;
        result.failed++;
        failedHere.push(claimed.id);
        this.options.onError?.(consumer, claimed, error);
        await this.recordFailure(consumer, claimed.id, error);
      }
    }
    return result;
  }

  private async recordFailure(consumer: string, eventId: string, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    await this.db.query(
      `UPDATE domain_event_deliveries
       SET attempts = attempts + 1, last_error = $3,
           status = CASE WHEN attempts + 1 >= $4 THEN 'dead' ELSE 'pending' END,
           next_attempt_at = clock_timestamp() + make_interval(secs => least(3600, ($5::float8 / 1000) * power(2, attempts)))
       WHERE consumer = $1 AND event_id = $2::bigint AND status = 'pending'`,
      [consumer, eventId, message, this.maxAttempts, this.retryBaseMs],
    );
  }

  /** Drains every consumer until nothing is due (tests and demo seeds). Bounded by `rounds`. */
  async drainAll(rounds = 20): Promise<DrainResult> {
    const total: DrainResult = { done: 0, failed: 0 };
    for (let round = 0; round < rounds; round++) {
      let progressed = 0;
      for (const consumer of this.consumers()) {
        const r = await this.drain(consumer);
        total.done += r.done;
        total.failed += r.failed;
        progressed += r.done;
      }
      if (progressed === 0) break;
    }
    return total;
  }

  /** Polls every consumer in the background (main.ts); one pass at a time. */
  start(intervalMs = 1_000): void {
    if (this.timer || this.subscriptions.size === 0) return;
    this.timer = setInterval(() => {
      if (this.draining) return;
      this.draining = this.drainAll(1)
        .then(() => undefined)
        .catch(() => undefined)
        .finally(() => {
          this.draining = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.draining;
  }
}
