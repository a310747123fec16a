import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { SANDBOX_ADMIN, adminToken, freshAdminCode } from '../support/admin';
import { waitForShell } from '../support/app';
import { expectAccessible } from '../support/axe';
import { channelOf, clientIn, editedBuild, mintDeployToken, releaseCli, releasedId } from '../support/releases';

/**
 * Releases that judge themselves (issue 25), against the running server, the shell never rebuilt:
 * the user-app team starts automatic rollouts with the CLI; real browser sessions in both cohorts visit
 * the language page; the canary analysis (every 2 s here, with a small minimum sample — see
 * e2e/support/start-server.mjs) rolls a throwing release back and advances a healthy one. Runs in its
 * own project after `releases`, since it changes what every client is served.
 */
const APP = 'mf_user';
/** A page of the user app that anonymous visitors open (so each browser context is its own cohort). */
const PAGE = '/pages/user/language';
/** Sessions per cohort; the server judges rates from 5 (TELEMETRY_MIN_SESSIONS; 5 of 5 sessions with an error against 0 of 5 is z = 3.16). */
const SESSIONS_PER_COHORT = 5;

let baseURL: string;
let deployToken: string;
let work: string;
let original: string;

const cli = (...args: string[]) => releaseCli(baseURL, deployToken, ...args);

type RolloutView = {
  rollout: { releaseId: string; status: string; statusReason: string | null; percent: number } | null;
  comparison: { canary: { sessions: number }; stable: { sessions: number } } | null;
};
async function rolloutOf(request: APIRequestContext): Promise<RolloutView> {
  const res = await request.get(`/api/releases/${APP}/rollout`, {
    headers: { authorization: `Bearer ${deployToken}` },
  });
  return ((await res.json()) as { data: RolloutView }).data;
}

/**
 * One browser session of a cohort: opens the language page, waits for the telemetry reporter (it loads
 * when the browser is idle) and leaves the page, which sends the batch (pagehide → sendBeacon), until the
 * server has counted the session.
 */
async function visit(
  browser: Browser,
  request: APIRequestContext,
  canary: boolean,
  percent: number,
  expectBroken: boolean,
) {
  const context = await clientIn(browser, baseURL, APP, percent, canary);
  try {
    const page = await context.newPage();
    await page.goto(PAGE);
    await waitForShell(page);
    if (expectBroken) await expect(page.getByTestId('error-view')).toBeVisible();
    else await expect(page.getByRole('radiogroup')).toBeVisible();
    // What leaving the page does (the reporter, once loaded, flushes on pagehide), until the server
    // has counted this session.
    const cohort = canary ? 'canary' : 'stable';
    const before = (await rolloutOf(request)).comparison?.[cohort].sessions ?? 0;
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
          // No comparison any more: the analysis has already acted on this session (rolled back).
          return (await rolloutOf(request)).comparison?.[cohort].sessions ?? Infinity;
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBeGreaterThan(before);
  } finally {
    await context.close();
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('automatic rollouts judged by what browsers saw', () => {
  test.beforeAll(async ({ request }, info) => {
    baseURL = String(info.project.use.baseURL);
    work = mkdtempSync(join(tmpdir(), 'cw-rollout-e2e-'));
    deployToken = await mintDeployToken(request, await adminToken(request), APP, 'user e2e');
    original = (await channelOf(request, APP, deployToken)).stable.releaseId;
  });

  test.afterAll(async ({ request }) => {
    // Leave the server as it was: the user app back on the release it started with.
    for (let i = 0; i < 5; i++) {
      const c = await channelOf(request, APP, deployToken);
      if (c.stable.releaseId === original && !c.canary) break;
      cli('rollback', 'user');
    }
    rmSync(work, { recursive: true, force: true });
  });

  test('a release whose language page throws is rolled back at 50 %; the console says why', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const { dir, edited } = editedBuild('mf-user', join(work, 'throwing'), '"radiogroup"', (text) =>
      text.replace('"radiogroup"', '(()=>{throw new Error("broken release: the language page throws")})()'),
    );
    expect(edited, 'the language page is one chunk of the build').toBe(1);
    const broken = releasedId(cli('release', 'user', '--dist', dir, '--version', '9.3.0', '--canary', '50'));
    expect(cli('rollout', 'user', '--release', broken, '--steps', '50,100')).toContain('automatic rollout running');

    for (let i = 0; i < SESSIONS_PER_COHORT; i++) {
      await visit(browser, request, true, 50, true);
      await visit(browser, request, false, 50, false);
    }
    await expect.poll(async () => (await rolloutOf(request)).rollout?.status, { timeout: 60_000 }).toBe('rolled_back');
    const { rollout } = await rolloutOf(request);
    expect(rollout!.statusReason).toMatch(/^failing: .*error_session_rate/);
    expect((await channelOf(request, APP, deployToken)).canary).toBeNull();
    // Everyone is back on stable: a client of the canary cohort sees the language page again.
    const back = await clientIn(browser, baseURL, APP, 50, true);
    const again = await back.newPage();
    await again.goto(PAGE);
    await expect(again.getByRole('radiogroup')).toBeVisible();
    await back.close();

    // The release console tells the platform team what happened and why.
    await page.goto('/pages/index/releases');
    await waitForShell(page);
    await page.getByLabel('Username').fill(SANDBOX_ADMIN.username);
    await page.getByLabel('Password').fill(SANDBOX_ADMIN.password);
    await page.getByLabel('One-time code').fill(await freshAdminCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
    const section = page.getByRole('region', { name: APP });
    await expect(section).toContainText(`rolled_back — step 50 % of 50 → 100 % (failing: error_session_rate`);
    await expect(section).toContainText('none');
    await expectAccessible(page);
    const status = cli('status', 'user');
    expect(status).toContain(`${APP} ${broken}: automatic rollout rolled_back`);
    expect(cli('releases', 'user', '--audit')).toMatch(/rollout_rollback/);
  });

  test('a healthy release advances from 50 % to everyone', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const { dir, edited } = editedBuild('mf-user', join(work, 'healthy'), '"radiogroup"', (text) =>
      text.replace('"user-page"', '"user-page user-page--v94"'),
    );
    expect(edited).toBe(1);
    const healthy = releasedId(cli('release', 'user', '--dist', dir, '--version', '9.4.0', '--canary', '50'));
    cli('rollout', 'user', '--release', healthy, '--steps', '50,100');
    for (let i = 0; i < SESSIONS_PER_COHORT; i++) {
      await visit(browser, request, true, 50, false);
      await visit(browser, request, false, 50, false);
    }
    await expect.poll(async () => (await rolloutOf(request)).rollout?.status, { timeout: 60_000 }).toBe('completed');
    expect((await channelOf(request, APP, deployToken)).stable.releaseId).toBe(healthy);
    expect(cli('releases', 'user', '--audit')).toMatch(/rollout_advance/);

    // The user-app team's own console, signed in with its deploy token: its app only, completed.
    const team = await browser.newContext({ baseURL });
    const page = await team.newPage();
    await page.goto('/pages/index/releases');
    await waitForShell(page);
    await page.getByRole('radio', { name: 'Feature team (deploy token)' }).check();
    await page.getByLabel('App').selectOption(APP);
    await page.getByLabel('Deploy token', { exact: true }).fill(deployToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const section = page.getByRole('region', { name: APP });
    await expect(section).toContainText(`Stable${healthy}`);
    await expect(section).toContainText('completed — step 100 %');
    await expect(page.getByRole('region', { name: 'mf_card' })).toHaveCount(0);
    await expectAccessible(page);
    await team.close();
  });
});
