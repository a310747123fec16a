import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8097';
const login = await (await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demo@cardwallet.test', password: 'Demo1234!' }) })).json();
const { token, userId } = login.data;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const pages = process.argv.slice(2);
for (const locale of ['en-US', 'ar-AE']) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, deviceScaleFactor: 1 });
  await ctx.addInitScript(({ token, userId }) => { localStorage.setItem('AccessToken', token); localStorage.setItem('userId', userId); localStorage.setItem('platform', 'h5'); localStorage.setItem('sessionExpiresAt', String(Date.now() + 86400000)); }, { token, userId });
  const page = await ctx.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' }).catch(() => {});
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/${locale}-${p.replace(/[\/?=&]/g, '_')}.png` });
  }
  await ctx.close();
}
await browser.close();
console.log('done');
