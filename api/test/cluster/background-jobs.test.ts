import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JOB_LOCK_NAMESPACE } from '../../src/jobs/background-jobs';
import { createTestApp } from '../support/harness';
import { twoReplicas } from './support';

/**
 * Advisory locks are per database: look only at this test's scratch database (others run tests on
 * the same server), and only at this job's lock (the apps' own jobs, e.g. KYC webhooks, hold theirs).
 */
const THIS_DB = `(SELECT oid FROM pg_database WHERE datname = current_database())`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls `predicate` every 50 ms up to `ms`. */
async function until(predicate: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await wait(50);
  }
  return predicate();
}

describe('background jobs on PGlite (one process per data directory)', () => {
  it('the only process always leads', async () => {
    const t = await createTestApp('pglite');
    try {
      let runs = 0;
      t.app.jobs.every('test.pglite', 1_000_000, async () => {
        runs++;
      });
      expect(await t.app.jobs.tick('test.pglite')).toBe(true);
      expect(runs).toBe(1);
      expect(t.app.jobs.leading()).toContain('test.pglite');
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe.runIf(inject('pgReachable'))('background jobs run once across two instances on one PostgreSQL', () => {
  let cluster: Awaited<ReturnType<typeof twoReplicas>>;
  let admin: pg.Client;
  const runs = [0, 0];
  beforeAll(async () => {
    cluster = await twoReplicas();
    admin = new pg.Client({ connectionString: cluster.replicas[0].app.config.databaseUrl });
    await admin.connect();
    cluster.replicas.forEach((r, i) =>
      r.app.jobs.every('test.once', 40, async () => {
        runs[i]!++;
      }),
    );
  }, 180_000);
  afterAll(async () => {
    await admin?.end();
    await cluster?.close();
  });

  const leaderIndex = () => cluster.replicas.findIndex((r) => r.app.jobs.leading().includes('test.once'));

  it('exactly one instance runs the job', async () => {
    expect(await until(() => runs[0]! + runs[1]! >= 10, 10_000)).toBe(true);
    const leader = leaderIndex();
    expect(leader).toBeGreaterThanOrEqual(0);
    expect(runs[1 - leader]).toBe(0);
    // The lock is visible in PostgreSQL, held by one session.
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext('test.once')::oid AND granted AND database = ${THIS_DB}`,
      [JOB_LOCK_NAMESPACE],
    );
    expect(rows[0].n).toBe(1);
  });

  it('when the leader loses its database session (as when its process dies) the lock is free and the job goes on once', async () => {
    const leader = leaderIndex();
    // What PostgreSQL does when a process is killed: its session ends and the session's locks go.
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext('test.once')::oid AND granted AND database = ${THIS_DB}`,
      [JOB_LOCK_NAMESPACE],
    );
    expect(rows).toEqual([{ ok: true }]);
    // The old leader finds out on its next tick and gives the job up; whoever ticks first takes the
    // free lock (the old leader itself when it reconnects first — its process is alive here; the
    // real kill -9 hand-over is api/test/cluster/processes.test.ts). Never both at once.
    const before = runs[0]! + runs[1]!;
    expect(await until(() => runs[0]! + runs[1]! > before + 5, 10_000)).toBe(true);
    const leaders = cluster.replicas.filter((r) => r.app.jobs.leading().includes('test.once'));
    expect(leaders).toHaveLength(1);
    const locks = await admin.query(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext('test.once')::oid AND granted AND database = ${THIS_DB}`,
      [JOB_LOCK_NAMESPACE],
    );
    expect(locks.rows[0].n).toBe(1);
    expect([0, 1]).toContain(leader);
  });

  it('a graceful stop hands the job over at once', async () => {
    const leader = leaderIndex();
    const follower = 1 - leader;
    const before = runs[leader]!;
    await cluster.replicas[follower]!.app.jobs.tick('test.once'); // the follower only tries
    expect(runs[leader]).toBeGreaterThanOrEqual(before);
    await cluster.replicas[leader]!.app.jobs.stop();
    // stop() waited for the tick in progress: from here on the old leader never runs it again.
    const handedAt = runs[leader]!;
    const followerRuns = runs[follower]!;
    expect(await cluster.replicas[follower]!.app.jobs.tick('test.once')).toBe(true);
    expect(runs[follower]).toBeGreaterThan(followerRuns);
    await wait(200);
    expect(runs[leader]).toBe(handedAt);
    expect(cluster.replicas[follower]!.app.jobs.leading()).toContain('test.once');
  });
});
