import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminToken } from '../support/admin';
import { ROOT, channelOf, clientIn, editedBuild, mintDeployToken, releaseCli } from '../support/releases';

/**
 * Independent releases (issue 15), against the running server, the shell never rebuilt: the
 * passport team releases through the CLI with its deploy token. Runs in its own project after the
 * rest of the suite (playwright.config.ts), since it changes what every client is served.
 */
const APP = 'mf_passport';
const ORIGINAL = 'Welcome back';
const CHANGED = 'Welcome back to the new CardWallet';

let baseURL: string;
let deployToken: string;
let work: string;
const published: string[] = [];

const cli = (...args: string[]) => releaseCli(baseURL, deployToken, ...args);

/** A copy of the current passport build with one visible change in its en-US catalogue. */
function changedBuild(): string {
  const { dir, edited } = editedBuild('mf-passport', join(work, 'changed'), `"${ORIGINAL}"`, (text) =>
    text.replace(`"${ORIGINAL}"`, `"${CHANGED}"`),
  );
  expect(edited, 'the login heading is in one chunk of the build').toBe(1);
  return dir;
}

/** A build whose exposed FeatureApp module throws when the shell loads it (a bad release). */
function brokenBuild(): string {
  const dir = join(work, 'broken');
  cpSync(join(ROOT, 'mf-passport/dist'), dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as {
    exposes: Array<{ path: string; assets: { js: { sync: string[] } } }>;
  };
  const expose = manifest.exposes.find((e) => e.path === './app')!;
  const chunk =
    expose.assets.js.sync.find((f) => f.includes('__federation_expose_app')) ?? expose.assets.js.sync.at(-1)!;
  writeFileSync(join(dir, chunk), 'throw new Error("broken release: the app module fails to evaluate");\n');
  rmSync(join(dir, `${chunk}.br`), { force: true });
  rmSync(join(dir, `${chunk}.gz`), { force: true });
  return dir;
}

const clientOf = (browser: Browser, canary: boolean) => clientIn(browser, baseURL, APP, 50, canary);

async function expectNoCspViolations(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
}

const channel = async (request: APIRequestContext) => ({ channel: await channelOf(request, APP, deployToken) });

test.describe.configure({ mode: 'serial' });

test.describe('independent releases of a feature app', () => {
  test.beforeAll(async ({ request }, info) => {
    baseURL = String(info.project.use.baseURL);
    work = mkdtempSync(join(tmpdir(), 'cw-release-e2e-'));
    deployToken = await mintDeployToken(request, await adminToken(request), APP, 'passport e2e');
    expect(deployToken).toMatch(/^cwd_/);
  });

  test.afterAll(async ({ request }) => {
    // Leave the server as it was: every release this spec made as stable is rolled back.
    for (let i = 0; i < published.length; i++) {
      const current = await channel(request);
      if (!published.includes(current.channel.stable.releaseId) && !current.channel.canary) break;
      cli('rollback', 'passport');
    }
    rmSync(work, { recursive: true, force: true });
  });

  test('canary 50 % → only the canary cohort sees it → promote → everyone; broken release → rollback', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const before = (await channel(request)).channel.stable.releaseId;
    const inside = await clientOf(browser, true);
    const outside = await clientOf(browser, false);

    // A page opened before any release: it must keep working through everything below.
    const early = await outside.newPage();
    await early.goto('/pages/passport/login');
    await expect(early.getByRole('heading', { name: ORIGINAL, exact: true })).toBeVisible();

    // The passport team releases a visibly changed build as a 50 % canary (CLI → API).
    const out = cli('release', 'passport', '--dist', changedBuild(), '--version', '9.1.0', '--canary', '50');
    const candidate = /released mf_passport (\S+)/.exec(out)?.[1];
    expect(candidate, out).toMatch(/^9\.1\.0-[0-9a-f]{12}$/);
    published.push(candidate!);
    expect((await channel(request)).channel.canary).toMatchObject({ releaseId: candidate, percent: 50 });

    const canaryPage = await inside.newPage();
    await canaryPage.goto('/pages/passport/login');
    await expect(canaryPage.getByRole('heading', { name: CHANGED })).toBeVisible();
    const stablePage = await outside.newPage();
    await stablePage.goto('/pages/passport/login');
    await expect(stablePage.getByRole('heading', { name: ORIGINAL, exact: true })).toBeVisible();
    // Sticky: the same client gets the same version on every start.
    await canaryPage.reload();
    await expect(canaryPage.getByRole('heading', { name: CHANGED })).toBeVisible();
    await stablePage.reload();
    await expect(stablePage.getByRole('heading', { name: ORIGINAL, exact: true })).toBeVisible();
    // The diagnostics page names the release each client is on.
    await canaryPage.goto('/pages/index/test');
    await expect(canaryPage.getByTestId(`app-release-${APP}`)).toContainText(candidate!);
    await expect(canaryPage.getByTestId(`app-release-${APP}`)).toContainText('canary');

    // Promote: everyone gets it on their next start.
    cli('promote', 'passport');
    for (const page of [canaryPage, stablePage]) {
      await page.goto('/pages/passport/login');
      await expect(page.getByRole('heading', { name: CHANGED })).toBeVisible();
    }

    // A broken release straight to stable: only passport's pages show the error view with Retry.
    const broken = /released mf_passport (\S+)/.exec(
      cli('release', 'passport', '--dist', brokenBuild(), '--version', '9.2.0', '--stable'),
    )?.[1];
    published.push(broken!);
    const victim = await outside.newPage();
    await victim.goto('/pages/passport/login');
    const errorView = victim.getByTestId('error-view');
    await expect(errorView).toBeVisible();
    await expect(errorView.getByRole('button', { name: 'Retry' })).toBeVisible();
    await errorView.getByText('Technical details').click();
    await expect(victim.getByTestId('error-release')).toContainText(broken!);
    const elsewhere = await outside.newPage();
    await elsewhere.goto('/pages/about/index');
    await expect(elsewhere.getByRole('heading', { name: 'About us' })).toBeVisible();
    await expect(elsewhere.getByTestId('error-view')).toHaveCount(0);
    await elsewhere.goto('/pages/card/index');
    await expect(elsewhere.getByTestId('error-view')).toHaveCount(0);

    // Rollback (instant, no rebuild) and Retry in the same page: it works again.
    cli('rollback', 'passport');
    expect((await channel(request)).channel.stable.releaseId).toBe(candidate);
    await errorView.getByRole('button', { name: 'Retry' }).click();
    await expect(victim.getByRole('heading', { name: CHANGED })).toBeVisible();

    // The page opened before the first release still works: another of its pages loads its chunk
    // from the release it started with.
    await early.evaluate(() =>
      (
        window as unknown as { __cardwallet: { host: { navigation: { navigate(p: string): void } } } }
      ).__cardwallet.host.navigation.navigate('/pages/passport/register'),
    );
    await expect(early.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(early.getByTestId('error-view')).toHaveCount(0);

    for (const page of [early, canaryPage, stablePage, victim, elsewhere]) await expectNoCspViolations(page);
    const history = cli('releases', 'passport');
    expect(history).toContain(`${broken}`);
    expect(history).toMatch(new RegExp(`${candidate!.replace(/\./g, '\\.')}\\s+stable`));
    expect(before).not.toBe(candidate);
    await inside.close();
    await outside.close();
  });
});
