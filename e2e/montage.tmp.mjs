import { chromium } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const loc of ['en-US', 'ar-AE']) {
  const files = readdirSync('/tmp/shots').filter((f) => f.startsWith(loc)).sort();
  const html = `<body style="margin:0;display:grid;grid-template-columns:repeat(5,390px);gap:4px;background:#888">${files.map((f) => `<img src="data:image/png;base64,${readFileSync('/tmp/shots/' + f).toString('base64')}">`).join('')}</body>`;
  const page = await browser.newPage({ viewport: { width: 1970, height: 1700 } });
  await page.setContent(html);
  await page.screenshot({ path: `/tmp/shots/m-${loc}.png`, fullPage: true });
  console.log(loc, files.join(' '));
}
await browser.close();
