#!/usr/bin/env node
// A signed-in cold deep link to the wallet index (issue 24: "real content (balances) painted ≤ 2.5 s"),
// or with DEEP_LINK=/ to the home page (the installed app's start URL, its total balance):
// the sandbox demo customer's session in a fresh context (empty HTTP cache, no service worker),
// the throttling via CDP (4× CPU, 150 ms RTT, 1.6 Mbps down), navigate to
// /pages/wallet/index and time, in the page, from the navigation's start until the total balance
// is a real amount and visible: first the customer's total the server draws into the HTML
// (api/src/web/first-view.ts; at the first paint), then the React page's own (not the page's "--"
// while it loads), each taken at the next animation frame after the DOM change. Also reports
// when the page's heading showed, when the balances answer arrived and what asked for it (`link`:
// the page's preload, started with its files; `xmlhttprequest`: the page's own request). Medians of RUNS (3).
//
//   cd e2e && node support/deep-link-bench.mjs http://127.0.0.1:8080
import { loadavg } from 'node:os';
import { baseUrl, demoSession, launchChromium, median, PHONE, signInContext, throttle } from './bench-browser.mjs';

const base = baseUrl();
const runs = Number(process.env.RUNS ?? 3);
const path = process.env.DEEP_LINK ?? '/pages/wallet/index';
/**
 * What is watched on each page: the total the HTML draws, the React page's heading, and its own
 * total (on the home page, its card once no longer busy: until then it shows the HTML's total).
 */
const PAGES = {
  '/pages/wallet/index': {
    drawn: '#root .cwf-fig[data-figure="wallet.totalUsd"] .cwf-fig-amount bdi',
    heading: '#root h2#wallet-total',
    own: '#root .wallet-hero-amount .cw-ltr',
  },
  '/': {
    drawn: '#root .cwf-total .cwf-total-amount bdi',
    heading: '#root h2#home-total',
    own: '#root section.cw-home-balance:not([aria-busy]) [data-testid="home-total-balance"]',
  },
};
const watched = PAGES[path];
if (!watched) throw new Error(`DEEP_LINK: one of ${Object.keys(PAGES).join(', ')}`);

/** Runs in the page before any of its scripts: records when the heading and the real total are on screen. */
function watchBalances(selectors) {
  const marks = {};
  window.__deepLink = marks;
  const check = () => {
    // The customer's total drawn by the server into the HTML (api/src/web/first-view.ts): on screen
    // with the first paint that shows it.
    const drawn = document.querySelector(selectors.drawn);
    if (!marks.figure && drawn?.checkVisibility() && /\d/.test(drawn.textContent ?? '')) {
      marks.figureDom = performance.now();
      requestAnimationFrame(() => (marks.figure = performance.now()));
    }
    const heading = document.querySelector(selectors.heading);
    if (!marks.heading && heading?.checkVisibility()) marks.heading = performance.now();
    const total = document.querySelector(selectors.own);
    if (!marks.balances && total?.checkVisibility() && /\d/.test(total.textContent ?? '')) {
      marks.dom = performance.now();
      requestAnimationFrame(() => (marks.balances = performance.now()));
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const browser = await launchChromium();
const results = { figure: [], balances: [], heading: [], api: [] };
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    await signInContext(context, base, await demoSession(base));
    await context.addInitScript(watchBalances, watched);
    const page = await context.newPage();
    await throttle(context, page);
    await page.goto(`${base}${path}`, { timeout: 60_000 });
    await page.waitForFunction(() => window.__deepLink?.balances, undefined, { timeout: 60_000, polling: 200 });
    const marks = await page.evaluate(() => {
      const asked = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/wallet/balances'));
      // `link`: the page's first request started by the HTML (issue 24, shell/src/services/early-requests.ts).
      // Drawn by the parser, it is on screen with the first paint that follows (never before it).
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const figure = window.__deepLink.figure === undefined ? undefined : Math.max(window.__deepLink.figure, fcp ?? 0);
      return {
        ...window.__deepLink,
        figure,
        api: asked[0]?.responseEnd,
        // None at all: the answer was in the page's HTML (the server made it for the drawn figures).
        how: asked.map((e) => e.initiatorType).join('+') || 'nobody (the answer was in the HTML)',
      };
    });
    const round = (x) => (x === undefined ? NaN : Math.round(x));
    results.figure.push(round(marks.figure));
    results.balances.push(round(marks.balances));
    results.heading.push(round(marks.heading));
    results.api.push(round(marks.api));
    console.log(
      `run ${run + 1}: total in the HTML on screen ${round(marks.figure)} ms; page's balances ${round(marks.balances)} ms (heading ${round(marks.heading)} ms, ` +
        `balances answer ${round(marks.api)} ms, asked by ${marks.how})`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
const load = loadavg()[0].toFixed(1);
const line = (xs) => `median ${median(xs)} ms (${xs.join(' / ')})`;
console.log(`${path} signed in, cold: total drawn in the HTML ${line(results.figure)}, load average ${load}`);
console.log(`  the page's own balances ${line(results.balances)}`);
console.log(`  heading ${line(results.heading)}; balances answer ${line(results.api)}`);
