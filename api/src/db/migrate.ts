import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './types.js';

export interface MigrationReport {
  applied: string[];
  skipped: number;
}

const FILE_RE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/**
 * Applies api/migrations/NNNN_name.sql in order, each in its own transaction together with its row
 * in schema_migrations. A changed checksum of an applied file stops start-up: migrations are
 * append-only. Concurrent starters on PostgreSQL are serialised by an advisory lock.
 */
export async function runMigrations(
  database: Database,
  dir: string,
  log?: (m: string) => void,
): Promise<MigrationReport> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of files) {
    if (!FILE_RE.test(f)) throw new Error(`Migration file name ${f} does not match NNNN_name.sql`);
  }
  const versions = files.map((f) => f.slice(0, 4));
  const dup = versions.find((v, i) => versions.indexOf(v) !== i);
  if (dup) throw new Error(`Two migrations share the version ${dup}`);

  await database.db.execute(sql`
    create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);
  const report: MigrationReport = { applied: [], skipped: 0 };
  for (const file of files) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    const version = file.slice(0, 4);
    const done = await database.withTransaction(
      async (tx) => {
        if (database.driver === 'pg') await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
        const rows = await database.query<{ checksum: string }>(
          sql`select checksum from schema_migrations where version = ${version}`,
          tx,
        );
        if (rows[0]) {
          if (rows[0].checksum !== checksum) {
            throw new Error(
              `Migration ${file} was changed after it was applied (checksum mismatch). Add a new migration instead.`,
            );
          }
          return false;
        }
        await execScript(tx, text);
        await tx.execute(
          sql`insert into schema_migrations (version, name, checksum) values (${version}, ${file}, ${checksum})`,
        );
        return true;
      },
      { retries: 0 },
    );
    if (done) {
      report.applied.push(file);
      log?.(`migration applied: ${file}`);
    } else report.skipped++;
  }
  return report;
}

/**
 * Runs a multi-statement SQL script inside the transaction. Drizzle's execute() uses the extended
 * protocol (one statement), so the script goes to the transaction's own client: PGlite's
 * Transaction.exec / node-postgres' simple-protocol query.
 */
async function execScript(tx: unknown, text: string): Promise<void> {
  const client = (
    tx as { session?: { client?: { exec?: (t: string) => Promise<unknown>; query?: (t: string) => Promise<unknown> } } }
  ).session?.client;
  if (client?.exec) await client.exec(text);
  else if (client?.query) await client.query(text);
  else throw new Error('Cannot reach the transaction client to run a migration script');
}
