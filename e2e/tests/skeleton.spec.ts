import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { addSessionCookie, api, registerCustomer, sandboxDeposit, signInAs } from '../support/customer';

/**
 * Each route's first response paints that route's own skeleton before any script (issue 24): the
 * title as text in the reader's language and direction, the page's layout in grey, the tab bar on
 * tab pages — seen here with JavaScript off, as a phone shows it before the shell has run.
 */
test.use({ javaScriptEnabled: false });

/**
 * axe-core runs as script in the page, which a context without JavaScript cannot do: it checks the
 * same first response in a context where the page's own scripts are refused instead.
 */
async function expectSkeletonAccessible(page: Page, browser: Browser) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    serviceWorkers: 'block',
    javaScriptEnabled: true,
  });
  try {
    await context.addCookies(await page.context().cookies());
    const checked = await context.newPage();
    await checked.route(/\.m?js(\?|$)/, (route) => route.abort());
    await checked.goto(page.url());
    await expect(checked.locator('.cwf')).toBeVisible();
    await expectAccessible(checked);
  } finally {
    await context.close();
  }
}

/** The same signed-in customer in a context with JavaScript: the page React renders over the HTML. */
async function withScripts(
  page: Page,
  browser: Browser,
  customer: Parameters<typeof signInAs>[1],
  locale: string,
  check: (real: Page) => Promise<void>,
) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    serviceWorkers: 'block',
    javaScriptEnabled: true,
  });
  try {
    const real = await context.newPage();
    await signInAs(real, customer, locale);
    await context.addCookies(await page.context().cookies());
    await check(real);
  } finally {
    await context.close();
  }
}

