#!/usr/bin/env node
// Measures what the browser loads (bytes on the wire, as served: pre-compressed) for the home page
// and for a remote page, cold cache, phone viewport. Usage: node support/measure-performance.mjs [baseURL]
import { baseUrl, demoSession, launchChromium, PHONE, signInContext } from './bench-browser.mjs';

const base = baseUrl('http://127.0.0.1:8090');
const browser = await launchChromium(['--disable-quic', '--disable-component-update', '--disable-sync']);

// Signed-in scenarios use the sandbox demo customer's real session (the pages call the real API).
const demo = await demoSession(base);

async function measure(label, path, { signIn = false, settle, then } = {}) {
  const context = await browser.newContext({
    ...PHONE,
    // ENCODING=gzip measures the gzip variant (the browser default is br when offered).
    extraHTTPHeaders: process.env.ENCODING ? { 'Accept-Encoding': process.env.ENCODING } : {},
  });
  // The session cookie, as a sign-in sets it (a token in localStorage is an older build's: the shell drops it).
  if (signIn) await signInContext(context, base, demo);
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  const started = Date.now();
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (settle) await page.getByRole('heading', { name: settle }).first().waitFor();
  await page.waitForLoadState('networkidle');
  let elapsed = Date.now() - started;
  if (then) {
    // Only what the second step adds: the remote's files after the shell is already running.
    finished.length = 0;
    const again = Date.now();
    await then(page);
    await page.waitForLoadState('networkidle');
    elapsed = Date.now() - again;
  }
  const rows = [];
  for (const request of finished) {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) continue;
    const sizes = await request.sizes();
    const response = await request.response();
    rows.push({
      path: url.pathname,
      type: request.resourceType(),
      bytes: sizes.responseBodySize,
      encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
    });
  }
  const js = rows.filter((r) => r.type === 'script' || r.path.endsWith('.js'));
  const css = rows.filter((r) => r.path.endsWith('.css'));
  await context.close();
  return {
    label,
    path,
    requests: rows.length,
    jsRequests: js.length,
    jsBytes: js.reduce((n, r) => n + r.bytes, 0),
    cssBytes: css.reduce((n, r) => n + r.bytes, 0),
    totalBytes: rows.reduce((n, r) => n + r.bytes, 0),
    encodings: [...new Set(js.map((r) => r.encoding))],
    elapsedMs: elapsed,
    rows,
  };
}

const results = [
  await measure('home (cold)', '/', { settle: 'Quick actions' }),
  await measure('home, logged in (cold)', '/', { signIn: true, settle: 'Quick actions' }),
  await measure('wallet index, logged in (cold deep link)', '/pages/wallet/index', {
    signIn: true,
    settle: 'Currencies',
  }),
  await measure('member index (cold deep link)', '/pages/user/index', { settle: 'Not logged in' }),
  await measure('card index, logged in (cold deep link)', '/pages/card/index', { signIn: true, settle: 'My cards' }),
  await measure('message centre, logged in (cold deep link)', '/pages/index/information', { signIn: true }),
  await measure('help centre (cold deep link)', '/pages/about/help', { settle: 'Frequently asked questions' }),
  await measure('home → Wallet tab, logged in (what the remote adds)', '/', {
    signIn: true,
    settle: 'Quick actions',
    then: async (page) => {
      await page.getByTestId('tab-wallet').click();
      await page.getByRole('heading', { name: 'Currencies' }).waitFor();
    },
  }),
];
await browser.close();
const kib = (n) => (n / 1024).toFixed(1);
for (const r of results) {
  console.log(
    `\n${r.label} ${r.path}: ${r.requests} requests, JS ${r.jsRequests} files ${kib(r.jsBytes)} KiB (${r.encodings.join(',')}), CSS ${kib(r.cssBytes)} KiB, total ${kib(r.totalBytes)} KiB, ${r.elapsedMs} ms`,
  );
  if (process.env.VERBOSE)
    for (const row of r.rows) console.log(`  ${kib(row.bytes).padStart(7)} KiB ${row.encoding.padEnd(8)} ${row.path}`);
}
