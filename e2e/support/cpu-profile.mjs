#!/usr/bin/env node
// Where a cold page's main-thread time goes (issue 24, TBT): Chromium with the CPU slowed 4× (as
// Lighthouse's mobile default), a V8 sampling profile from navigation until the page is quiet, and the
// long tasks (> 50 ms) it saw. Prints self time per script and the heaviest functions. Not in npm test.
//
//   CHROME_PATH=/usr/bin/chromium node support/cpu-profile.mjs http://127.0.0.1:8096/pages/passport/login
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/';
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  const longTasks = await page.evaluate(() => window.__longTasks);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  const tbt = longTasks.filter(([s]) => s >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  console.log(
    `FCP ${Math.round(fcp)} ms; long tasks [start, ms]: ${JSON.stringify(longTasks)}; TBT after FCP ${tbt} ms`,
  );
  // Self time per node from the samples.
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const byUrl = new Map();
  const byFn = new Map();
  for (const node of profile.nodes) {
    const ms = dt.get(node.id) ?? 0;
    if (!ms) continue;
    const f = node.callFrame;
    const file = f.url.split('/').slice(-1)[0] || `(${f.functionName || 'native'})`;
    byUrl.set(file, (byUrl.get(file) ?? 0) + ms);
    const key = `${file}:${f.lineNumber}:${f.columnNumber} ${f.functionName}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('self time per script (ms):');
  for (const [k, v] of top(byUrl, 15)) console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
  console.log('heaviest functions (ms):');
  for (const [k, v] of top(byFn, 25)) console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
} finally {
  await browser.close();
}