const catalogue = (app: string, locale: string) =>
  JSON.parse(readFileSync(new URL(`../../${app}/src/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

async function withLanguage(page: Page, locale: string) {
  const { hostname } = new URL(test.info().project.use.baseURL!);
  await page.context().addCookies([{ name: 'cw_lang', value: locale, domain: hostname, path: '/' }]);
}

test('login: its own heading and form in the HTML, before any script, accessible', async ({ page, browser }) => {
  const texts = catalogue('mf-passport', 'en-US');
  await page.goto('/pages/passport/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('.cwf-h1')).toHaveText(texts.login!.heading!);
  await expect(page.locator('.cwf-top p')).toHaveText(texts.login!.subheading!);
  await expect(page.locator('.cwf-field')).toHaveCount(2);
  await expect(page.locator('.cwf-btn')).toHaveCount(2);
  await expect(page.locator('.cwf-tabs')).toHaveCount(0);
  await expectSkeletonAccessible(page, browser);
});

test('a tab page in Arabic: right to left, its title and the tab bar; signed out it shows the log-in layout', async ({
  page,
  browser,
}) => {
  await withLanguage(page, 'ar-AE');
  await page.goto('/pages/wallet/index');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
  await expect(page.locator('.cwf-title')).toHaveText(catalogue('mf-wallet', 'ar-AE').titles!.index!);
  await expect(page.locator('.cwf-gate')).toBeVisible();
  await expect(page.locator('.cwf-tab.cwf-on')).toHaveText(catalogue('shell', 'ar-AE').tabs!.wallet!);
  // Right to left: the tab bar starts at the right (Home is the rightmost tab).
  const [home, member] = await Promise.all([
    page.locator('.cwf-tab').first().boundingBox(),
    page.locator('.cwf-tab').last().boundingBox(),
  ]);
  expect(home!.x).toBeGreaterThan(member!.x);
  await expectSkeletonAccessible(page, browser);
});

test('signed in: the deposit page’s own layout in the reader’s language', async ({ page, request, browser }) => {
  const customer = await registerCustomer(request, 'skeleton');
  await addSessionCookie(page, customer.token);
  // What the shell's start does: asked with a session, /remotes.json remembers the signed-in cohort.
  expect((await page.request.get('/remotes.json')).ok()).toBe(true);
  await withLanguage(page, 'zh-HK');
  await page.goto('/pages/wallet/recharge');
  await expect(page.locator('.cwf-title')).toHaveText(catalogue('mf-wallet', 'zh-HK').titles!.recharge!);
  await expect(page.locator('.cwf-route > .cwf-card')).toHaveCount(3);
  await expect(page.locator('.cwf-gate')).toHaveCount(0);
  await expectSkeletonAccessible(page, browser);
});

test('signed in: the wallet’s total and card funding are the customer’s own in the HTML, exactly as the page shows them', async ({
  page,
  request,
  browser,
}) => {
  const customer = await registerCustomer(request, 'figures');
  await sandboxDeposit(request, customer, '1234.5');
  await addSessionCookie(page, customer.token);
  await withLanguage(page, 'ar-AE');
  const response = await page.goto('/pages/wallet/index');
  // The customer's own page: never kept by any cache.
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  const texts = catalogue('mf-wallet', 'ar-AE').index!;
  const figure = page.locator('.cwf-fig');
  await expect(figure.locator('.cwf-fig-label')).toHaveText(texts.totalAssets!);
  await expect(figure.locator('p').last()).toContainText(texts.cardFunding!);
  // Amounts stay left to right inside the right-to-left page.
  await expect(figure.locator('bdi').first()).toHaveAttribute('dir', 'ltr');
  const htmlAmounts = await figure.locator('bdi').allTextContents();
  expect(htmlAmounts[0]).toMatch(/1,234\.50/);
  await expectSkeletonAccessible(page, browser);

  // The page React renders over it shows the same two amounts.
  await withScripts(page, browser, customer, 'ar-AE', async (real) => {
    await real.goto('/pages/wallet/index');
    const amount = real.locator('.wallet-hero-amount .cw-ltr');
    await expect(amount).toHaveText(htmlAmounts[0]!);
    await expect(real.locator('.wallet-hero-sub .cw-ltr').first()).toHaveText(htmlAmounts[1]!);
  });
});

test('signed out, or with a session that is no longer valid, the wallet’s figures stay grey', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, 'figures-out');
  await sandboxDeposit(request, customer, '10');
  await api(request, 'POST', 'user/logout', { token: customer.token, body: {} });
  await addSessionCookie(page, customer.token);
  const response = await page.goto('/pages/wallet/index');
  expect(response!.headers()['cache-control']).toBe('private, no-cache');
  await expect(page.locator('.cwf')).toBeVisible();
  await expect(page.locator('.cwf-fig')).toHaveCount(0);
});

const homeAccountTexts = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../shell/src/pages/home/i18n/signed-in/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

test('signed in: the home page’s total balance is the customer’s own in the HTML, where and as the page then shows it', async ({
  page,
  request,
  browser,
}) => {
  const customer = await registerCustomer(request, 'home-total');
  await sandboxDeposit(request, customer, '321.25');
  await addSessionCookie(page, customer.token);
  await withLanguage(page, 'zh-HK');
  const response = await page.goto('/');
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  const texts = homeAccountTexts('zh-HK');
  const total = page.locator('.cwf-total');
  await expect(total.locator('p').first()).toHaveText(texts.totalBalance!);
  await expect(total.locator('dt')).toHaveText([texts.walletPart!, texts.cardFundingPart!, texts.cardsPart!]);
  const drawnAmount = (await total.locator('.cwf-total-amount').textContent())!;
  expect(drawnAmount).toMatch(/321\.25/);
  // No card yet: that part is zero, and it is drawn all the same.
  await expect(total.locator('dd').last()).toHaveText(/0\.00/);
  const drawnBox = (await total.boundingBox())!;
  await expectSkeletonAccessible(page, browser);

  // The card React renders in its place: the same amount, the same box (nothing moves).
  await withScripts(page, browser, customer, 'zh-HK', async (real) => {
    await real.goto('/');
    const card = real.getByRole('region', { name: texts.totalBalance! });
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
    await expect(real.getByTestId('home-total-balance')).toHaveText(drawnAmount);
    const box = (await card.boundingBox())!;
    expect(Math.abs(box.y - drawnBox.y), 'top').toBeLessThanOrEqual(1);
    expect(Math.abs(box.height - drawnBox.height), 'height').toBeLessThanOrEqual(1);
    expect(Math.abs(box.width - drawnBox.width), 'width').toBeLessThanOrEqual(1);
  });
});

test('home, signed out: the tip and the offers card with the page’s own sentences, in the reader’s language', async ({
  page,
  browser,
}) => {
  for (const locale of ['en-US', 'ar-AE']) {
    const texts = JSON.parse(
      readFileSync(new URL(`../../shell/src/pages/home/i18n/${locale}.json`, import.meta.url), 'utf8'),
    ) as Record<string, string>;
    await withLanguage(page, locale);
    await page.goto('/');
    await expect(page.locator('.cwf-notice p')).toHaveText(texts.tip3ds!);
    await expect(page.locator('.cwf-panel-h')).toHaveText(texts.offersTitle!);
    await expect(page.locator('.cwf-bullets li')).toHaveText([
      texts.offerWallet!,
      texts.offerCards!,
      texts.offerVerify!,
      texts.offerInvite!,
    ]);
    await expect(page.locator('.cwf-panel > p')).toHaveText(texts.signedOutLead!);
  }
  await expectSkeletonAccessible(page, browser);
});

test('a route without a skeleton keeps the generic frame', async ({ page }) => {
  await page.goto('/pages/wallet/no-such-page');
  await expect(page.locator('.cwf-title')).toHaveText(catalogue('shell', 'en-US').appName as unknown as string);
  await expect(page.locator('.cwf-route')).toHaveCount(0);
});

test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true });

  // The browser's language, which both the server's frame and the shell start in.
  for (const locale of ['en-US', 'ar-AE'])
    test.describe(locale, () => {
      test.use({ locale });
      test(`home: nothing React paints is larger than the HTML's texts, so the LCP stays the first paint`, async ({
        page,
      }) => {
        await page.goto('/');
        const home = JSON.parse(
          readFileSync(new URL(`../../shell/src/pages/home/i18n/${locale}.json`, import.meta.url), 'utf8'),
        ) as Record<string, string>;
        await expect(page.getByRole('heading', { name: home.shortcuts! })).toBeVisible();
        await expect(page.locator('.cwf')).toHaveCount(0);
        const paints = await page.evaluate(
          () =>
            new Promise<{ fcp: number; lcp: number[] }>((resolve) => {
              new PerformanceObserver((list) =>
                resolve({
                  fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
                  lcp: list.getEntries().map((e) => e.startTime),
                }),
              ).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        expect(paints.fcp).toBeGreaterThan(0);
        // Every LCP candidate came with the HTML frame's paint: React's same-sized texts added none.
        expect(paints.lcp.at(-1)).toBeCloseTo(paints.fcp, 0);
      });
    });

  test('the start loader: main.js and the page’s preloads start only after the frame was painted', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: Record<string, number | boolean> = {};
      (window as unknown as { __start: typeof seen }).__start = seen;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
            if (node instanceof HTMLScriptElement && /\/static\/js\/main\.[0-9a-f]{8}\.js$/.test(node.src))
              seen.mainAfterPaint = painted;
            if (node instanceof HTMLLinkElement && node.rel === 'preload' && /\/static\//.test(node.href))
              seen.preloadsAfterPaint = seen.preloadsAfterPaint !== false && painted;
            // The shell's own chunks go in as scripts (they compile while they stream), after the paint too.
            if (node instanceof HTMLScriptElement && /\/static\/js\/(?!main\.|start\.)/.test(node.src))
              seen.chunksAfterPaint = seen.chunksAfterPaint !== false && painted;
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/pages/passport/login');
    await expect(page.getByRole('heading', { name: catalogue('mf-passport', 'en-US').login!.heading! })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { __start: Record<string, unknown> }).__start);
    expect(seen).toEqual({ mainAfterPaint: true, preloadsAfterPaint: true, chunksAfterPaint: true });
    // The manifest and the icon are added with them (the app stays installable: pwa.spec.ts).
    await expect(page.locator('head > link[rel="manifest"]')).toHaveCount(1);
    // The page's only script tag is the loader; its preloads were used, not fetched twice (budget.spec.ts).
    await expect(page.locator('script[data-start]')).toHaveAttribute('src', /\/static\/js\/start\.[0-9a-f]{8}\.js$/);
  });

  test('a start-chain file whose first download fails is asked for again, and the app starts', async ({ page }) => {
    // The start loader adds the shell's chunks as scripts; one that failed must not be adopted by
    // the chunk loader, which would then wait two minutes for an event that has already been.
    let asked = 0;
    await page.route(/\/static\/js\/locale-en-US\.[0-9a-f]{8}\.js$/, (route) =>
      ++asked === 1 ? route.abort('connectionreset') : route.continue(),
    );
    await page.goto('/pages/passport/login');
    await expect(page.getByRole('heading', { name: catalogue('mf-passport', 'en-US').login!.heading! })).toBeVisible();
    await expect(page.locator('.cwf')).toHaveCount(0, { timeout: 15_000 });
    expect(asked, "the failed download and the chunk loader's own").toBeGreaterThanOrEqual(2);
  });

  test('the home page keeps the total its HTML drew on screen while its signed-in part loads', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'home-total-held');
    await sandboxDeposit(request, customer, '77.5');
    await signInAs(page, customer);
    // The home page's signed-in chunk held back (a slow link): the card must not go grey meanwhile.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/js\/home-signed-in\.[0-9a-f]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Not until `load`: the held chunk is one of the page's announced files.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const texts = homeAccountTexts('en-US');
    // React's page has replaced the HTML (the signed-in part, with its quick actions, still on its way).
    await expect(page.locator('.cwf')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'CardWallet' })).toBeVisible();
    const card = page.getByRole('region', { name: texts.totalBalance! });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toHaveCount(0);
    await expect(page.getByTestId('home-total-balance')).toHaveText('$77.50');
    await expect(page.getByTestId('home-balance-skeleton')).toHaveCount(0);
    release();
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('home-total-balance')).toHaveText('$77.50');
  });

  test('the page replaces its skeleton', async ({ page }) => {
    await page.goto('/pages/passport/login');
    await expect(page.getByRole('heading', { name: catalogue('mf-passport', 'en-US').login!.heading! })).toBeVisible();
    await expect(page.locator('.cwf')).toHaveCount(0);
  });
});
