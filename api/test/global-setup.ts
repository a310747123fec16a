import type { TestProject } from 'vitest/node';
import { ensureTemplate } from './support/template';
import { ensurePgTemplate, pgReachable, TEST_DATABASE_URL } from './support/pg';

/** Builds the PGlite template once per run and decides whether the PostgreSQL half can run. */
export default async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  await ensureTemplate();
  const reachable = await pgReachable();
  if (!reachable) {
    const msg = `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (run: node scripts/ensure-postgres.mjs)`;
    if (process.env.CI === 'true') throw new Error(`${msg}. CI=true: the PostgreSQL half of the suite must run.`);
    process.stderr.write(`\n[api tests] WARNING: ${msg} — PostgreSQL tests are SKIPPED.\n\n`);
  }
  // The HTTP tests' PostgreSQL databases are copies of one migrated template (support/pg.ts).
  if (reachable) await ensurePgTemplate();
  project.provide('pgReachable', reachable);
  process.stderr.write(`[api tests] global setup ${Date.now() - started} ms (pg ${reachable ? 'on' : 'off'})\n`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgReachable: boolean;
  }
}
