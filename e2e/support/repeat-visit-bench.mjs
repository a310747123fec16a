#!/usr/bin/env node
// Repeat visit of a page with the service worker (issue 24), against a running server: a first
// visit installs the worker (waits until it is active), then a new tab opens the page again under
// the throttling (4× CPU, 150 ms RTT, 1.6 Mbps down) and reports FCP and LCP. Compared
// with the same repeat visit with service workers blocked (HTTP cache only) and with a cold visit.
// Medians of RUNS (default 3), fresh browser context per run. Not part of npm test.
//
//   node support/repeat-visit-bench.mjs http://127.0.0.1:8093      (PAGES=/,/pages/passport/login)
import os from 'node:os';
import { baseUrl, launchChromium, median, PHONE, throttle } from './bench-browser.mjs';

const base = baseUrl();
const pages = (process.env.PAGES ?? '/').split(',');
const runs = Number(process.env.RUNS ?? 3);

async function paints(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = Math.max(lcp, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          resolve({ fcp: Math.round(fcp), lcp: Math.round(lcp) });
        }, 1_500);
      }),
  );
}

const browser = await launchChromium();
try {
  for (const path of pages) {
    const results = { cold: [], 'repeat, HTTP cache only': [], 'repeat, service worker': [] };
    const load = os.loadavg()[0];
    for (let i = 0; i < runs; i++) {
      for (const mode of Object.keys(results)) {
        const context = await browser.newContext({
          ...PHONE,
          serviceWorkers: mode.includes('service worker') ? 'allow' : 'block',
        });
        if (mode !== 'cold') {
          const first = await context.newPage();
          await first.goto(`${base}${path}`, { waitUntil: 'load' });
          for (let t = 0; mode.includes('service worker') && t < 60; t++) {
            const state = await first.evaluate(
              async () => (await navigator.serviceWorker.getRegistration())?.active?.state,
            );
            if (state === 'activated') break;
            await first.waitForTimeout(500);
          }
          await first.close();
        }
        const page = await context.newPage();
        await throttle(context, page);
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        results[mode].push(await paints(page));
        await context.close();
      }
    }
    for (const [mode, rs] of Object.entries(results))
      console.log(
        `${path}  ${mode.padEnd(26)} FCP ${median(rs.map((r) => r.fcp))} ms  LCP ${median(rs.map((r) => r.lcp))} ms  ` +
          `(runs: ${rs.map((r) => r.lcp).join(', ')})  load ${load.toFixed(1)}→${os.loadavg()[0].toFixed(1)}`,
      );
  }
} finally {
  await browser.close();
}
