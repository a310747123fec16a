import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirLock } from './lock.js';
import { openPglite } from './pglite.js';
import { runMigrations, type MigrationReport } from './migrate.js';
import { sqlFromPGlite, sqlFromPgPool, type SqlRunner } from './sql.js';

export type { Db, Tx, Executor, Driver, Database } from './types.js';
import type { Db, Tx, Executor, Driver, Database } from './types.js';
export type { SqlDatabase, SqlRunner } from './sql.js';

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  migrationsDir?: string;
  /** Skip the migration run (used when a test copies an already migrated template). */
  migrate?: boolean;
  log?: (msg: string) => void;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../migrations');

/** Error code of a DB error, unwrapping Drizzle's wrapper. */
export function pgErrorCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = err?.code ?? err?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

const RETRYABLE = new Set(['40P01', '40001']);

export async function openDatabase(opts: OpenOptions): Promise<Database & { migrations: MigrationReport }> {
  let database: Database;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', (e) => opts.log?.(`postgres pool error: ${e.message}`));
    await pool.query('select 1');
    database = makeDatabase('pg', drizzlePg(pool) as unknown as Db, pool, () => pool.end());
  } else {
    fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    const lock = DataDirLock.acquire(`${opts.dataDir}.lock`);
    let client: PGlite;
    try {
      client = await openPglite(opts.dataDir);
    } catch (e) {
      lock.release();
      throw e;
    }
    const pgliteClient = client;
    database = makeDatabase('pglite', drizzlePglite(client) as unknown as Db, pgliteClient, async () => {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    });
  }
  let migrations: MigrationReport = { applied: [], skipped: 0 };
  if (opts.migrate !== false) {
    try {
      migrations = await runMigrations(database, opts.migrationsDir ?? MIGRATIONS_DIR, opts.log);
    } catch (e) {
      await database.close();
      throw e;
    }
  }
  return Object.assign(database, { migrations });
}

function makeDatabase(driver: Driver, db: Db, client: PGlite | pg.Pool, closeFn: () => Promise<void>): Database {
  let closed = false;
  return {
    driver,
    db,
    client,
    sql: driver === 'pg' ? sqlFromPgPool(client as pg.Pool) : sqlFromPGlite(client as PGlite),
    async withTransaction(fn, opts) {
      const retries = opts?.retries ?? 3;
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction((tx) => fn(tx as unknown as Tx));
        } catch (e) {
          if (attempt < retries && RETRYABLE.has(pgErrorCode(e) ?? '')) {
            await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
            continue;
          }
          throw e;
        }
      }
    },
    async query<T>(q: SQL, ex?: Executor) {
      const result = (await (ex ?? db).execute(q)) as unknown as { rows: T[] };
      return result.rows;
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeFn();
    },
  };
}

export { sql };

/** The raw runner of a Drizzle transaction (its own connection), to mix hand-written SQL into it. */
export function runnerOf(tx: Tx): SqlRunner {
  const client = (
    tx as unknown as { session: { client: { query: (t: string, p?: unknown[]) => Promise<{ rows: unknown[] }> } } }
  ).session.client;
  return { query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params ?? [])).rows as T[] };
}
