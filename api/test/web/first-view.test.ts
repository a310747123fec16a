import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { fakeBuild } from '../releases/fake-build';

// Issue 24, the signed-in deep link's real content: the wallet page's first response draws the
// customer's own total and card funding (web/first-view.ts) — for a session the API accepts only,
// from the same books as GET wallet/balances, in the page's language, never stored.

/** The wallet build's skeleton of its index page, as shared/build/route-skeletons.mjs writes it. */
const WALLET_SKELETONS = {
  version: 1,
  routes: {
    index: {
      header: 'bar',
      title: { 'en-US': 'Wallet', 'ar-AE': 'المحفظة' },
      auth: true,
      blocks: [
        {
          kind: 'figure',
          height: 136,
          figure: 'wallet.totalUsd',
          subFigure: 'wallet.cardFunding',
          label: { 'en-US': 'Total assets (USD)', 'ar-AE': 'إجمالي الأصول (دولار أمريكي)' },
          sub: { 'en-US': 'Card funding balance:', 'ar-AE': 'رصيد تمويل البطاقة:' },
        },
        { kind: 'list', rows: 4, rowHeight: 82 },
      ],
    },
  },
};

function file(root: string, rel: string, content: string) {
  fs.mkdirSync(path.join(root, rel, '..'), { recursive: true });
  fs.writeFileSync(path.join(root, rel), content);
}

describe.each(testDrivers())('first-view figures in the wallet page on %s', (driver) => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-first-view-'));
    file(root, 'shell/dist/index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    // The wallet's build as the sandbox publishes it at start (releases/local-builds.ts), with its skeletons.
    for (const f of fakeBuild({ app: 'mf_wallet' })) file(root, `mf-wallet/dist/${f.path}`, f.body.toString('utf8'));
    file(root, 'mf-wallet/dist/skeletons.json', JSON.stringify(WALLET_SKELETONS));
    t = await createTestApp(driver, { WEB_ROOT: root, RELEASE_STORE_DIR: path.join(root, 'store') });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const walletPage = (cookie?: string, locale = 'en-US') =>
    t.inject({
      method: 'GET',
      url: '/pages/wallet/index',
      headers: { 'accept-language': locale, ...(cookie ? { cookie } : {}) },
    });
  const figure = (html: string) => /<div class="cwf-fig"[^>]*>.*?<\/div>/.exec(html)?.[0];

  async function fundedCustomer(amount: string) {
    const u = await t.createUser();
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    await t.post('dev/chain/deposit', { address: addr.data.address, currency: 'USDT', network: 'TRC20', amount });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
    return u;
  }

  it("draws the signed-in customer's own total and card funding, as the balances API gives them, and keeps the page out of every cache", async () => {
    const u = await fundedCustomer('1234.5');
    const balances = (await t.get('wallet/balances', {}, { token: u.token })).data as {
      totalUsd: string;
      cardFunding: string;
    };
    expect(Number(balances.totalUsd)).toBeGreaterThan(1000);
    const res = await walletPage(`cw_session=${u.token}`);
    expect(res.statusCode).toBe(200);
    const usd = (v: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(v as never);
    expect(figure(res.body)).toBe(
      `<div class="cwf-fig" style="height:136px" data-figure="wallet.totalUsd"><p class="cwf-fig-label">Total assets (USD)</p><p class="cwf-fig-amount"><bdi dir="ltr">${usd(balances.totalUsd)}</bdi></p><p>Card funding balance: <bdi dir="ltr">${usd(balances.cardFunding)}</bdi></p></div>`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');
    // Its style comes with it, and nothing of the figure is script.
    expect(res.body).toContain('.cwf-fig{');
  });

  it("in the page's language, the amounts left to right with Latin digits (ar-AE)", async () => {
    const u = await fundedCustomer('10');
    const total = ((await t.get('wallet/balances', {}, { token: u.token })).data as { totalUsd: string }).totalUsd;
    const res = await walletPage(`cw_session=${u.token}; cw_lang=ar-AE`, 'ar-AE');
    const html = figure(res.body)!;
    expect(html).toContain('إجمالي الأصول (دولار أمريكي)');
    const shown = new Intl.NumberFormat('ar-AE', {
      style: 'currency',
      currency: 'USD',
      numberingSystem: 'latn',
    }).format(total as never);
    expect(html).toContain(`<bdi dir="ltr">${shown}</bdi>`);
    expect(shown).toMatch(/10\.00/);
  });

  it('nobody else gets a figure: signed out, a made-up, revoked or expired session, an admin token', async () => {
    const expectGrey = async (cookie?: string) => {
      const res = await walletPage(cookie);
      expect(res.statusCode).toBe(200);
      expect(figure(res.body)).toBeUndefined();
      expect(res.body).not.toContain('data-figure=');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    };
    await expectGrey();
    await expectGrey('cw_session=' + 'A'.repeat(43));
    const revoked = await fundedCustomer('5');
    await t.post('user/logout', {}, { token: revoked.token });
    await expectGrey(`cw_session=${revoked.token}`);
    const expired = await fundedCustomer('5');
    t.clock.advance(400 * 24 * 3600 * 1000);
    await expectGrey(`cw_session=${expired.token}`);
    const admin = await t.createAdmin();
    await expectGrey(`cw_session=${admin.token}`);
  });

  it("one customer's page never shows another's figures (each session its own, concurrently)", async () => {
    const a = await fundedCustomer('111');
    const b = await fundedCustomer('2222');
    const totals = await Promise.all(
      [a, b].map(
        async (u) => ((await t.get('wallet/balances', {}, { token: u.token })).data as { totalUsd: string }).totalUsd,
      ),
    );
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => walletPage(`cw_session=${(i % 2 ? b : a).token}`)),
    );
    pages.forEach((res, i) => {
      const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        totals[i % 2] as never,
      );
      expect(figure(res.body)).toContain(`<bdi dir="ltr">${shown}</bdi>`);
    });
  });
});
