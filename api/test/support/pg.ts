import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/index';
import { migrationsHash, seedTemplate } from './template';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The migrated PostgreSQL template of this migration set (`pgTemplate()` builds it): a copy of it
 * costs ~0.2 s where migrating a new database costs 2–4 s, once per app of the HTTP tests.
 */
export function pgTemplateName(): string {
  return `cw_tpl_${migrationsHash()}`;
}

const urlOf = (name: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Builds the migrated template database once per migration set (global setup). Built under a
 * name of its own and renamed when done, so a run beside another checkout on the same server never
 * copies a half-migrated template; the loser of such a race drops its copy.
 */
export async function ensurePgTemplate(): Promise<string> {
  const name = pgTemplateName();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) {
      await dropStaleTemplates(admin, name);
      return name;
    }
    const building = `${name}_b${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ databaseUrl: urlOf(building), dataDir: '' });
    await seedTemplate(database);
    await database.close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch {
      await admin.query(`drop database if exists ${building} with (force)`);
    }
    await dropStaleTemplates(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

/** Templates of this many migration sets stay (other checkouts on the same server use theirs). */
export const KEPT_TEMPLATES = 3;

/**
 * Drops the templates of older migration sets beyond the newest KEPT_TEMPLATES (by creation order:
 * database oids only grow), so they do not pile up on a long-lived server. Never forced: a template
 * another run is copying or using right now refuses the drop, and stays for a later run.
 */
export async function dropStaleTemplates(admin: pg.Client, current: string, prefix = 'cw_tpl_'): Promise<string[]> {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`bad template prefix ${prefix}`);
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ $2 and datname <> $1 order by oid desc`,
    [current, `^${prefix}[0-9a-f]+$`],
  );
  const dropped: string[] = [];
  for (const { datname } of rows.slice(KEPT_TEMPLATES - 1)) {
    try {
      await admin.query(`drop database if exists ${datname}`);
      dropped.push(datname);
    } catch {
      // In use by another run: left for the next one.
    }
  }
  return dropped;
}

/**
 * A fresh database on the test server; `drop()` removes it (forcibly closing leftovers).
 * `migrated: true` copies the migrated template (global setup built it) instead of an empty one.
 */
export async function createScratchDatabase(
  prefix = 'cw_api',
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.migrated ? ` template ${pgTemplateName()}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = urlOf(name);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A pool on a scratch database. Its idle connections are killed when the database is dropped
 * (`drop database … with (force)` → FATAL 57P01): the pool re-emits that as an 'error' event, which
 * without a listener is an uncaught exception that fails the whole test run.
 */
export function scratchPool(options: pg.PoolConfig): pg.Pool {
  return new pg.Pool(options).on('error', () => undefined);
}
