import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { call, issueActiveCard } from './cards-helpers';
import { fund, newWalletUser, openSignedIn, setKycLevel } from './wallet-helpers';

/**
 * Figures current everywhere (issue 40; docs/api.md "Live updates"): money moved by someone else —
 * here the API, as another device or the server would — shows on every open page of the customer
 * within a second, without a reload. Two pages of one browser context (two tabs): the Wallet tab and
 * the card Apply page, each with its own stream, the shell invalidating the shared query keys the
 * event maps to.
 */
const WITHIN_MS = 1000;

const walletTotal = (page: Page) => page.locator('main.wallet-page .wallet-hero-amount .cw-ltr');
const walletCardFunding = (page: Page) => page.locator('main.wallet-page .wallet-hero-sub .cw-ltr');

/**
 * Stamps (Date.now(), the same clock as the test's) the moment `selector`'s text first equals
 * `text` — or, with `gone`, the moment no `selector` contains `text` — from a MutationObserver in the
 * page, so the figure measured is the page's, not Playwright's polling.
 */
async function stampWhen(page: Page, name: string, selector: string, text: string, gone = false) {
  await page.evaluate(
    ({ name, selector, text, gone }) => {
      const w = window as unknown as { __shown?: Record<string, number> };
      w.__shown ??= {};
      const holds = () => {
        const found = [...document.querySelectorAll(selector)].map((e) => e.textContent ?? '');
        return gone ? !found.some((t) => t.includes(text)) : found.some((t) => t.trim() === text);
      };
      const observer = new MutationObserver(() => {
        if (!holds()) return;
        w.__shown![name] = Date.now();
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { name, selector, text, gone },
  );
}

/** Milliseconds from `since` to the stamp `name` (waits for it at most WITHIN_MS past `since`). */
async function shownAfter(page: Page, name: string, since: number): Promise<number> {
  const handle = await page.waitForFunction(
    (n) => (window as unknown as { __shown?: Record<string, number> }).__shown?.[n] ?? false,
    name,
    { timeout: Math.max(1, since + WITHIN_MS - Date.now()) },
  );
  return Number(await handle.jsonValue()) - since;
}

test('a transfer through the API updates the wallet and the card Apply page; closing a card the wallet total', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await newWalletUser(request, 'live');
  await setKycLevel(request, user, 1);
  await fund(request, user, '300');

  // Tab 1: the Wallet tab. Tab 2: the card Apply page, short of the 10 USD application fee.
  await openSignedIn(page, user, '/pages/wallet/index');
  await expect(walletTotal(page)).toHaveText('$300.00');
  await expect(walletCardFunding(page)).toHaveText('$0.00');
  const apply = await page.context().newPage();
  await apply.goto('/pages/card/apply');
  const applyForm = apply.locator('main').last();
  await expect(applyForm.getByText(/Insufficient wallet balance/)).toBeVisible({ timeout: 30_000 });
  // Both tabs have their stream open before anything moves (the shell listens while signed in).
  for (const tab of [page, apply])
    await expect
      .poll(() =>
        tab.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => e.name.includes('notifications/stream')),
        ),
      )
      .toBe(true);

  await stampWhen(page, 'total', 'main.wallet-page .wallet-hero-amount .cw-ltr', '$100.00');
  await stampWhen(page, 'funding', 'main.wallet-page .wallet-hero-sub .cw-ltr', '$200.00');
  await stampWhen(apply, 'notice', 'main', 'Insufficient wallet balance', true);
  await stampWhen(apply, 'funding', 'main .cw-ltr', '$200.00');
  await call(
    request,
    'POST',
    'wallet/transfer',
    user.token,
    { currency: 'USDT', amount: '200' },
    { 'Idempotency-Key': randomUUID() },
  );
  // From the API's answer (the move committed) to the figure in the page.
  const since = Date.now();
  const [walletMs, walletFundingMs, applyNoticeMs, applyFundingMs] = await Promise.all([
    shownAfter(page, 'total', since),
    shownAfter(page, 'funding', since),
    shownAfter(apply, 'notice', since),
    shownAfter(apply, 'funding', since),
  ]);
  await expect(walletTotal(page)).toHaveText('$100.00');
  await expect(walletCardFunding(page)).toHaveText('$200.00');
  await expect(applyForm.getByText(/Insufficient wallet balance/)).toBeHidden();
  await expect(applyForm.getByText('$200.00', { exact: true })).toBeVisible();

  // A card issued and loaded through the API, then closed: its balance returns to the wallet (USDT).
  const card = { id: await issueActiveCard(request, user.token, '100') };
  await expect(walletTotal(page)).toHaveText('$100.00');
  const { balance } = await call<{ balance: string }>(request, 'GET', 'card/detail', user.token, { cardId: card.id });
  expect(Number(balance)).toBeGreaterThan(0);
  await page.evaluate(() => delete (window as unknown as { __shown?: unknown }).__shown);
  await stampWhen(page, 'closed', 'main.wallet-page .wallet-hero-amount .cw-ltr', '$100.00', true);
  await call(
    request,
    'POST',
    'card/close',
    user.token,
    { cardId: card.id, currency: 'USDT' },
    { 'Idempotency-Key': randomUUID() },
  );
  const closeMs = await shownAfter(page, 'closed', Date.now());
  // The figure shown is the wallet's new total: the card's balance came back.
  const { totalUsd } = await call<{ totalUsd: string }>(request, 'GET', 'wallet/balances', user.token);
  expect(Number(totalUsd)).toBeCloseTo(100 + Number(balance), 2);
  await expect(walletTotal(page)).toHaveText(`$${Number(totalUsd).toFixed(2)}`);

  const figures = `transfer → wallet tab total ${walletMs} ms, card funding ${walletFundingMs} ms; Apply page notice gone ${applyNoticeMs} ms, funding ${applyFundingMs} ms; card close → wallet tab ${closeMs} ms (each from the API's answer to the figure on screen)`;
  test.info().annotations.push({ type: 'latency', description: figures });
  console.log(`[live figures] ${figures}`);
});
