#!/usr/bin/env node
// The first tap on a tab whose app has not loaded yet (issue 24), signed in as the sandbox demo
// customer, under the throttling via CDP (4× CPU, 150 ms RTT, 1.6 Mbps down): home page
// cold, wait for its first screen plus SETTLE_MS (the idle-time prefetch runs then), tap the tab,
// time until its content is on screen. Medians of RUNS (3). With SAVE_DATA=1 the page reports
// Save-Data, so the prefetch is skipped: the figure without it.
//
//   cd e2e && node support/first-tap-bench.mjs http://127.0.0.1:8080
import { baseUrl, demoSession, launchChromium, median, PHONE, signInContext, throttle } from './bench-browser.mjs';

const base = baseUrl();
const runs = Number(process.env.RUNS ?? 3);
const settleMs = Number(process.env.SETTLE_MS ?? 5_000);
const saveData = process.env.SAVE_DATA === '1';
const TABS = [
  { tab: 'card', ready: 'My cards' },
  { tab: 'wallet', ready: 'Total assets (USD)' },
];

const browser = await launchChromium();
const results = {};
try {
  for (const { tab, ready } of TABS) {
    results[tab] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
      await signInContext(context, base, await demoSession(base), { saveData });
      const page = await context.newPage();
      await throttle(context, page);
      await page.goto(`${base}/`, { timeout: 60_000 });
      await page.getByRole('heading', { name: 'Quick actions' }).first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(settleMs);
      const started = Date.now();
      await page.getByTestId(`tab-${tab}`).click();
      await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      results[tab].push(ms);
      console.log(`${tab} run ${run + 1}: ${ms} ms${saveData ? ' (Save-Data: no prefetch)' : ''}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
const load = (await import('node:os')).loadavg()[0].toFixed(1);
for (const [tab, xs] of Object.entries(results))
  console.log(`${tab}: median ${median(xs)} ms (${xs.join(' / ')}), load average ${load}`);
