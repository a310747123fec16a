import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';

/**
 * Installable and offline (issue 24): the web app manifest + service worker make Chromium report
 * the app installable; once the worker runs, a start without network shows the app frame and the
 * translated offline page (not the browser's error); a repeat visit takes the shell's files from
 * the worker's cache; the per-client HTML and the registry still come from the network.
 */
test.use({ serviceWorkers: 'allow' });

/** Until the page's service worker is installed (its precache filled) and active. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), {
      timeout: 30_000,
    })
    .toBe('activated');
}

async function freshVisit(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
  await workerReady(page);
  return page;
}

test('Chromium reports the app installable (manifest, icons, service worker)', async ({ browserName }, testInfo) => {
  // Chromium never offers to install from an incognito profile (a new context is one): a real profile.
  expect(browserName).toBe('chromium');
  const userDataDir = mkdtempSync(join(tmpdir(), 'cw-pwa-'));
  const { launchOptions, baseURL, viewport } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...launchOptions,
    baseURL,
    viewport,
    serviceWorkers: 'allow',
  });
  const page = await freshVisit(context);
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(
      async () =>
        ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors,
      {
        timeout: 15_000,
      },
    )
    .toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? '{}') as {
    display: string;
    start_url: string;
    icons: Array<{ sizes: string }>;
  };
  expect(data.display).toBe('standalone');
  expect(data.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
});

test('a cold visit asks for nothing that is missing: its one tab icon is /favicon.ico', async ({ context }) => {
  const answers: Array<{ path: string; status: number; type: string }> = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    answers.push({ path: url.pathname, status: response.status(), type: response.headers()['content-type'] ?? '' });
  });
  const page = await freshVisit(context);
  await expect.poll(() => answers.some((a) => a.path === '/favicon.ico')).toBe(true);
  await page.close();
  expect(answers.filter((a) => !a.path.startsWith('/api/') && a.status >= 400)).toEqual([]);
  expect(answers.find((a) => a.path === '/favicon.ico')).toMatchObject({
    status: 200,
    type: 'image/vnd.microsoft.icon',
  });
  // The 192 px PNG is the manifest's icon, not the tab's: the page links no other icon.
  expect(await context.request.get('/').then((r) => r.text())).not.toContain('rel="icon"');
});

test('a repeat visit takes the shell from the worker cache; HTML and registry from the network', async ({
  context,
}) => {
  const first = await freshVisit(context);
  await first.close();
  const page = await context.newPage();
  const fromWorker: string[] = [];
  const fromNetwork: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    (response.fromServiceWorker() ? fromWorker : fromNetwork).push(url.pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
  expect(fromWorker.some((p) => /^\/static\/js\/main\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
  expect(fromWorker.filter((p) => p.startsWith('/static/')).length).toBeGreaterThanOrEqual(5);
  // Canary cohorts and rollbacks: the page (its registry inline) is never a cached copy.
  const html = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).transferSize,
  );
  expect(html).toBeGreaterThan(0);
});

for (const { locale, title, retry, dir } of [
  { locale: 'en-US', title: "You're offline", retry: 'Try again', dir: 'ltr' },
  { locale: 'ar-AE', title: 'أنت غير متصل بالإنترنت', retry: 'حاول مرة أخرى', dir: 'rtl' },
]) {
  test(`offline start shows the app frame and the offline page (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'allow', locale });
    await context.addCookies([{ name: 'cw_lang', value: locale, url: test.info().project.use.baseURL! }]);
    const page = await context.newPage();
    await page.goto('/');
    await workerReady(page);
    await context.setOffline(true);
    await page.goto('/pages/wallet/index').catch(() => undefined);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: retry })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // The frame: the app's header and the tab bar painted behind the message.
    await expect(page.locator('.cwf-head')).toBeVisible();
    await expect(page.locator('.cwf-tabs')).toBeVisible();
    await expectAccessible(page);
    // Back online, "try again" opens the page that was asked for.
    await context.setOffline(false);
    await page.getByRole('link', { name: retry }).click();
    await expect(page).toHaveURL(/\/pages\/wallet\/index$/);
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    await context.close();
  });
}

test('a new service worker waits until the customer accepts the update prompt, then the page reloads under it', async ({
  context,
}) => {
  const page = await freshVisit(context);
  // The worker controls pages opened after it activated (no clients.claim).
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // A new build of the shell is deployed: another sw.js (its bytes differ).
  const swFile = join(import.meta.dirname, '../../shell/dist/sw.js');
  const original = readFileSync(swFile);
  try {
    appendFileSync(swFile, `\n// e2e: a newer build ${Date.now()}\n`);
    await page.evaluate(() => {
      (window as { cwBeforeUpdate?: boolean }).cwBeforeUpdate = true;
      return navigator.serviceWorker.getRegistration().then((r) => r?.update());
    });
    const prompt = page.getByRole('status', { name: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toContainText('A new version of CardWallet is ready.');
    // Nothing was forced: the new worker waits, this page is the same document.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
      true,
    );
    expect(await page.evaluate(() => (window as { cwBeforeUpdate?: boolean }).cwBeforeUpdate)).toBe(true);
    await expectAccessible(page);
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    // Reloaded (a new document) under the new worker, which is no longer waiting.
    await reloaded;
    expect(await page.evaluate(() => (window as { cwBeforeUpdate?: boolean }).cwBeforeUpdate ?? false)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(r?.waiting), controlled: Boolean(navigator.serviceWorker.controller) };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
    await expect(page.getByRole('status', { name: 'Update available' })).toHaveCount(0);
  } finally {
    writeFileSync(swFile, original);
  }
});
