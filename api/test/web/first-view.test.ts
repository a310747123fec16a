import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { fakeBuild } from '../releases/fake-build';
import { activeCard } from '../cards/support';

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

/** The API answer the page carries for `href` (web/route-preload.ts answersMarkup), parsed. */
function earlyAnswer(html: string, href: string): { locale: string; envelope: unknown } | undefined {
  const found = new RegExp(
    `<script type="application/json" data-early-answer="${href}" data-early-locale="([^"]+)">(.*?)</script>`,
  ).exec(html);
  return found ? { locale: found[1]!, envelope: JSON.parse(found[2]!) } : undefined;
}

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
    // The answer the figures were read from is in the page for its first identical request: the
    // page does not ask the books again (the preload link is left out), and it is data, never run.
    const answer = earlyAnswer(res.body, '/api/wallet/balances');
    expect(answer?.locale).toBe('en-US');
    expect(answer?.envelope).toMatchObject({
      code: 200,
      data: { totalUsd: balances.totalUsd, cardFunding: balances.cardFunding },
    });
    expect(res.body).not.toContain('rel="preload" href="/api/wallet/balances"');
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
      expect(res.body).not.toContain('data-early-answer');
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

/** The shell's skeleton of its home page (the signed-in total), as its build writes it. */
const SHELL_SKELETONS = {
  version: 1,
  routes: {
    'index/index': {
      header: 'hero',
      title: { 'en-US': 'CardWallet' },
      auth: false,
      blocks: [
        {
          kind: 'total',
          height: 148,
          title: { 'en-US': 'Total balance', 'tr-TR': 'Toplam bakiye' },
          hint: { 'en-US': 'Wallet, card funding and cards, valued in US dollars' },
          parts: [
            { label: { 'en-US': 'Wallet' }, figure: 'wallet.totalUsd' },
            { label: { 'en-US': 'Card funding' }, figure: 'wallet.cardFunding' },
            { label: { 'en-US': 'Cards' }, figure: 'cards.balanceUsd' },
          ],
          when: 'signedIn',
        },
        { kind: 'card', height: 200, when: 'signedOut' },
      ],
    },
  },
};

describe.each(testDrivers())('first-view figures in the home page on %s', (driver) => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-first-view-home-'));
    file(root, 'shell/dist/index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    file(root, 'shell/dist/skeletons.json', JSON.stringify(SHELL_SKELETONS));
    t = await createTestApp(driver, { WEB_ROOT: root, RELEASE_STORE_DIR: path.join(root, 'store') });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const homePage = (cookie?: string, locale = 'en-US') =>
    t.inject({ method: 'GET', url: '/', headers: { 'accept-language': locale, ...(cookie ? { cookie } : {}) } });
  const cents = (amount: string) => Math.round(Number(amount) * 100);

  it("draws the customer's total as the home page adds it up: the wallet, card funding and every card's balance", async () => {
    const { u } = await activeCard(t, 'virtual-visa-standard', '300', '100');
    const balances = (await t.get('wallet/balances', {}, { token: u.token })).data as {
      totalUsd: string;
      cardFunding: string;
    };
    const cards = (await t.get('card/list', {}, { token: u.token })).data as { cards: { balance: string }[] };
    expect(cards.cards).toHaveLength(1);
    const cardsCents = cards.cards.reduce((sum, c) => sum + cents(c.balance), 0);
    expect(cardsCents).toBeGreaterThan(0);
    const totalCents = cents(balances.totalUsd) + cents(balances.cardFunding) + cardsCents;
    const res = await homePage(`cw_session=${u.token}`);
    expect(res.statusCode).toBe(200);
    const usd = (c: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format((c / 100) as never);
    expect(res.body).toContain(
      `<div class="cwf-total" data-total="${(totalCents / 100).toFixed(2)}"><p>Total balance</p><p class="cwf-total-amount"><bdi dir="ltr">${usd(totalCents)}</bdi></p>`,
    );
    expect(res.body).toContain(
      `<dt>Cards</dt><dd data-figure="cards.balanceUsd" data-amount="${(cardsCents / 100).toFixed(2)}">`,
    );
    expect(res.body).toContain(
      `<dt>Card funding</dt><dd data-figure="wallet.cardFunding" data-amount="${balances.cardFunding}">`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The same total as data in the head (never script), for the page to keep after React's first render.
    const data = /<script type="application\/json" id="cw-first-view">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(data!)).toEqual({
      title: 'Total balance',
      amount: usd(totalCents),
      hint: 'Wallet, card funding and cards, valued in US dollars',
      parts: [
        { label: 'Wallet', amount: usd(cents(balances.totalUsd)) },
        { label: 'Card funding', amount: usd(cents(balances.cardFunding)) },
        { label: 'Cards', amount: usd(cardsCents) },
      ],
    });
    expect(res.body.indexOf('id="cw-first-view"')).toBeLessThan(res.body.indexOf('</head>'));
    // Both answers the total was read from, for the home page's own two requests.
    expect(earlyAnswer(res.body, '/api/wallet/balances')?.envelope).toMatchObject({ code: 200, data: balances });
    expect(earlyAnswer(res.body, '/api/card/list')?.envelope).toMatchObject({ code: 200, data: cards });
  });

  it('a customer without cards: the cards part is zero, in the reader’s language', async () => {
    const u = await t.createUser();
    const res = await homePage(`cw_session=${u.token}; cw_lang=tr-TR`, 'tr-TR');
    expect(res.body).toContain('<p>Toplam bakiye</p>');
    // The answers are made in the page's language, so the shell's Turkish requests may take them.
    expect(earlyAnswer(res.body, '/api/card/list')?.locale).toBe('tr-TR');
    expect(res.body).toMatch(
      /<dd data-figure="cards.balanceUsd" data-amount="0.00"><bdi dir="ltr">[^<]*0,00[^<]*<\/bdi>/,
    );
  });

  it('signed out or with a session the API refuses: no total, the page stays cacheable per client', async () => {
    for (const cookie of [undefined, 'cw_session=' + 'B'.repeat(43)]) {
      const res = await homePage(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('class="cwf-total"');
      expect(res.body).not.toContain('data-figure=');
      expect(res.body).not.toContain('cw-first-view');
      expect(res.body).not.toContain('data-early-answer');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  });
});
