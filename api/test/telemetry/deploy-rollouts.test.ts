import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { releaseServiceOf } from '../../src/modules/releases/instance';
import { telemetryOf } from '../../src/modules/telemetry/instance';
import { HEALTHY, publish, releaseRoot, rng, sendSessions } from './support';

/**
 * A team's CI runs its own automatic rollouts with its deploy token, and the cross-app e2e
 * candidate run can gate the first step (issue 25).
 */
describe.each(testDrivers())('automatic rollouts with a deploy token and a candidate gate on %s', (driver) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let cardToken: string;
  let walletToken: string;
  let label = 1;
  const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const channel = async (app: string) => (await t.get(`releases/${app}`, {}, as(admin))).data.channel;
  const audit = async (app: string) =>
    (await t.get(`releases/${app}/audit`, {}, as(admin))).data.entries as Array<{ action: string; actor: string }>;
  /** A fresh registered (not yet canary) release of mf_card. */
  const registered = async () => {
    const id = await publish(t, admin, 'mf_card', `v${label++}`, { canaryPercent: 10 });
    await t.post('releases/mf_card/rollback', {}, as(admin));
    return id;
  };

  beforeAll(async () => {
    root = releaseRoot();
    t = await createTestApp(driver, {
      WEB_ROOT: root,
      RELEASE_STORE_DIR: path.join(root, 'store'),
      TELEMETRY_FLUSH_MS: '0',
      TELEMETRY_ANALYSIS_INTERVAL_MS: '0',
    });
    admin = (await t.createAdmin()).token;
    for (const app of ['mf_card', 'mf_wallet']) await publish(t, admin, app, 'v0', { stable: true });
    cardToken = (await t.post('admin/releases/tokens', { app: 'mf_card', label: 'card CI' }, { token: admin })).data
      .token;
    walletToken = (await t.post('admin/releases/tokens', { app: 'mf_wallet', label: 'wallet CI' }, { token: admin }))
      .data.token;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('only the app’s own token (or an admin) may start, watch, pause or gate its rollout', async () => {
    const releaseId = await registered();
    expect((await t.post('releases/mf_card/rollout', { releaseId }, as(walletToken))).key).toBe('forbidden');
    expect((await t.get('releases/mf_card/rollout', {}, as(walletToken))).key).toBe('forbidden');
    expect((await t.post('releases/mf_card/rollout/pause', {}, as('cwd_not-a-token'))).key).toBe('unauthenticated');
    const customer = await t.createUser();
    expect((await t.post('releases/mf_card/rollout', { releaseId }, { token: customer.token })).key).toBe(
      'unauthenticated',
    );
    expect((await t.post('releases/mf_card/rollout', { steps: [50, 10] }, as(cardToken))).key).toBe('release_conflict');
    expect((await t.post('releases/mf_card/rollout', { releaseId: 'nope-1' }, as(cardToken))).key).toBe('not_found');

    const started = await t.post('releases/mf_card/rollout', { releaseId, steps: [10, 100] }, as(cardToken));
    expect(started.code, started.msg).toBe(200);
    expect(started.data).toMatchObject({ status: 'running', percent: 10, createdBy: expect.stringMatching(/^token:/) });
    expect((await t.post('releases/mf_card/rollout/pause', {}, as(cardToken))).data.status).toBe('paused');
    expect((await t.post('releases/mf_card/rollout/resume', {}, as(cardToken))).data.status).toBe('running');
    const watched = await t.get('releases/mf_card/rollout', {}, as(cardToken));
    expect(watched.data.rollout).toMatchObject({ releaseId, status: 'running' });
    expect(watched.data.comparison).toMatchObject({ verdict: 'not_enough_data' });
    // A person's rollback ends it.
    await t.post('releases/mf_card/rollback', {}, as(cardToken));
    await telemetryOf(t.app).rollouts.tick();
    expect((await t.get('releases/mf_card/rollout', {}, as(cardToken))).data.rollout.status).toBe('superseded');
  });

  it('a team’s console view: its own app’s channels, rollout and comparison, never another app’s', async () => {
    const releaseId = await registered();
    await t.post('releases/mf_card/rollout', { releaseId, steps: [10, 100] }, as(cardToken));
    const own = await t.get('releases/mf_card/overview', {}, as(cardToken));
    expect(own.code, own.msg).toBe(200);
    expect(own.data.overview).toMatchObject({
      app: 'mf_card',
      canary: { releaseId, percent: 10 },
      rollout: { releaseId, status: 'running' },
      comparison: { verdict: 'not_enough_data' },
    });
    expect(own.data.overview.series).toEqual({ canary: expect.any(Array), stable: expect.any(Array) });
    const all = await t.get('admin/telemetry/overview', {}, { token: admin });
    const adminCard = all.data.apps.find((a: { app: string }) => a.app === 'mf_card');
    // The same figures the admin's overview has for that app (the comparison's window ends "now").
    const withoutWindowEnd = (o: { comparison: { window: object } }) => ({
      ...o,
      comparison: { ...o.comparison, window: { ...o.comparison.window, to: undefined } },
    });
    expect(withoutWindowEnd(own.data.overview)).toEqual(withoutWindowEnd(adminCard));
    expect((await t.get('releases/mf_card/overview', {}, as(walletToken))).key).toBe('forbidden');
    expect((await t.get('releases/mf_card/overview', {}, as('cwd_not-a-token'))).key).toBe('unauthenticated');
    const wallet = await t.get('releases/mf_wallet/overview', {}, as(walletToken));
    expect(wallet.data.overview).toMatchObject({ app: 'mf_wallet', canary: null, rollout: null });
    await t.post('releases/mf_card/rollback', {}, as(cardToken));
    await telemetryOf(t.app).rollouts.tick();
  });

  it('a gated rollout waits at a 0 % canary that only candidate clients get; a pass starts the first step', async () => {
    const releaseId = await registered();
    const res = await t.post('releases/mf_card/rollout', { releaseId, candidateGate: true }, as(cardToken));
    expect(res.data).toMatchObject({ status: 'awaiting_candidate', percent: 0, candidateGate: true });
    expect(await channel('mf_card')).toMatchObject({ canary: { releaseId, percent: 0 } });

    const releases = releaseServiceOf(t.app);
    const cohorts = Array.from({ length: 500 }, (_, i) => `anon:${i}`);
    for (const cohort of cohorts) {
      const card = (await releases.resolve(cohort)).find((r) => r.name === 'mf_card');
      expect(card?.releaseId, cohort).not.toBe(releaseId);
    }
    const candidate = (await releases.resolve('anon:1', new Set(['mf_card']))).find((r) => r.name === 'mf_card');
    expect(candidate?.releaseId).toBe(releaseId);

    // The analysis leaves it alone while it waits.
    expect(await telemetryOf(t.app).rollouts.tick()).toEqual([{ app: 'mf_card', action: 'none' }]);

    const passed = await t.post(
      'releases/mf_card/rollout/candidate',
      { passed: true, report: 'https://ci.example/run/42' },
      as(cardToken),
    );
    expect(passed.data).toMatchObject({
      status: 'running',
      percent: 5,
      candidateResult: { passed: true, report: 'https://ci.example/run/42' },
    });
    expect(await channel('mf_card')).toMatchObject({ canary: { releaseId, percent: 5 } });
    expect((await audit('mf_card')).map((e) => e.action)).toContain('rollout_candidate_passed');
    // Reported twice: the first report stands.
    expect((await t.post('releases/mf_card/rollout/candidate', { passed: false }, as(cardToken))).key).toBe(
      'release_conflict',
    );
    await t.post('releases/mf_card/rollback', {}, as(admin));
    await telemetryOf(t.app).rollouts.tick();
  });

  it('a failed candidate run stops the 0 % canary and tells whoever started the rollout', async () => {
    const releaseId = await registered();
    await t.post('releases/mf_card/rollout', { releaseId, candidateGate: true }, as(cardToken));
    const failed = await t.post('releases/mf_card/rollout/candidate', { passed: false }, as(cardToken));
    expect(failed.data).toMatchObject({ status: 'rolled_back', statusReason: 'candidate run failed' });
    expect((await channel('mf_card')).canary).toBeNull();
    const watched = await t.get('releases/mf_card/rollout', {}, as(cardToken));
    expect(watched.data.messages[0].text).toContain('candidate run failed');
  });

  it('20 racing reports (passes and failures) end in one outcome, audited once', async () => {
    const releaseId = await registered();
    await t.post('releases/mf_card/rollout', { releaseId, candidateGate: true }, as(cardToken));
    const before = (await audit('mf_card')).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post('releases/mf_card/rollout/candidate', { passed: i % 2 === 0 }, as(cardToken)),
      ),
    );
    const won = answers.filter((a) => a.code === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.key === 'release_conflict')).toBe(true);
    const entries = (await audit('mf_card')).slice(0, (await audit('mf_card')).length - before);
    expect(entries.filter((e) => e.action.startsWith('rollout_candidate'))).toHaveLength(1);
    const c = await channel('mf_card');
    if (won[0]!.data.status === 'running') expect(c.canary).toMatchObject({ releaseId, percent: 5 });
    else expect(c.canary).toBeNull();
    if (c.canary) await t.post('releases/mf_card/rollback', {}, as(admin));
    await telemetryOf(t.app).rollouts.tick();
  });

  it('the console gets per-minute points of canary and stable for its charts', async () => {
    const releaseId = await registered();
    await t.post('releases/mf_card/rollout', { releaseId, steps: [50, 100] }, as(cardToken));
    const stableId = (await channel('mf_card')).stable.releaseId;
    for (let minute = 0; minute < 3; minute++) {
      await sendSessions(t, 'mf_card', releaseId, 40, { ...HEALTHY, errorRate: 0.25 }, rng(minute + 1));
      await sendSessions(t, 'mf_card', stableId, 40, HEALTHY, rng(minute + 11));
      t.clock.advance(60_000);
    }
    await telemetryOf(t.app).ingest.flush();
    const overview = await t.get('admin/telemetry/overview', {}, { token: admin });
    const card = overview.data.apps.find((a: { app: string }) => a.app === 'mf_card');
    expect(card.series.canary).toHaveLength(3);
    expect(card.series.stable).toHaveLength(3);
    const [first] = card.series.canary;
    expect(first).toMatchObject({ sessions: 40, loadFailures: expect.any(Number), lcpP75: expect.any(Number) });
    expect(first.errorSessions).toBeGreaterThan(4);
    expect(card.series.canary.map((p: { minute: string }) => p.minute)).toEqual(
      [...card.series.canary.map((p: { minute: string }) => p.minute)].sort(),
    );
    await t.post('releases/mf_card/rollback', {}, as(admin));
    await telemetryOf(t.app).rollouts.tick();
  });

  it('a team drives it from the release CLI: rollout with a gate, candidate result, status', async () => {
    const releaseId = await registered();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const env = { CW_API_URL: process.env.CW_API_URL, CW_DEPLOY_TOKEN: process.env.CW_DEPLOY_TOKEN };
    process.env.CW_API_URL = address;
    process.env.CW_DEPLOY_TOKEN = cardToken;
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      // @ts-expect-error the CLI is plain JavaScript
      const { main } = (await import('../../../scripts/release.mjs')) as {
        main: (argv: string[]) => Promise<number>;
      };
      expect(await main(['rollout', 'card', '--release', releaseId, '--steps', '10,50,100', '--candidate-gate'])).toBe(
        0,
      );
      expect(printed.at(-1)).toBe(
        `mf_card ${releaseId}: automatic rollout awaiting_candidate, now 0 %, steps 10 → 50 → 100`,
      );
      expect(await main(['candidate', 'card', '--passed', '--report', 'https://ci.example/run/7'])).toBe(0);
      expect(printed.at(-1)).toContain('automatic rollout running (candidate run passed), now 10 %, steps [10] → 50');
      expect(await main(['status', 'card'])).toBe(0);
      expect(printed.join('\n')).toMatch(/verdict: not_enough_data \(canary 0 sessions, stable 0\)/);
      await expect(main(['candidate', 'card', '--passed', '--failed'])).rejects.toThrow('say --passed or --failed');
    } finally {
      log.mockRestore();
      Object.assign(process.env, env);
      for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
      await t.post('releases/mf_card/rollback', {}, as(admin));
    }
  });
});
