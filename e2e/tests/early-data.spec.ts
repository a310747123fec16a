import { expect, test, type Page, type Request } from '@playwright/test';
import { fund, newWalletUser, openSignedIn } from './wallet-helpers';

// Issue 24, the signed-in deep link: for a session it has checked, the server makes the wallet
// index's balances answer itself (the one its figures are drawn from, api/src/web/first-view.ts) and
// puts it in the page as data; otherwise it announces the request for the browser to start with the
// page's files (route `firstRequests`, api/src/web/route-preload.ts). Either way the shell hands that
// answer to the page's own first request (shell/src/services/early-requests.ts) — at most one
// request, the right figures; an early answer that failed is never shown: the page asks itself.

function balancesRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/wallet/balances') seen.push(r);
  });
  return seen;
}

/**
 * The page refetches its balances whenever the live stream (re)connects (`live.connected`, to catch
 * up): a second request that has nothing to do with the first one. The stream is kept shut here.
 */
async function withoutLiveStream(page: Page) {
  await page.route('**/api/notifications/stream**', (route) => route.abort());
}

const total = (page: Page) => page.locator('main.wallet-page .wallet-hero-amount .cw-ltr');

test('a signed-in deep link carries its balances answer in its HTML: the page shows it and asks nobody', async ({
  page,
  request,
}) => {
  const user = await newWalletUser(request, 'early');
  await fund(request, user, '25');
  await openSignedIn(page, user, '/pages/index/index');
  await page.goto('about:blank'); // the signed-in home asks for balances too
  await withoutLiveStream(page);
  const asked = balancesRequests(page);
  await page.goto('/pages/wallet/index');
  await expect(total(page)).toHaveText('$25.00');
  await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();
  await expect(page.getByText('USDT', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The answer was in the page: neither a preload nor the page's own request went to the books.
  expect(asked.map((r) => r.resourceType())).toEqual([]);
  // And it is not left in the page once taken.
  expect(await page.locator('script[data-early-answer], link[data-early-locale]').count()).toBe(0);

  // A later visit in the same tab (client-side navigation) asks again, as before: the answer was used once.
  await page.getByRole('button', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/pages\/wallet\/recharge/);
  await page.goBack();
  await expect(total(page)).toHaveText('$25.00');
});

test('the books late for the HTML, then the early request failing (500): the page sends its own and shows the balances', async ({
  page,
  request,
}) => {
  const user = await newWalletUser(request, 'early-500');
  await openSignedIn(page, user, '/pages/index/index');
  await page.goto('about:blank');
  await withoutLiveStream(page);
  // The page as the server sends it when the balances were not to hand in time (first-view.ts: 250 ms):
  // the request announced for the browser to start instead of the answer.
  await page.route('**/pages/wallet/index', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /<script type="application\/json" data-early-answer="([^"]+)" data-early-locale="([^"]+)">.*?<\/script>/,
      '<link rel="preload" href="$1" as="fetch" crossorigin="use-credentials" data-early-locale="$2">',
    );
    expect(html).toContain('as="fetch" crossorigin="use-credentials"');
    // The text was decoded: sent on as it is now.
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, body: html, headers });
  });
  let failed = 0;
  await page.route('**/api/wallet/balances', async (route) => {
    if (failed++ === 0)
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"code":500,"msg":"boom","data":null}',
      });
    return route.continue();
  });
  const asked = balancesRequests(page);
  await page.goto('/pages/wallet/index');
  await expect(total(page)).toHaveText('$0.00');
  expect(asked.map((r) => r.resourceType())).toEqual(['other', 'fetch']);
  await expect(page.getByText('boom')).toHaveCount(0);
});

test('a session ended on the server: the early 401 is dropped, the shell’s own 401 signs out as without it', async ({
  page,
  request,
}) => {
  const user = await newWalletUser(request, 'early-401');
  await openSignedIn(page, user, '/pages/index/index');
  await page.goto('about:blank'); // nothing of the home page may see the 401 first
  const logout = await request.post('/api/user/logout', { data: {}, headers: { 'Access-Token': user.token } });
  expect(logout.ok()).toBe(true);
  const asked = balancesRequests(page);
  await page.goto('/pages/wallet/index');
  // The shell's own first 401 (the start-up badge request, or the page's balances) clears the
  // session: the page's log-in view, or the log-in prompt when the page's request was first.
  await expect(page.getByRole('button', { name: /^(Log in|Go to login)$/ }).first()).toBeVisible();
  await expect(total(page)).toHaveCount(0);
  // The page's HTML asked first (its preload); polled: Playwright reports requests as events.
  await expect.poll(() => asked[0]?.resourceType()).toBe('other');
  expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();
});
