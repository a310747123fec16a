import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** What the shell exposes on window for tests (see shell/src/bootstrap.tsx). */
export interface ShellHandle {
  host: {
    http: {
      request(options: unknown): Promise<unknown>;
      get(url: string, params?: unknown, options?: unknown): Promise<unknown>;
      post(url: string, data?: unknown, options?: unknown): Promise<unknown>;
    };
    session: { signIn(s: { token: string; userId: string }): void; get(): { isLoggedIn: boolean } };
    tabBadge: { set(tab: string, n: number): void };
  };
}

/** Waits until the shell has started (registry read, router mounted). */
export async function waitForShell(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __cardwallet?: unknown }).__cardwallet));
}

/**
 * Pulls the page down with a real touch drag (CDP), starting on `from`, until the yellow head says
 * it will refresh, then lets go; returns the head (a status). A drag made before the page's touch
 * listener is attached (the HTML frame shows before the shell has started) is simply made again.
 */
export async function pullDownToRefresh(page: Page, from: Locator): Promise<Locator> {
  const box = (await from.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + 20, y }] });
  const head = page.getByRole('status').filter({ hasText: 'Release to refresh immediately' });
  await expect(async () => {
    await touch('touchStart', box.y + 5);
    for (let dy = 10; dy <= 300; dy += 10) await touch('touchMove', box.y + 5 + dy);
    // Let go only once the head says it will refresh: a release before would just spring back.
    await expect(head).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(head).toHaveCSS('background-color', 'rgb(245, 184, 0)');
  await touch('touchEnd', 0);
  return page.getByRole('status').filter({ has: page.locator('.cw-ptr-text') });
}

/** Records every request for files of one remote (`/remotes/<short>/…`). */
export function remoteRequests(page: Page, short: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`/remotes/${short}/`)) seen.push(request);
  });
  return seen;
}

type TabName = 'home' | 'card' | 'wallet' | 'user';
/** Each tab's label in the four locales (shell/src/i18n/*.json `tabs`), as a person reads it. */
const TAB_LABELS: Record<TabName, string[]> = Object.fromEntries(
  (['home', 'card', 'wallet', 'user'] as const).map((name) => [
    name,
    ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'].map((locale) => shellTranslations(locale).tabs[name]),
  ]),
) as Record<TabName, string[]>;

function shellTranslations(locale: string): { tabs: Record<TabName, string> } {
  return JSON.parse(readFileSync(new URL(`../../shell/src/i18n/${locale}.json`, import.meta.url), 'utf8'));
}

/** A tab of the tab bar: a link named by its label (in whichever locale is showing). */
export function tab(page: Page, name: TabName) {
  const label = new RegExp(`(^|\\s)(${TAB_LABELS[name].join('|')})$`);
  return page.getByRole('navigation', { name: 'CardWallet' }).getByRole('link', { name: label });
}

/** The page title drawn by the shell's nav bar. */
export function navTitle(page: Page, text: string | RegExp) {
  return page.locator('.cw-nav-bar').getByRole('heading', { name: text });
}

export async function signInLocally(page: Page, userId = 'e2e-user') {
  await page.evaluate((id) => {
    (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.session.signIn({
      token: `e2e-token-${id}`,
      userId: id,
    });
  }, userId);
}

export async function expectErrorView(page: Page) {
  const view = page.getByTestId('error-view');
  await expect(view).toBeVisible();
  return view;
}
