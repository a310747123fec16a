import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, remoteRequests, tab, waitForShell } from '../support/app';
import { api, registerCustomer, sandboxDeposit, signInAs, type Customer } from '../support/customer';

const DEMO = { email: 'demo@cardwallet.test', password: 'Demo1234!' };

async function demoCustomer(request: Parameters<typeof registerCustomer>[0]): Promise<Customer> {
  const login = await api<{ token: string; userId: string }>(request, 'POST', 'user/login', {
    body: { account: DEMO.email, password: DEMO.password },
  });
  expect(login.code, login.msg).toBe(200);
  return { ...DEMO, ...login.data };
}

const totalBalance = (page: Page) => page.getByTestId('home-total-balance');

test.describe('home page', () => {
  test('signed out: what the product offers, the 3DS tip, log in and register', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'CardWallet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What CardWallet offers' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Tip' })).toContainText(
      '3DS: online card payments are confirmed in the app',
    );
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Total balance' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/register$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
  });

  test('signed in as the demo customer: total balance, cards, unread messages, the announcement banner and news', async ({
    page,
    request,
  }) => {
    const demo = await demoCustomer(request);
    await signInAs(page, demo);
    // The page's sum of the owners' answers — the answers the page itself received (the wallet's USD
    // value follows the sandbox's moving prices, so a second request of our own may differ by now):
    // those its HTML carried (the server made them for its drawn total), or later ones of its own.
    const answers: { balances?: { totalUsd: string; cardFunding: string }; cards?: { balance: string }[] } = {};
    const record = (path: string, body: { data?: Record<string, unknown> } | null) => {
      if (path.endsWith('wallet/balances')) answers.balances = body?.data as typeof answers.balances;
      else answers.cards = (body?.data as { cards?: { balance: string }[] } | undefined)?.cards;
    };
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (response.request().resourceType() === 'document') {
        const html = await response.text().catch(() => '');
        for (const [, answered, body] of html.matchAll(
          /<script type="application\/json" data-early-answer="\/api\/(wallet\/balances|card\/list)"[^>]*>(.*?)<\/script>/g,
        ))
          record(answered!, JSON.parse(body!) as { data?: Record<string, unknown> });
        return;
      }
      if (!response.ok() || !/\/api\/(wallet\/balances|card\/list)$/.test(path)) return;
      record(path, (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null);
    });
    await page.goto('/');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Total balance' })).toBeVisible();
    const expectedTotal = () => {
      if (!answers.balances || !answers.cards) return null;
      const cents = [answers.balances.totalUsd, answers.balances.cardFunding, ...answers.cards.map((c) => c.balance)]
        .map((a) => Math.round(Number(a) * 100))
        .reduce((a, b) => a + b, 0);
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
    };
    await expect
      .poll(async () => ({ shown: await totalBalance(page).textContent(), summed: expectedTotal() }))
      .toEqual({ shown: expect.stringMatching(/^\$[\d,]+\.\d\d$/), summed: expect.any(String) });
    await expect(totalBalance(page)).toHaveText(expectedTotal()!);
    const cards = await api<{ cards: { balance: string }[] }>(request, 'GET', 'card/list', { token: demo.token });
    expect(cards.data.cards.length).toBeGreaterThan(0);
    await expect(
      page
        .getByRole('region', { name: 'My cards' })
        .getByRole('link', { name: /(Visa|Mastercard)\s*(virtual|physical) card\s*•••• \d{4}/ }),
    ).toHaveCount(cards.data.cards.length);
    await expect(page.getByRole('link', { name: /unread message|No unread messages/ })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Announcements' });
    await expect(
      banner.getByRole('link', { name: /3DS verification: confirm online payments in the app/ }),
    ).toBeVisible();
    await banner.getByRole('button', { name: 'Next announcement' }).click();
    await expect(banner.getByRole('button', { name: 'Show announcement 2' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('region', { name: 'News' }).getByRole('link').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('a sandbox deposit updates the home balance, the unread count and the Wallet tab badge without a reload', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'home-live');
    await signInAs(page, customer);
    await page.goto('/');
    await waitForShell(page);
    await expect(totalBalance(page)).toHaveText('$0.00');
    await expect(page.getByRole('link', { name: 'No unread messages' })).toBeVisible();
    await expect(page.getByText('You have no card yet. Apply for a virtual card in a minute.')).toBeVisible();
    await expectAccessible(page);

    await sandboxDeposit(request, customer, '25');
    await expect
      .poll(
        async () =>
          (await api<{ totalUsd: string }>(request, 'GET', 'wallet/balances', { token: customer.token })).data.totalUsd,
        { timeout: 15_000 },
      )
      .not.toBe('0.00');
    const totalUsd = (await api<{ totalUsd: string }>(request, 'GET', 'wallet/balances', { token: customer.token }))
      .data.totalUsd;
    await expect(totalBalance(page)).toHaveText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(totalUsd)),
      { timeout: 15_000 },
    );
    await expect(page.getByRole('link', { name: '1 unread message' })).toBeVisible({ timeout: 15_000 });
    await expect(tab(page, 'wallet')).toContainText('1', { timeout: 15_000 });
    // Opening the wallet clears the badge (the wallet page shows the new events itself).
    await tab(page, 'wallet').click();
    await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();
    await expect(tab(page, 'wallet')).not.toContainText('1');
  });

  test('news: from home to the list and to an article', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page);
    // News is public: the list and articles need no session.
    await page.goto('/pages/index/news');
    await expect(navTitle(page, 'News')).toBeVisible();
    const first = page.getByRole('list').getByRole('link').first();
    await expect(first).toBeVisible();
    await expectAccessible(page);
    const title = (await first.locator('.cw-news-title').textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/pages\/index\/news-detail\?id=\d+$/);
    await expect(navTitle(page, 'Article')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByText(/^Published: /)).toBeVisible();
    await expectAccessible(page);
    await page.goto('/pages/index/news-detail?id=999999999');
    await expect(page.getByRole('alert')).toHaveText('This article does not exist or is no longer published.');
  });

  test('signed in, the home page links to all news', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'home-news');
    await signInAs(page, customer);
    await page.goto('/');
    await waitForShell(page);
    const news = page.getByRole('region', { name: 'News' });
    const article = news.getByRole('link').nth(1);
    await expect(article).toBeVisible();
    await article.click();
    await expect(page).toHaveURL(/\/pages\/index\/news-detail\?id=\d+$/);
    await page.goBack();
    await news.getByRole('link', { name: 'All news' }).click();
    await expect(navTitle(page, 'News')).toBeVisible();
  });

  test('signed in, the Wallet and Card apps are prefetched when idle — not loaded — and the first tap uses them', async ({
    page,
    request,
  }) => {
    const wallet = remoteRequests(page, 'wallet');
    const card = remoteRequests(page, 'card');
    await signInAs(page, await demoCustomer(request));
    await page.goto('/');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Total balance' })).toBeVisible();
    // After the first screen, when idle (3 s at most): manifest, remoteEntry and the exposed app's files.
    await expect.poll(() => wallet.map((r) => new URL(r.url()).pathname.split('/').pop())).toContain('remoteEntry.js');
    await expect.poll(() => card.map((r) => new URL(r.url()).pathname.split('/').pop())).toContain('remoteEntry.js');
    const prefetched = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => new URL(l.href).pathname),
    );
    expect(prefetched.some((p) => /^\/remotes\/wallet\/[^/]+\/remoteEntry\.js$/.test(p))).toBe(true);
    expect(prefetched.some((p) => /^\/remotes\/card\/[^/]+\/remoteEntry\.js$/.test(p))).toBe(true);
    // The Wallet tab's index page (its chunk group, as the release's route-files.json lists it) and the
    // app's texts in the reader's language, so the tap downloads neither.
    const entry = prefetched.find((p) => /^\/remotes\/wallet\/[^/]+\/remoteEntry\.js$/.test(p))!;
    const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
    const routeFiles = (await (await request.get(`${folder}route-files.json`)).json()) as {
      routes: Record<string, { js: string[]; css: string[] }>;
    };
    const indexFiles = [...routeFiles.routes.index!.js, ...routeFiles.routes.index!.css];
    expect(indexFiles.length).toBeGreaterThan(0);
    for (const file of indexFiles) expect(prefetched).toContain(`${folder}${file}`);
    expect(prefetched.some((p) => p.startsWith(`${folder}static/js/locale-en-US.`))).toBe(true);
    // Fetched, not run: neither app counts as loaded (release telemetry counts loaded apps).
    const states = await page.evaluate(() =>
      (
        window as unknown as { __cardwallet: { registry: { status(): Array<{ name: string; state: string }> } } }
      ).__cardwallet.registry
        .status()
        .filter((s) => s.name === 'mf_wallet' || s.name === 'mf_card')
        .map((s) => s.state),
    );
    expect(states).toEqual(expect.not.arrayContaining(['loaded']));
    await tab(page, 'wallet').click();
    await expect(page.getByRole('heading', { name: 'Wallet, valued in US dollars' })).toBeVisible();
  });

  test('signed out, nothing of the feature apps is prefetched', async ({ page }) => {
    const wallet = remoteRequests(page, 'wallet');
    const card = remoteRequests(page, 'card');
    await page.goto('/');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();
    await page.waitForTimeout(4_000);
    expect([...wallet, ...card]).toHaveLength(0);
  });

  test.describe('in Arabic (right to left)', () => {
    test.use({ locale: 'ar-AE' });

    test('the signed-in home reads right to left with amounts left to right', async ({ page, request }) => {
      const demo = await demoCustomer(request);
      await signInAs(page, demo);
      await page.goto('/');
      await waitForShell(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { name: 'الرصيد الإجمالي' })).toBeVisible();
      await expect(totalBalance(page)).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('complementary', { name: 'تلميح' })).toContainText('3DS');
      await expect(page.getByRole('heading', { name: 'بطاقاتي' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'الإعلانات' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'إجراءات سريعة' })).toBeVisible();
      // Nothing widens the phone's layout viewport: the page opens at its start, the tab bar fits.
      expect(
        await page.evaluate(() => ({ width: document.documentElement.scrollWidth, scrollX: window.scrollX })),
      ).toEqual({ width: 390, scrollX: 0 });
      await expectAccessible(page);
    });

    test('signed out in Arabic', async ({ page }) => {
      await page.goto('/');
      await waitForShell(page);
      await expect(page.getByRole('heading', { name: 'ما يقدمه CardWallet' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'إنشاء حساب' })).toBeVisible();
      await expectAccessible(page);
    });
  });
});
