/**
 * The one raw-SQL adapter (docs/ledger.md): the narrow surface the ledger and the hand-written
 * SQL of the modules need, over either driver. Both drivers return NUMERIC as strings, which is
 * what we want: amounts go straight into decimal.js. Ids and counts are cast to text/int in SQL.
 */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}
export interface SqlDatabase extends SqlRunner {
  /** Runs `fn` in one transaction (READ COMMITTED) on one connection; commits on success, rolls back on throw. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

interface PGliteLike {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(
    fn: (tx: { query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }> }) => Promise<T>,
  ): Promise<T>;
}
interface PgClientLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(err?: boolean | Error): void;
}
interface PgPoolLike {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<PgClientLike>;
}

/**
 * PGlite runs SQL synchronously in WebAssembly and settles its promises as microtasks, so a burst
 * of queued transactions runs back to back as one microtask chain: the event loop does not turn
 * (measured: 4.2 s with 1,000 racing debits), timers and sockets starve — HTTP requests, health
 * checks, the test runner's own RPC. Each transaction therefore starts by yielding one macrotask
 * turn while it holds PGlite's lock.
 */
const turnEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function sqlFromPGlite(db: PGliteLike): SqlDatabase {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params ?? [])).rows,
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await turnEventLoop();
        return fn({
          query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params ?? [])).rows,
        });
      }),
  };
}

export function sqlFromPgPool(pool: PgPoolLike): SqlDatabase {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params ?? [])).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params ?? [])).rows as R[],
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        try {
          await client.query('ROLLBACK');
        } catch {
          // The connection is unusable: the pool must drop it rather than hand it out again.
          broken = true;
        }
        throw e;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** SQLSTATE of a driver error (Drizzle wraps the driver's error in `cause`). */
export function sqlState(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = err?.code ?? err?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const SQLSTATE = {
  insufficientBalance: 'CW001',
  invalidPosting: 'CW002',
  immutable: 'CW003',
  uniqueViolation: '23505',
  checkViolation: '23514',
  deadlock: '40P01',
  serialization: '40001',
} as const;

/** Retries a transaction on deadlock/serialization failure (rare: we lock in id order). */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const state = sqlState(e);
      if (i >= attempts || (state !== SQLSTATE.deadlock && state !== SQLSTATE.serialization)) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.floor(Math.random() * 10)));
    }
  }
}

/** The raw driver behind a Drizzle handle (node-postgres Pool or PGlite). */
export function sqlFromDrizzle(database: { driver: 'pg' | 'pglite'; db: unknown }): SqlDatabase {
  const client = (database.db as { $client?: unknown }).$client;
  if (!client) throw new Error('drizzle handle without $client');
  return database.driver === 'pg' ? sqlFromPgPool(client as PgPoolLike) : sqlFromPGlite(client as PGliteLike);
}
