// The database handle's types, apart from index.ts so that migrate.ts can take a Database without
// importing index.ts (which runs the migrations): no db/index <-> db/migrate cycle.
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { SqlDatabase } from './sql.js';

/** Drizzle handle, identical in type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A Drizzle transaction; pass it down instead of `db` so every statement joins it. */
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Either a plain handle or a transaction: read helpers accept both. */
export type Executor = Db | Tx;

export type Driver = 'pglite' | 'pg';

export interface Database {
  readonly driver: Driver;
  readonly db: Db;
  /** Raw SQL access (for the ledger / wallet code that writes SQL by hand). */
  readonly sql: SqlDatabase;
  /** The driver object itself: a PGlite instance or a pg.Pool. */
  readonly client: PGlite | pg.Pool;
  /**
   * Runs `fn` in one transaction (READ COMMITTED), committing when it resolves and rolling back
   * when it throws. Money-moving code must lock the rows it changes with `SELECT … FOR UPDATE`
   * in ascending id order (that is what serialises it on PostgreSQL; on PGlite a transaction
   * holds the single connection's lock, so transactions run one at a time anyway).
   * Deadlocks / serialisation failures (40P01, 40001) are retried up to `retries` times.
   */
  withTransaction<T>(fn: (tx: Tx) => Promise<T>, opts?: { retries?: number }): Promise<T>;
  /** Rows of a raw SQL statement (both drivers answer `{ rows }`). */
  query<T = Record<string, unknown>>(q: SQL, ex?: Executor): Promise<T[]>;
  close(): Promise<void>;
}
