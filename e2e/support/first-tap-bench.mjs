#!/usr/bin/env node
// The first tap on a tab whose app has not loaded yet (issue 24), signed in as the sandbox demo
// customer, under the throttling via CDP (4× CPU, 150 ms RTT, 1.6 Mbps down): home page
// cold, wait for its first screen plus SETTLE_MS (the idle-time prefetch runs then), tap the tab,
// time until its content is on screen. Medians of RUNS (3). With SAVE_DATA=1 the page reports
// Save-Data, so the prefetch is skipped: the figure without it.
//
//   cd e2e && node support/first-tap-bench.mjs http://127.0.0.1:8080
import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const runs = Number(process.env.RUNS ?? 3);
const settleMs = Number(process.env.SETTLE_MS ?? 5_000);
const saveData = process.env.SAVE_DATA === '1';
const TABS = [
  { tab: 'card', ready: 'My cards' },
  { tab: 'wallet', ready: 'Total assets (USD)' },
];

async function demoSession() {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo@cardwallet.test', password: 'Demo1234!' }),
  });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`demo login failed: ${body.msg}`);
  return body.data;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const results = {};
try {
  for (const { tab, ready } of TABS) {
    results[tab] = [];
    for (let run = 0; run < runs; run++) {
      const demo = await demoSession();
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: 'en-US',
        serviceWorkers: 'block',
      });
      // What a sign-in's answer sets: the HttpOnly session cookie, and the facts the shell keeps.
      await context.addCookies([
        {
          name: 'cw_session',
          value: demo.token,
          domain: new URL(base).hostname,
          path: '/',
          httpOnly: true,
          secure: false,
          sameSite: 'Strict',
          expires: Math.floor(Date.now() / 1000) + 86_400,
        },
      ]);
      await context.addInitScript(
        ({ userId, saveData }) => {
          // The shell keeps no token (the cookie above carries it): the user id and the expiry.
          if (!localStorage.getItem('userId')) {
            localStorage.setItem('userId', userId);
            localStorage.setItem('sessionExpiresAt', String(Date.now() + 86_400_000));
          }
          if (saveData) Object.defineProperty(navigator, 'connection', { value: { saveData: true } });
        },
        { ...demo, saveData },
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
