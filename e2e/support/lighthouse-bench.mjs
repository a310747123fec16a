#!/usr/bin/env node
// Lighthouse (mobile default: simulated slow 4G, 4× CPU slowdown), cold, medians of RUNS (default 3)
// per page, against a running server (issue 24; docs/performance.md). Not part of npm test.
//
//   CHROME_PATH=/usr/bin/chromium node support/lighthouse-bench.mjs http://127.0.0.1:8093
//   PAGES=/,/pages/passport/login RUNS=5 …
//   LHR_DIR=/tmp/lhr …   also writes each run's full report (long-tasks, bootup-time, …) as JSON
//   WARM_BROWSER=1 …     one Chromium for all runs of a page, after one warm-up run that is not
//                        counted: the page stays cold (Lighthouse clears the cache and the
//                        origin's storage before each run), the browser does not — as on a phone,
//                        where the browser is running before the page is opened. A fresh browser
//                        per run (the default) also pays the browser's own start (font
//                        configuration, V8 contexts): 300 ms of TBT on a script-less page here.
//
// Prints score, FCP, LCP, TBT, CLS and transferred bytes per run and their medians, and the load
// average before and after each page (the machine is shared: scores swing with its load).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const pages = (process.env.PAGES ?? '/,/pages/passport/login,/pages/wallet/index').split(',');
const runs = Number(process.env.RUNS ?? 3);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const rows = [];
for (const path of pages) {
  const results = [];
  const loadBefore = os.loadavg()[0];
  const warm = process.env.WARM_BROWSER === '1';
  const launch = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
  const shared = warm ? await launch() : undefined;
  for (let i = warm ? -1 : 0; i < runs; i++) {
    // A fresh browser per run (cold cache, no service worker, no cookies), or the warm one.
    const chrome = shared ?? (await launch());
    try {
      const { lhr } = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      if (process.env.LHR_DIR) {
        mkdirSync(process.env.LHR_DIR, { recursive: true });
        const name = `${path.replace(/[^a-z0-9]+/gi, '_') || '_'}-${i + 1}.json`;
        writeFileSync(join(process.env.LHR_DIR, name), JSON.stringify(lhr));
      }
      if (i < 0) continue; // the warm-up run
      const a = lhr.audits;
      const r = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: a['first-contentful-paint'].numericValue,
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
        cls: a['cumulative-layout-shift'].numericValue,
        kib: a['total-byte-weight'].numericValue / 1024,
      };
      if (Object.values(r).some((v) => typeof v !== 'number' || Number.isNaN(v))) {
        // A run Lighthouse could not finish (its runtimeError says why): reported, not counted.
        console.log(`${path} run ${i + 1}: failed (${lhr.runtimeError?.code ?? 'metric missing'})`);
        continue;
      }
      results.push(r);
      console.log(
        `${path} run ${i + 1}: score ${r.score}  FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}  ${r.kib.toFixed(0)} KiB`,
      );
    } finally {
      if (!shared) await chrome.kill();
    }
  }
  if (shared) await shared.kill();
  const m = (k) => median(results.map((r) => r[k]));
  if (results.length === 0) continue;
  rows.push({
    path,
    runs: results.length,
    score: m('score'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    kib: m('kib'),
    load: `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`,
  });
}
console.log(`\nmedians of ${runs} (Lighthouse mobile default, cold)`);
console.log('| page | score | FCP | LCP | TBT | CLS | bytes | load average |\n|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows)
  console.log(
    `| \`${r.path}\` | ${r.score} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.kib.toFixed(0)} KiB | ${r.load} |`,
  );
