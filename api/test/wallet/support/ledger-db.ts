import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sqlFromPGlite, sqlFromPgPool, type SqlDatabase } from '../../../src/ledger/sql';
import { ensureTemplate } from '../../support/template';
import { scratchPool } from '../../support/pg';

/**
 * A database with only the wallet migrations applied, for ledger-level tests that do not need the
 * HTTP app: in-memory PGlite, or a fresh throw-away database on the local PostgreSQL.
 */
const MIGRATIONS = fileURLToPath(new URL('../../../migrations/', import.meta.url));
/** The wallet migrations (0100+) in order: the ledger needs nothing from the core ones. */
export const WALLET_MIGRATION = readdirSync(MIGRATIONS)
  .filter((f) => /^01\d\d_.*\.sql$/.test(f))
  .sort()
  .map((f) => readFileSync(`${MIGRATIONS}${f}`, 'utf8'))
  .join('\n');

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function pgAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface TestDb {
  kind: 'pglite' | 'pg';
  sql: SqlDatabase;
  url?: string;
  close(): Promise<void>;
}

export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cw_wallet_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openLedgerDb(kind: 'pglite' | 'pg', poolSize = 16): Promise<TestDb> {
  if (kind === 'pglite') {
    // A copy of the harness's migrated template opens in ~1–2 s (a new PGlite costs 6–10 s).
    const dir = path.join(os.tmpdir(), `cw-ledger-test-${process.pid}-${randomBytes(4).toString('hex')}`);
    cpSync(await ensureTemplate(), dir, { recursive: true });
    const db = new PGlite(dir);
    await db.waitReady;
    return {
      kind,
      sql: sqlFromPGlite(db),
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const created = await createPgDatabase();
  const pool = scratchPool({ connectionString: created.url, max: poolSize });
  await pool.query(WALLET_MIGRATION);
  return {
    kind,
    url: created.url,
    sql: sqlFromPgPool(pool),
    close: async () => {
      await pool.end();
      await created.drop();
    },
  };
}
