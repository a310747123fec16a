import { expect, test } from '@playwright/test';
import { addSessionCookie, api, registerCustomer, signInAs } from '../support/customer';
import {
  expectErrorView,
  navTitle,
  pullDownToRefresh,
  remoteRequests,
  signInLocally,
  tab,
  waitForShell,
  type ShellHandle,
} from '../support/app';

test.describe('platform: shell, runtime remotes, session, i18n', () => {
  test('the shell loads the home page with the tab bar, and no remote before it is needed', async ({ page }) => {
    const card = remoteRequests(page, 'card');
    const wallet = remoteRequests(page, 'wallet');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'CardWallet' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'CardWallet' }).getByRole('link')).toHaveCount(4);
    await expect(tab(page, 'home')).toHaveAttribute('aria-current', 'page');
    expect(card).toHaveLength(0);
    expect(wallet).toHaveLength(0);
  });

  test('all four tabs switch and load their remotes at runtime', async ({ page, request }) => {
    const requests = {
      card: remoteRequests(page, 'card'),
      wallet: remoteRequests(page, 'wallet'),
      user: remoteRequests(page, 'user'),
    };
    await page.goto('/pages/index/index');
    await waitForShell(page);

    await tab(page, 'card').click();
    await expect(page).toHaveURL(/\/pages\/card\/index$/);
    await expect(navTitle(page, 'Card')).toBeVisible();
    expect(requests.card.some((r) => r.url().endsWith('/mf-manifest.json'))).toBe(true);
    expect(requests.card.some((r) => r.url().endsWith('/remoteEntry.js'))).toBe(true);
    expect(requests.wallet).toHaveLength(0);

    await tab(page, 'wallet').click();
    await expect(page).toHaveURL(/\/pages\/wallet\/index$/);
    await expect(navTitle(page, 'Wallet')).toBeVisible();
    expect(requests.wallet.some((r) => r.url().endsWith('/remoteEntry.js'))).toBe(true);

    await tab(page, 'user').click();
    await expect(page).toHaveURL(/\/pages\/user\/index$/);
    await expect(navTitle(page, 'Member')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
    expect(requests.user.some((r) => r.url().endsWith('/remoteEntry.js'))).toBe(true);

    await tab(page, 'home').click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible();

    // Logged in, the card and wallet tabs show their own pages instead of the login prompt.
    const customer = await registerCustomer(request, 'tabs');
    // What a sign-in answer does: the HttpOnly session cookie, then the shell records the user.
    await addSessionCookie(page, customer.token);
    await page.evaluate(
      ({ token, userId }) =>
        (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.session.signIn({ token, userId }),
      { token: customer.token, userId: customer.userId },
    );
    await tab(page, 'wallet').click();
    await expect(page.getByRole('heading', { name: 'Wallet, valued in US dollars' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();
    await tab(page, 'card').click();
    await expect(page.getByRole('heading', { name: 'My cards' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for a card' })).toBeVisible();
  });

  test('a logged-out user opening a protected tab is asked to log in or register', async ({ page }) => {
    await page.goto('/pages/wallet/index');
    await expect(page.getByText('Not logged in. Please log in or register.')).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
    // After login the user comes back to the page that needed it.
    const returnTo = await page.evaluate(() => localStorage.getItem('loginReturnTo'));
    expect(returnTo).toBe('/pages/wallet/index');
  });

  test('deep link to a remote page works on a cold load', async ({ page }) => {
    await page.goto('/pages/user/language');
    await expect(navTitle(page, 'Language')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    for (const name of ['English', '繁體中文', 'العربية', 'Türkçe'])
      await expect(page.getByText(name, { exact: true })).toBeVisible();
  });

  test('unknown paths land on the error page; an unlisted page under a remote prefix shows not-found', async ({
    page,
  }) => {
    await page.goto('/pages/no-such-group/index');
    await expect(page).toHaveURL(/\/pages\/index\/error$/);
    await expectErrorView(page);
    await page.goto('/pages/wallet/no-such-step');
    await expect(page.getByTestId('error-view')).toContainText('This page does not exist or is not available yet.');
    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
  });

  test('switching to ar-AE mirrors the layout and is remembered', async ({ page }) => {
    await page.goto('/pages/user/language');
    await page.getByText('العربية', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE');
    await expect(navTitle(page, 'اللغة')).toBeVisible();

    // Back button sits on the right in RTL.
    const back = await page.getByRole('button', { name: 'رجوع' }).boundingBox();
    expect(back!.x).toBeGreaterThan(390 / 2);

    await page.getByRole('button', { name: 'رجوع' }).click();
    await page.goto('/pages/user/index');
    await expect(navTitle(page, 'العضوية')).toBeVisible();
    const home = await tab(page, 'home').boundingBox();
    const member = await tab(page, 'user').boundingBox();
    // Home is the first tab: rightmost in RTL.
    expect(home!.x).toBeGreaterThan(member!.x);
    await expect(tab(page, 'home')).toContainText('الرئيسية');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('navigation', { name: 'قائمة الحساب' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('member-ar-AE.png') });

    await page.goto('/pages/user/language');
    await page.getByText('English', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('a remote loads its texts in the reader’s language only; a switch loads the new one before it shows', async ({
    page,
  }) => {
    const localeChunks: string[] = [];
    page.on('request', (request) => {
      const match = /\/remotes\/user\/.*\/(locale-[A-Za-z-]+)\.[0-9a-f]+\.js$/.exec(request.url());
      if (match?.[1]) localeChunks.push(match[1]);
    });
    // Every text the page ever shows, to catch a raw key ("language.title") or English in ar-AE.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { seenTexts: Set<string> }).seenTexts = seen;
      new MutationObserver(() => {
        for (const line of document.body.innerText.split('\n')) if (line.trim()) seen.add(line.trim());
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/pages/user/language');
    await expect(navTitle(page, 'Language')).toBeVisible();
    expect(localeChunks).toEqual(['locale-en-US']);

    await page.getByText('العربية', { exact: true }).click();
    await expect(navTitle(page, 'اللغة')).toBeVisible();
    expect(localeChunks).toEqual(['locale-en-US', 'locale-ar-AE']);
    const seen = await page.evaluate(() => [...(window as unknown as { seenTexts: Set<string> }).seenTexts]);
    expect(seen.filter((text) => /^[a-z]+(\.[a-zA-Z0-9_]+)+$/.test(text))).toEqual([]);
    expect(seen).toContain('اللغة');
    // Back to English: already loaded, no request.
    await page.getByText('English', { exact: true }).click();
    await expect(navTitle(page, 'Language')).toBeVisible();
    expect(localeChunks).toEqual(['locale-en-US', 'locale-ar-AE']);
  });

  test('a remote that is down shows the error view with Retry; the rest keeps working; Retry recovers', async ({
    page,
  }) => {
    await page.route('**/remotes/card/**', (route) => route.abort('connectionrefused'));
    await page.goto('/pages/card/index');
    await expectErrorView(page);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    // Other apps are unaffected.
    await tab(page, 'user').click();
    await expect(navTitle(page, 'Member')).toBeVisible();
    await tab(page, 'card').click();
    await expectErrorView(page);

    // Files are back: Retry loads the remote.
    await page.unroute('**/remotes/card/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(navTitle(page, 'Card')).toBeVisible();
    await expect(page.getByTestId('error-view')).toHaveCount(0);
  });

  test('a remote built against another contract major is refused with Retry', async ({ page }) => {
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { remotes: Array<{ name: string; contractMajor: number }> };
      for (const r of json.remotes) if (r.name === 'mf_share') r.contractMajor += 1;
      await route.fulfill({ response, json });
    });
    // The page carries the registry itself (issue 24): the same change there. The server announces
    // no files of a release the shell would refuse, so its preload links go too.
    await page.route('**/pages/share/index', async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(
          /(<script type="application\/json" id="cw-registry">)([^<]*)(<\/script>)/,
          (_all, open: string, json: string, close: string) => {
            const data = JSON.parse(json) as { remotes: Array<{ name: string; contractMajor: number }> };
            for (const r of data.remotes) if (r.name === 'mf_share') r.contractMajor += 1;
            return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
          },
        )
        .replace(/<link rel="preload"[^>]*>/g, '');
      await route.fulfill({ response, body: html });
    });
    const share = remoteRequests(page, 'share');
    await page.goto('/pages/share/index');
    await expect(page.getByTestId('error-view')).toContainText('This part of the app is being updated');
    expect(share).toHaveLength(0);
    await page.goto('/pages/user/index');
    await expect(navTitle(page, 'Member')).toBeVisible();
  });

  test('body code 401 logs out and asks to log in, one modal at a time, then goes to login', async ({ page }) => {
    await page.route('**/api/**', (route) =>
      // The start-up version check is public and stays real; every other call answers 401.
      route.request().url().includes('/api/app/version')
        ? route.continue()
        : route.fulfill({ json: { code: 401, msg: 'Not logged in', key: 'unauthenticated', data: null } }),
    );
    await page.goto('/pages/user/index');
    await waitForShell(page);
    await signInLocally(page);
    // The member centre's own user/info answers 401 too; three more calls at once still give one modal.
    await page.evaluate(() => {
      const { host } = (window as unknown as { __cardwallet: ShellHandle }).__cardwallet;
      for (let i = 0; i < 3; i++) void host.http.get('user/info').catch(() => undefined);
    });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('You need to log in at this moment~');
    await expect(dialog).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/pages\/passport\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('loginReturnTo'))).toBe('/pages/user/index');
  });

  test('HTTP client sends the spec headers from the real browser', async ({ page }) => {
    let headers: Record<string, string> = {};
    await page.route('**/api/**', async (route) => {
      if (route.request().url().includes('/api/user/isLogin')) headers = route.request().headers();
      await route.fulfill({ json: { code: 200, msg: 'ok', data: { pong: true } } });
    });
    await page.goto('/');
    await waitForShell(page);
    await signInLocally(page, 'u-42');
    const data = await page.evaluate(() =>
      (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.http.get('user/isLogin'),
    );
    expect(data).toEqual({ pong: true });
    // The CSRF header on every call; no token header: the session is the HttpOnly cookie (issue 22).
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(headers['platform']).toBe('h5');
    expect(headers['access-token']).toBeUndefined();
    expect(headers['accept-language']).toBe('en-US');
  });

  test('the counted loading mask shows during a request and leaves nothing over the page after it', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/**', async (route) => {
      await answered;
      await route.fulfill({ json: { code: 200, msg: 'ok', data: {} } });
    });
    await page.goto('/');
    await waitForShell(page);
    await signInLocally(page, 'u-7');
    const request = page.evaluate(() =>
      (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.http.request({
        url: 'user/isLogin',
        loading: true,
        login: 'none',
      }),
    );
    await expect(page.getByRole('status', { name: /loading/i })).toBeVisible();
    release();
    await request;
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
    // A tap right after goes through to the page (no invisible mask left on top).
    await tab(page, 'card').click();
    await expect(page).toHaveURL(/\/pages\/card\/index$/);
  });

  test('the upgrade popup fades in over 200 ms when a newer build is deployed; "Later" puts it off', async ({
    page,
  }) => {
    await page.route('**/api/app/version**', (route) =>
      route.fulfill({
        json: {
          code: 200,
          msg: 'ok',
          data: { latestVersionCode: 1139, minimumVersionCode: 1138, upgradeAvailable: true, upgradeRequired: false },
        },
      }),
    );
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'A new version is available' });
    await expect(popup).toBeVisible();
    expect(await popup.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.2s');
    await popup.getByRole('button', { name: 'Later' }).click();
    await expect(popup).toHaveCount(0);
  });

  test('below the minimum version the upgrade cannot be put off', async ({ page }) => {
    let asked = '';
    await page.route('**/api/app/version**', (route) => {
      asked = new URL(route.request().url()).searchParams.get('versionCode') ?? '';
      return route.fulfill({
        json: {
          code: 200,
          msg: 'ok',
          data: { latestVersionCode: 1140, minimumVersionCode: 1139, upgradeAvailable: true, upgradeRequired: true },
        },
      });
    });
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'A new version is available' });
    await expect(popup).toContainText('no longer supported');
    expect(asked).toBe('1138');
    await expect(popup.getByRole('button', { name: 'Later' })).toHaveCount(0);
    await expect(popup.getByRole('button', { name: 'Update now' })).toBeVisible();
  });

  test('network failure toasts "network request error"', async ({ page }) => {
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await waitForShell(page);
    await page.evaluate(
      () =>
        void (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.http
          .get('anything')
          .catch(() => undefined),
    );
    await expect(page.getByText('network request error')).toBeVisible();
  });

  test('log out from the member tab revokes the session and returns home', async ({ page, request }) => {
    const customer = await registerCustomer(request, 'logout');
    await signInAs(page, customer);
    await page.goto('/pages/user/index');
    await waitForShell(page);
    await expect(page.getByText(customer.userId)).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    // The member centre asks first; confirming logs out.
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/pages\/index\/index$/);
    expect(await page.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
    // The server no longer accepts the token.
    const after = await api(request, 'GET', 'user/isLogin', { token: customer.token });
    expect(after.code).toBe(401);
  });

  test('the wallet tab shows the stored badge count, capped at 999+', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('tabBadges', JSON.stringify({ wallet: 1200 })));
    await page.goto('/');
    await expect(tab(page, 'wallet')).toContainText('999+');
    await page.evaluate(() =>
      (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.tabBadge.set('wallet', 7),
    );
    await expect(tab(page, 'wallet')).toContainText('7');
    await expect(tab(page, 'wallet')).not.toContainText('999+');
  });

  test('pull-to-refresh (yellow) on the home page', async ({ page }) => {
    await page.goto('/');
    const shortcuts = page.getByRole('heading', { name: 'Quick actions' });
    await expect(shortcuts).toBeVisible();
    const head = await pullDownToRefresh(page, shortcuts);
    await expect(head).toContainText('Refresh successful');
    // Then it closes, and says nothing more.
    await expect(head).toHaveCount(0);
  });

  test('content is at most 500 px wide and centred on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/');
    const box = await page.locator('#root').boundingBox();
    expect(box!.width).toBe(500);
    expect(Math.round(box!.x)).toBe(250);
  });
});
