#!/usr/bin/env node
// The first tap on a tab whose app has not loaded yet (issue 24), signed in as the sandbox demo
// customer, under the throttling via CDP (4× CPU, 150 ms RTT, 1.6 Mbps down): home page
// cold, wait for its first screen plus SETTLE_MS (the idle-time prefetch runs then), tap the tab,
// time until its content is on screen. Medians of RUNS (3). With SAVE_DATA=1 the page reports
// Save-Data, so the prefetch is skipped: the figure without it.
//
// The heading is looked for inside the tab's own page (`main.card-page`, `main.wallet-page`): the
// signed-in home has a "My cards" heading too, which the router keeps on screen while the card page
// loads (a transition), so an unscoped wait could end at once on the home page's heading. Beside the
// time seen from Playwright (click() to the wait resolving, its polling included), the page records
// its own: from the tap's click event to the animation frame after the heading became visible (a
// MutationObserver, then requestAnimationFrame: the frame that paints it).
//
//   cd e2e && node support/first-tap-bench.mjs http://127.0.0.1:8080
import { baseUrl, demoSession, launchChromium, median, PHONE, signInContext, throttle } from './bench-browser.mjs';

const base = baseUrl();
const runs = Number(process.env.RUNS ?? 3);
const settleMs = Number(process.env.SETTLE_MS ?? 5_000);
const saveData = process.env.SAVE_DATA === '1';
const TABS = [
  { tab: 'card', ready: 'My cards', scope: 'main.card-page' },
  { tab: 'wallet', ready: 'Total assets (USD)', scope: 'main.wallet-page' },
];

/** In the page: the time from the tab's click to its page's heading being visible. */
function watchTap({ ready, scope }) {
  const marks = {};
  window.__firstTap = marks;
  addEventListener('click', (event) => (marks.click ??= event.timeStamp), true);
  new MutationObserver(() => {
    if (marks.click === undefined || marks.seen) return;
    const shown = [...document.querySelectorAll(`${scope} h1, ${scope} h2`)].some(
      (h) => h.textContent?.trim() === ready && h.checkVisibility(),
    );
    // At the next animation frame: the frame that paints it (after whatever long task follows).
    if (shown && !marks.seen) {
      marks.seen = true;
      requestAnimationFrame(() => (marks.ready = performance.now()));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const browser = await launchChromium();
const results = {};
const inPage = {};
try {
  for (const { tab, ready, scope } of TABS) {
    results[tab] = [];
    inPage[tab] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
      await signInContext(context, base, await demoSession(base), { saveData });
      await context.addInitScript(watchTap, { ready, scope });
      const page = await context.newPage();
      await throttle(context, page);
      await page.goto(`${base}/`, { timeout: 60_000 });
      await page.getByRole('heading', { name: 'Quick actions' }).first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(settleMs);
      const started = Date.now();
      await page.getByTestId(`tab-${tab}`).click();
      await page.locator(scope).getByRole('heading', { name: ready }).first().waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      await page.waitForFunction(() => window.__firstTap?.ready !== undefined, undefined, { timeout: 10_000 });
      const marks = await page.evaluate(() => ({ ...window.__firstTap, origin: performance.timeOrigin }));
      const own = Math.round(marks.ready - marks.click);
      // Where Playwright's extra time goes: before the click event is dispatched in the page.
      const before = Math.round(marks.origin + marks.click - started);
      results[tab].push(ms);
      inPage[tab].push(own);
      console.log(
        `${tab} run ${run + 1}: ${ms} ms (in the page ${own} ms; click dispatched after ${before} ms)` +
          (saveData ? ' (Save-Data: no prefetch)' : ''),
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
}
const load = (await import('node:os')).loadavg()[0].toFixed(1);
for (const [tab, xs] of Object.entries(results))
  console.log(
    `${tab}: median ${median(xs)} ms (${xs.join(' / ')}); in the page ${median(inPage[tab])} ms ` +
      `(${inPage[tab].join(' / ')}), load average ${load}`,
  );
