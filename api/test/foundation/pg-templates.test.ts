import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropStaleTemplates, KEPT_TEMPLATES, pgReachable, TEST_DATABASE_URL } from '../support/pg';

const reachable = await pgReachable();
// A prefix of this run's own, so the real templates of this or another checkout are never touched.
const prefix = `cw_tpltest${randomBytes(3).toString('hex')}_`;

describe.skipIf(!reachable)('test template databases do not pile up', () => {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const holders: pg.Client[] = [];

  afterAll(async () => {
    for (const holder of holders) await holder.end().catch(() => undefined);
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  });

  it('keeps the newest sets and any template in use, drops the rest, never by force', async () => {
    await admin.connect();
    const names = ['a1', 'b2', 'c3', 'd4', 'e5'].map((hex) => `${prefix}${hex}`);
    for (const name of names) await admin.query(`create database ${name}`);
    // The oldest is in use by another run: it must survive.
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${names[0]}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    holders.push(holder);
    const current = names[4]!;
    const dropped = await dropStaleTemplates(admin, current, prefix);
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 order by oid`,
      [`${prefix}%`],
    );
    const left = rows.map((r) => r.datname);
    // The current one plus the KEPT_TEMPLATES − 1 newest others, plus the one in use.
    expect(left).toEqual([names[0], ...names.slice(5 - KEPT_TEMPLATES)]);
    expect(dropped.sort()).toEqual(names.slice(1, 5 - KEPT_TEMPLATES).sort());
    await expect(dropStaleTemplates(admin, current, 'x; drop')).rejects.toThrow(/bad template prefix/);
  });
});
