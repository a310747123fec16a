import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { telemetryOf } from '../../src/modules/telemetry/instance';
import { HEALTHY, publish, releaseRoot, rng, sendSessions, type Traffic } from './support';

const APPS = ['mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport'];
/** Sessions per minute of one app across both cohorts (split by the canary percentage). */
const PER_MINUTE = 400;

describe.each(testDrivers())('canary analysis and automatic rollouts on %s', (driver) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let seed = 1;
  const minSessions = 300;

  const channel = async (app: string) =>
    (await t.get(`releases/${app}`, {}, { headers: { authorization: `Bearer ${admin}` } })).data.channel;
  const audit = async (app: string) =>
    (await t.get(`releases/${app}/audit`, {}, { headers: { authorization: `Bearer ${admin}` } })).data
      .entries as Array<{ action: string; details: Record<string, unknown> }>;
  const start = async (app: string) => {
    const res = await t.post('admin/rollouts/start', { app }, { token: admin });
    expect(res.code, res.msg).toBe(200);
    return res.data as { id: string; percent: number; releaseId: string };
  };

  /** One minute of traffic for every app with a canary (canary traffic may differ), then one analysis round. */
  const minute = async (canaryTraffic: Record<string, Traffic> = {}) => {
    const sent: Record<string, { canary: number; stable: number }> = {};
    for (const app of APPS) {
      const c = await channel(app);
      if (!c?.canary) continue;
      const canary = Math.round((PER_MINUTE * c.canary.percent) / 100);
      await sendSessions(t, app, c.canary.releaseId, canary, canaryTraffic[app] ?? HEALTHY, rng(seed++));
      await sendSessions(t, app, c.stable.releaseId, PER_MINUTE - canary, HEALTHY, rng(seed++));
      sent[app] = { canary, stable: PER_MINUTE - canary };
    }
    t.clock.advance(60_000);
    return { sent, results: await telemetryOf(t.app).rollouts.tick() };
  };

  beforeAll(async () => {
    root = releaseRoot();
    t = await createTestApp(driver, {
      WEB_ROOT: root,
      RELEASE_STORE_DIR: path.join(root, 'store'),
      TELEMETRY_FLUSH_MS: '0',
      TELEMETRY_ANALYSIS_INTERVAL_MS: '0',
      TELEMETRY_MIN_SESSIONS: String(minSessions),
    });
    admin = (await t.createAdmin()).token;
    for (const app of APPS) await publish(t, admin, app, 'v0', { stable: true });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('20 healthy canaries advance 5 → 25 → 50 → 100 % and are never rolled back', async () => {
    const steps: Record<string, number[]> = {};
    let completed = 0;
    for (let round = 1; round <= 4; round++) {
      const releases: Record<string, string> = {};
      for (const app of APPS) {
        releases[app] = await publish(t, admin, app, `v${round}`, { canaryPercent: 10 });
        const r = await start(app);
        expect(r.percent).toBe(5);
        steps[`${app}:${round}`] = [5];
      }
      for (let m = 0; m < 120 && Object.keys(releases).some((a) => !steps[`${a}:${round}`]!.includes(100)); m++) {
        const { results } = await minute();
        for (const r of results) {
          expect(r.action, `${r.app} round ${round} minute ${m}`).not.toBe('rolled_back');
          expect(r.verdict).not.toBe('failing');
          if (r.action === 'advanced' || r.action === 'completed')
            steps[`${r.app}:${round}`]!.push((await channel(r.app)).canary?.percent ?? 100);
        }
      }
      for (const app of APPS) {
        expect(steps[`${app}:${round}`]).toEqual([5, 25, 50, 100]);
        const c = await channel(app);
        expect(c.stable.releaseId).toBe(releases[app]);
        expect(c.canary).toBeNull();
        completed++;
      }
    }
    expect(completed).toBe(20);
    // Each advance is in the audit log with the verdict's evidence; no rollback anywhere.
    for (const app of APPS) {
      const entries = await audit(app);
      expect(entries.filter((e) => e.action === 'rollout_advance')).toHaveLength(12);
      expect(
        entries.filter(
          (e) => e.action === 'rollout_rollback' || e.action === 'rollback' || e.action === 'abort_canary',
        ),
      ).toHaveLength(0);
    }
    const messages = (await t.get('admin/rollouts/messages', {}, { token: admin })).data.messages as Array<{
      text: string;
    }>;
    expect(messages.filter((m) => /stable for everyone/.test(m.text))).toHaveLength(20);
  }, 600_000);

  for (const [name, app, bad] of [
    ['5 × the error-session rate', 'mf_card', { ...HEALTHY, errorRate: 0.1 }],
    ['+800 ms p75 LCP', 'mf_wallet', { ...HEALTHY, lcpExtra: 800 }],
  ] as const) {
    it(`a canary with ${name} is rolled back at the first analysis after the minimum sample`, async () => {
      const stableBefore = (await channel(app)).stable.releaseId;
      const release = await publish(t, admin, app, `v9${name.length}`, { canaryPercent: 10 });
      await start(app);
      const metric = name.includes('LCP') ? 'lcp_p75' : 'error_session_rate';
      const lastMetric = async () =>
        (
          await t.database.sql.query<{ v: { metrics: Array<{ metric: string; verdict: string }> } | null }>(
            `select last_verdict as v from release_rollouts where app = $1 order by id desc limit 1`,
            [app],
          )
        )[0]?.v?.metrics.find((x) => x.metric === metric);
      let rolledBackAt: number | undefined;
      for (let m = 0; m < 60 && rolledBackAt === undefined; m++) {
        const { results } = await minute({ [app]: bad });
        const mine = results.find((r) => r.app === app)!;
        if (mine.action === 'rolled_back') rolledBackAt = m;
        else {
          // Every look before the rollback lacked the metric's minimum sample: the first look that had it decided.
          expect(mine).toMatchObject({ action: 'none', verdict: 'not_enough_data' });
          expect(await lastMetric()).toMatchObject({ verdict: 'not_enough_data' });
        }
      }
      expect(rolledBackAt).toBeDefined();
      const c = await channel(app);
      expect(c.canary).toBeNull(); // everyone back on stable at once
      expect(c.stable.releaseId).toBe(stableBefore);
      const entry = (await audit(app)).find((e) => e.action === 'rollout_rollback')!;
      expect(entry).toBeDefined();
      const evidence = entry.details as {
        canary: { releaseId: string; sessions: number };
        metrics: Array<{
          metric: string;
          verdict: string;
          n: { canary: number };
          z: number;
          pValue: number;
          canary: number;
          stable: number;
        }>;
      };
      expect(evidence.canary.releaseId).toBe(release);
      const failing = evidence.metrics.find((x) => x.metric === metric)!;
      expect(failing).toMatchObject({ verdict: 'failing' });
      expect(failing.n.canary).toBeGreaterThanOrEqual(metric === 'lcp_p75' ? 200 : minSessions);
      expect(failing.z).toBeGreaterThan(3.89);
      expect(failing.pValue).toBeLessThan(1e-4);
      if (metric === 'lcp_p75') expect(failing.canary - failing.stable).toBeGreaterThan(500);
      else expect(failing.canary / failing.stable).toBeGreaterThan(3);
      // The other metrics were not blamed.
      expect(evidence.metrics.filter((x) => x.verdict === 'failing').map((x) => x.metric)).toEqual([metric]);
      const messages = (await t.get('admin/rollouts/messages', {}, { token: admin })).data.messages as Array<{
        app: string;
        text: string;
      }>;
      expect(messages[0]).toMatchObject({ app });
      expect(messages[0]!.text).toMatch(/rolled back at 5 %/);
      // A rolled-back rollout does nothing more.
      expect((await minute()).results.find((r) => r.app === app)).toBeUndefined();
    }, 300_000);
  }

  it('a person wins: manual pause, percentage change and rollback stop the automatic rollout from acting', async () => {
    const app = 'mf_user';
    await publish(t, admin, app, 'v71', { canaryPercent: 10 });
    await start(app);
    // Two active rollouts of one app are refused.
    expect((await t.post('admin/rollouts/start', { app }, { token: admin })).code).toBe(409);
    // Paused: healthy traffic for longer than the hold advances nothing.
    expect((await t.post('admin/rollouts/pause', { app }, { token: admin })).data.status).toBe('paused');
    for (let m = 0; m < 30; m++) expect((await minute()).results.find((r) => r.app === app)).toBeUndefined();
    expect((await channel(app)).canary.percent).toBe(5);
    const resumed = (await t.post('admin/rollouts/resume', { app }, { token: admin })).data;
    expect(resumed.status).toBe('running');
    // A person widens the canary by hand: the rollout pauses instead of overriding them.
    await t.post(`releases/${app}/promote`, { percent: 40 }, { headers: { authorization: `Bearer ${admin}` } });
    expect((await minute()).results.find((r) => r.app === app)).toMatchObject({ action: 'paused' });
    expect((await channel(app)).canary.percent).toBe(40);
    // Resumed at the person's 40 %? No: the rollout's step is 5 %, so it pauses again — the person decides.
    await t.post('admin/rollouts/resume', { app }, { token: admin });
    await t.post(`releases/${app}/rollback`, {}, { headers: { authorization: `Bearer ${admin}` } });
    expect((await minute()).results.find((r) => r.app === app)).toMatchObject({ action: 'stopped' });
    expect((await channel(app)).canary).toBeNull();
    const overview = (await t.get('admin/telemetry/overview', {}, { token: admin })).data;
    expect(overview.apps.find((a: { app: string }) => a.app === app).rollout).toMatchObject({ status: 'superseded' });
  }, 300_000);

  it('races: 20 simultaneous starts make one rollout; 5 overlapping analysis rounds advance one step, audited once', async () => {
    const app = 'mf_share';
    await publish(t, admin, app, 'v81', { canaryPercent: 10 });
    const starts = await Promise.all(
      Array.from({ length: 20 }, () => t.post('admin/rollouts/start', { app }, { token: admin })),
    );
    expect(starts.filter((r) => r.code === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.code === 409 && r.key === 'release_conflict')).toHaveLength(19);
    expect(starts.some((r) => r.code >= 500)).toBe(false);
    const active = await t.database.sql.query(
      `select 1 from release_rollouts where app = $1 and status in ('running', 'paused')`,
      [app],
    );
    expect(active).toHaveLength(1);
    // Enough healthy traffic and time, without analysing in between.
    for (let m = 0; m < 20; m++) {
      const c = await channel(app);
      await sendSessions(t, app, c.canary.releaseId, 20, HEALTHY, rng(seed++));
      await sendSessions(t, app, c.stable.releaseId, 380, HEALTHY, rng(seed++));
      t.clock.advance(60_000);
    }
    const auditBefore = (await audit(app)).length;
    const rounds = await Promise.all(Array.from({ length: 5 }, () => telemetryOf(t.app).rollouts.tick()));
    const advanced = rounds.flat().filter((r) => r.app === app && r.action === 'advanced');
    expect(advanced).toHaveLength(1);
    expect((await channel(app)).canary.percent).toBe(25);
    const newEntries = (await audit(app)).slice(0, (await audit(app)).length - auditBefore);
    expect(newEntries.filter((e) => e.action === 'rollout_advance')).toHaveLength(1);
    expect(newEntries.filter((e) => e.action === 'canary')).toHaveLength(1);
    await t.post(`releases/${app}/rollback`, {}, { headers: { authorization: `Bearer ${admin}` } });
  }, 300_000);
});
