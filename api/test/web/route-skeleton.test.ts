import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@cardwallet/shared';
import { FRAME_CSS, frameHtml } from '../../src/web/app-frame.js';
import {
  drawnTotalOf,
  figuresOf,
  parseSkeletons,
  routeSkeletonHtml,
  skeletonKey,
  skeletonStyle,
  SKELETON_CSS,
} from '../../src/web/route-skeleton.js';
import { RouteSkeletonSource } from '../../src/web/skeleton-source.js';

const title = { 'en-US': 'Deposit', 'zh-HK': '充值', 'ar-AE': 'إيداع', 'tr-TR': 'Para yatır' };
const wallet = {
  header: 'bar',
  title,
  auth: true,
  blocks: [
    { kind: 'card', height: 136 },
    { kind: 'tiles', count: 4 },
    { kind: 'list', rows: 3, rowHeight: 82 },
    { kind: 'form', fields: 2 },
    { kind: 'button' },
    { kind: 'lines', count: 2 },
    { kind: 'text', text: { 'en-US': 'Only USDT', 'ar-AE': 'USDT فقط' } },
  ],
};
const file = (routes: Record<string, unknown>) => JSON.stringify({ version: 1, routes });

describe('a route’s own skeleton in the HTML', () => {
  it('draws the title in every language as text, and the blocks in the sizes described', () => {
    const skeleton = parseSkeletons(file({ recharge: wallet })).get('recharge')!;
    for (const locale of LOCALES) {
      const html = routeSkeletonHtml(skeleton, locale, { signedIn: true });
      expect(html).toContain(`<div class="cwf-title">${title[locale as keyof typeof title]}</div>`);
    }
    const html = routeSkeletonHtml(skeleton, 'en-US', { signedIn: true });
    expect(html).toContain('<div class="cwf-card" style="height:136px"></div>');
    expect(html.match(/class="cwf-row" style="height:82px"/g)).toHaveLength(3);
    expect(html.match(/cwf-field/g)).toHaveLength(2);
    expect(html.match(/<div class="cwf-tiles">(<div class="cwf-card"><\/div>){4}<\/div>/)).not.toBeNull();
    expect(html).toContain('<p class="cwf-text">Only USDT</p>');
    // A text missing in a language is the English one; decorative as a whole (React replaces it).
    expect(routeSkeletonHtml(skeleton, 'tr-TR', { signedIn: true })).toContain('Only USDT');
    expect(routeSkeletonHtml(skeleton, 'ar-AE', { signedIn: true })).toContain('USDT فقط');
    expect(html.startsWith('<div class="cwf" aria-hidden="true">')).toBe(true);
  });

  it('mirrors in right-to-left by itself: no physical left/right in the rules, ar-AE text as written', () => {
    expect(SKELETON_CSS).not.toMatch(
      /(^|[{;-])(left|right)\s*:|margin-left|margin-right|padding-left|padding-right|text-align:\s*(left|right)/,
    );
    expect(FRAME_CSS).not.toMatch(/margin-left|margin-right|padding-left|padding-right/);
    const skeleton = parseSkeletons(file({ recharge: wallet })).get('recharge')!;
    expect(routeSkeletonHtml(skeleton, 'ar-AE', { signedIn: true })).toContain('<div class="cwf-title">إيداع</div>');
  });

  it('carries only the rules its own skeleton uses', () => {
    const skeleton = parseSkeletons(file({ recharge: wallet })).get('recharge')!;
    const full = skeletonStyle(skeleton, { signedIn: true });
    expect(full).toMatch(/^<style>.*<\/style>$/);
    for (const cls of ['.cwf-list', '.cwf-field', '.cwf-btn', '.cwf-tiles', '.cwf-text']) expect(full).toContain(cls);
    expect(full).not.toContain('.cwf-hero');
    expect(full).not.toContain('.cwf-gate');
    const gate = skeletonStyle(skeleton, { signedIn: false });
    expect(gate).toContain('.cwf-gate');
    expect(gate).not.toContain('.cwf-list');
    expect(skeletonStyle(undefined)).toBe('');
  });

  it('draws the home page’s tip and offers card with their real sentences in the reader’s language', () => {
    const offer = (en: string, ar: string) => ({ 'en-US': en, 'ar-AE': ar });
    const home = {
      header: 'hero',
      title,
      auth: false,
      blocks: [
        { kind: 'notice', text: offer('3DS: confirm in the app.', 'تأكيد في التطبيق.') },
        {
          kind: 'bullets',
          title: offer('What CardWallet offers', 'ما يقدمه'),
          items: [offer('A wallet', 'محفظة'), offer('Cards', 'بطاقات')],
          foot: offer('Log in to see more.', 'سجّل الدخول.'),
          actions: 2,
        },
      ],
    };
    const skeleton = parseSkeletons(file({ 'index/index': home })).get('index/index')!;
    expect(routeSkeletonHtml(skeleton, 'en-US')).toContain(
      '<div class="cwf-notice"><i></i><p>3DS: confirm in the app.</p></div><div class="cwf-panel"><div class="cwf-panel-h">What CardWallet offers</div><ul class="cwf-bullets"><li>A wallet</li><li>Cards</li></ul><p>Log in to see more.</p><div class="cwf-actions"><div class="cwf-card"></div><div class="cwf-card"></div></div></div>',
    );
    const arabic = routeSkeletonHtml(skeleton, 'ar-AE');
    for (const text of ['تأكيد في التطبيق.', 'ما يقدمه', '<li>محفظة</li>', 'سجّل الدخول.'])
      expect(arabic).toContain(text);
    // Without a foot or actions, none drawn; the rules travel only with a skeleton that uses them.
    const bare = parseSkeletons(
      file({ x: { ...home, blocks: [{ kind: 'bullets', title: offer('T', 'T'), items: [offer('a', 'a')] }] } }),
    ).get('x')!;
    expect(routeSkeletonHtml(bare, 'en-US')).toContain('<ul class="cwf-bullets"><li>a</li></ul></div>');
    expect(skeletonStyle(skeleton)).toContain('.cwf-bullets li::before');
    expect(skeletonStyle(skeleton)).toContain('.cwf-notice');
    expect(skeletonStyle(bare)).not.toContain('.cwf-notice');
    // Bounds: no list longer than the page's, no item without a text, no third button.
    const refused = parseSkeletons(
      file({
        long: { ...home, blocks: [{ kind: 'bullets', title: offer('T', 'T'), items: Array(7).fill(offer('a', 'a')) }] },
        empty: { ...home, blocks: [{ kind: 'bullets', title: offer('T', 'T'), items: [] }] },
        three: { ...home, blocks: [{ kind: 'bullets', title: offer('T', 'T'), items: [offer('a', 'a')], actions: 3 }] },
        notice: { ...home, blocks: [{ kind: 'notice', text: { 'en-US': 'x'.repeat(201) } }] },
      }),
    );
    expect(refused.size).toBe(0);
  });

  it('escapes every text of a release: no markup, no attribute break-out', () => {
    const hostile = {
      header: 'page',
      title: { 'en-US': '<img src=x onerror=alert(1)>"&' },
      subtitle: { 'en-US': '</div><script>alert(1)</script>' },
      auth: false,
      blocks: [
        { kind: 'text', text: { 'en-US': '<b>bold</b>' } },
        { kind: 'notice', text: { 'en-US': '<b>tip</b>' } },
        {
          kind: 'bullets',
          title: { 'en-US': '<b>t</b>' },
          items: [{ 'en-US': '</li><script>x</script>' }],
          foot: { 'en-US': '<b>f</b>' },
        },
      ],
    };
    const html = routeSkeletonHtml(parseSkeletons(file({ x: hostile })).get('x')!, 'en-US');
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&amp;');
    expect(html).toContain('&lt;/div&gt;&lt;script&gt;');
  });

  it('refuses what it cannot draw safely, route by route; unreadable files give no routes', () => {
    const routes = parseSkeletons(
      file({
        ok: wallet,
        huge: { ...wallet, blocks: [{ kind: 'card', height: 100000 }] },
        many: { ...wallet, blocks: [{ kind: 'list', rows: 500 }] },
        style: { ...wallet, blocks: [{ kind: 'card', height: '1px;background:url(//evil)' }] },
        unknown: { ...wallet, blocks: [{ kind: 'iframe', src: 'x' }] },
        header: { ...wallet, header: 'script' },
      }),
    );
    expect([...routes.keys()]).toEqual(['ok']);
    expect(parseSkeletons('{not json').size).toBe(0);
    expect(parseSkeletons(JSON.stringify({ version: 2, routes: { ok: wallet } })).size).toBe(0);
    expect(parseSkeletons(undefined).size).toBe(0);
  });

  it('shows the "log in or register" layout on a page that needs a session when the client is not known signed in', () => {
    const skeleton = parseSkeletons(file({ recharge: wallet })).get('recharge')!;
    const out = routeSkeletonHtml(skeleton, 'en-US', { signedIn: false });
    expect(out).toContain('cwf-gate');
    expect(out).toContain('Deposit');
    expect(out).not.toContain('height:136px');
    expect(routeSkeletonHtml(skeleton, 'en-US', { loginRequired: 'Not logged in <b>' })).toContain(
      '<p>Not logged in &lt;b&gt;</p>',
    );
    const open = parseSkeletons(file({ login: { ...wallet, auth: false } })).get('login')!;
    expect(routeSkeletonHtml(open, 'en-US', { signedIn: false })).toContain('height:136px');
  });

  it('falls back to the generic frame for a route without a skeleton; the tab bar stays on tab pages', () => {
    const skeleton = parseSkeletons(file({ index: wallet })).get('index')!;
    const generic = frameHtml('/pages/wallet/new-page', undefined, { skeleton: undefined, locale: 'en-US' });
    expect(generic).toContain('<div class="cwf-title">CardWallet</div>');
    expect(generic).not.toContain('cwf-route');
    const tab = frameHtml('/pages/wallet/index', undefined, { skeleton, locale: 'en-US', signedIn: true });
    expect(tab).toContain('cwf-route');
    expect(tab).toContain('cwf-tabs');
  });

  it('shows blocks meant for a signed-in or a signed-out visitor only to them', () => {
    const home = {
      header: 'hero',
      title,
      auth: false,
      blocks: [
        { kind: 'text', text: { 'en-US': 'What we offer' }, when: 'signedOut' },
        { kind: 'card', height: 148, when: 'signedIn' },
        { kind: 'card', height: 58 },
      ],
    };
    const skeleton = parseSkeletons(file({ 'index/index': home })).get('index/index')!;
    const out = routeSkeletonHtml(skeleton, 'en-US', { signedIn: false });
    expect(out).toContain('What we offer');
    expect(out).not.toContain('height:148px');
    expect(out).toContain('height:58px');
    const inside = routeSkeletonHtml(skeleton, 'en-US', { signedIn: true });
    expect(inside).not.toContain('What we offer');
    expect(inside).toContain('height:148px');
    expect(skeletonStyle(skeleton, { signedIn: false })).toContain('.cwf-text');
    expect(skeletonStyle(skeleton, { signedIn: true })).not.toContain('.cwf-text');
  });

  it('finds a path’s key below its app’s prefix', () => {
    expect(skeletonKey('/pages/wallet/recharge', '/pages/wallet/')).toBe('recharge');
    expect(skeletonKey('/pages/wallet/recharge/', '/pages/wallet/')).toBe('recharge');
    expect(skeletonKey('/pages/card/index', '/pages/wallet/')).toBeUndefined();
    expect(skeletonKey('/pages/wallet/', '/pages/wallet/')).toBeUndefined();
    expect(skeletonKey('/pages/wallet/../x', '/pages/wallet/')).toBeUndefined();
  });
});

describe('where a skeleton comes from', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cw-skeletons-'));
  const shellFile = join(dir, 'skeletons.json');
  writeFileSync(shellFile, file({ 'index/index': { ...wallet, auth: false }, 'about/help': wallet }));
  const remotes = [
    { routePrefix: '/pages/wallet/', manifestUrl: '/remotes/wallet/1.0.0-aaa/mf-manifest.json' },
    { routePrefix: '/pages/card/', manifestUrl: '/remotes/card/1.0.0-bbb/mf-manifest.json' },
  ];

  it('takes the shell’s pages from its build and a remote’s from the release the client gets, read once per release', async () => {
    const reads: string[] = [];
    const source = new RouteSkeletonSource({
      shellFile,
      readRelease: async (url) => {
        reads.push(url);
        return url.includes('wallet') ? file({ recharge: wallet }) : undefined; // card: a release built before 1.2
      },
    });
    expect(await source.find('/', remotes)).toBeDefined();
    expect(await source.find('/pages/index/index', remotes)).toBeDefined();
    expect(await source.find('/pages/about/help', remotes)).toBeDefined();
    expect(await source.find('/pages/about/index', remotes)).toBeUndefined();
    for (let i = 0; i < 3; i++) expect((await source.find('/pages/wallet/recharge', remotes))?.title).toEqual(title);
    expect(await source.find('/pages/wallet/unknown', remotes)).toBeUndefined();
    expect(await source.find('/pages/card/index', remotes)).toBeUndefined();
    expect(await source.find('/pages/card/index', remotes)).toBeUndefined();
    expect(reads).toEqual([remotes[0]!.manifestUrl, remotes[1]!.manifestUrl]);
    // Another release (a canary, a rollback) is its own file.
    await source.find('/pages/wallet/recharge', [
      { ...remotes[0]!, manifestUrl: '/remotes/wallet/2.0.0-ccc/mf-manifest.json' },
    ]);
    expect(reads).toHaveLength(3);
  });

  it('asks again after a read that failed', async () => {
    let fail = true;
    const source = new RouteSkeletonSource({
      shellFile,
      readRelease: async () => {
        if (fail) throw new Error('store down');
        return file({ recharge: wallet });
      },
    });
    expect(await source.find('/pages/wallet/recharge', remotes)).toBeUndefined();
    fail = false;
    expect(await source.find('/pages/wallet/recharge', remotes)).toBeDefined();
  });
});

describe('a figure block (the wallet’s total assets)', () => {
  const figureRoute = parseSkeletons(
    JSON.stringify({
      version: 1,
      routes: {
        index: {
          header: 'bar',
          title,
          auth: true,
          blocks: [
            {
              kind: 'figure',
              height: 136,
              figure: 'wallet.totalUsd',
              subFigure: 'wallet.cardFunding',
              label: { 'en-US': 'Total <assets>' },
              sub: { 'en-US': 'Card funding:' },
            },
            {
              kind: 'figure',
              height: 60,
              figure: 'wallet.cardFunding',
              label: { 'en-US': 'Only shown signed out' },
              when: 'signedOut',
            },
          ],
        },
        open: {
          header: 'bar',
          title,
          auth: false,
          blocks: [
            { kind: 'figure', height: 60, figure: 'wallet.totalUsd', label: {}, when: 'signedIn' },
            { kind: 'figure', height: 60, figure: 'wallet.cardFunding', label: {}, when: 'signedOut' },
          ],
        },
      },
    }),
  );

  it('names the figures a signed-in visitor would see drawn, on a page open to everyone too; none a signed-out block asks for', () => {
    expect(figuresOf(figureRoute.get('index'))).toEqual(['wallet.totalUsd', 'wallet.cardFunding']);
    expect(figuresOf(figureRoute.get('open'))).toEqual(['wallet.totalUsd']);
    expect(figuresOf(undefined)).toEqual([]);
  });

  it('draws the amounts it is given, escaped text and left-to-right amounts; a grey card of the same height without them', () => {
    const skeleton = figureRoute.get('index')!;
    const drawn = routeSkeletonHtml(skeleton, 'en-US', {
      signedIn: true,
      figures: { 'wallet.totalUsd': '1234567.5', 'wallet.cardFunding': '0' },
    });
    expect(drawn).toContain(
      '<div class="cwf-fig" style="height:136px" data-figure="wallet.totalUsd"><p class="cwf-fig-label">Total &lt;assets&gt;</p><p class="cwf-fig-amount"><bdi dir="ltr">$1,234,567.50</bdi></p><p>Card funding: <bdi dir="ltr">$0.00</bdi></p></div>',
    );
    // Without the sub figure the sentence is left out rather than shown without its amount.
    expect(routeSkeletonHtml(skeleton, 'en-US', { signedIn: true, figures: { 'wallet.totalUsd': '1' } })).not.toContain(
      'Card funding',
    );
    const grey = routeSkeletonHtml(skeleton, 'en-US', { signedIn: true });
    expect(grey).toContain('<div class="cwf-card" style="height:136px"></div>');
    expect(grey).not.toContain('cwf-fig');
    expect(skeletonStyle(skeleton, { signedIn: true })).toContain('.cwf-fig{');
  });
});

describe('a total block (the home page’s total balance)', () => {
  const homeRoute = parseSkeletons(
    JSON.stringify({
      version: 1,
      routes: {
        'index/index': {
          header: 'hero',
          title,
          auth: false,
          blocks: [
            {
              kind: 'total',
              height: 148,
              title: { 'en-US': 'Total balance', 'ar-AE': 'إجمالي الرصيد' },
              hint: { 'en-US': 'Wallet, card funding & cards' },
              parts: [
                { label: { 'en-US': 'Wallet', 'ar-AE': 'المحفظة' }, figure: 'wallet.totalUsd' },
                { label: { 'en-US': 'Card funding' }, figure: 'wallet.cardFunding' },
                { label: { 'en-US': 'Cards' }, figure: 'cards.balanceUsd' },
              ],
              when: 'signedIn',
            },
            { kind: 'card', height: 200, when: 'signedOut' },
          ],
        },
      },
    }),
  );
  const home = homeRoute.get('index/index')!;
  const figures = { 'wallet.totalUsd': '1000.10', 'wallet.cardFunding': '0.2', 'cards.balanceUsd': '99.75' };

  it('asks for every part of a signed-in visitor’s total', () => {
    expect(figuresOf(home)).toEqual(['wallet.totalUsd', 'wallet.cardFunding', 'cards.balanceUsd']);
  });

  it('draws the exact sum of the parts and each part, escaped, amounts left to right', () => {
    const drawn = routeSkeletonHtml(home, 'en-US', { signedIn: true, figures });
    // 1000.10 + 0.2 + 99.75 = 1100.05 in decimals (as binary floats it would be 1100.0499999…).
    expect(drawn).toContain(
      '<div class="cwf-total" data-total="1100.05"><p>Total balance</p><p class="cwf-total-amount"><bdi dir="ltr">$1,100.05</bdi></p><p class="cwf-total-hint">Wallet, card funding &amp; cards</p><dl>',
    );
    expect(drawn).toContain(
      '<div><dt>Card funding</dt><dd data-figure="wallet.cardFunding" data-amount="0.2"><bdi dir="ltr">$0.20</bdi></dd></div>',
    );
    expect(drawn).toContain('<dd data-figure="cards.balanceUsd" data-amount="99.75"><bdi dir="ltr">$99.75</bdi></dd>');
    expect(skeletonStyle(home, { signedIn: true })).toContain('.cwf-total{');
    // In Arabic: the page's words, the amounts still left to right in Western digits (formatUsd's rule).
    const arabic = routeSkeletonHtml(home, 'ar-AE', { signedIn: true, figures });
    expect(arabic).toContain('<p>إجمالي الرصيد</p>');
    expect(arabic).toContain('<dt>المحفظة</dt>');
    expect(arabic).toMatch(/<p class="cwf-total-amount"><bdi dir="ltr">[^<]*1,100\.05[^<]*<\/bdi><\/p>/);
  });

  it('gives the page the drawn total as data too: the same texts and amounts, for after React has replaced the markup', () => {
    expect(drawnTotalOf(home, 'en-US', figures)).toEqual({
      title: 'Total balance',
      amount: '$1,100.05',
      hint: 'Wallet, card funding & cards',
      parts: [
        { label: 'Wallet', amount: '$1,000.10' },
        { label: 'Card funding', amount: '$0.20' },
        { label: 'Cards', amount: '$99.75' },
      ],
    });
    expect(drawnTotalOf(home, 'ar-AE', figures)?.title).toBe('إجمالي الرصيد');
    const { 'wallet.totalUsd': _left, ...partial } = figures;
    expect(drawnTotalOf(home, 'en-US', partial)).toBeUndefined();
    expect(drawnTotalOf(home, 'en-US', undefined)).toBeUndefined();
    expect(drawnTotalOf(undefined, 'en-US', figures)).toBeUndefined();
  });

  it('draws a grey card instead when any part is missing: a total without one of its parts would be wrong', () => {
    const { 'cards.balanceUsd': _left, ...withoutCards } = figures;
    for (const partial of [withoutCards, undefined]) {
      const drawn = routeSkeletonHtml(home, 'en-US', { signedIn: true, figures: partial });
      expect(drawn).toContain('<div class="cwf-card" style="height:148px"></div>');
      expect(drawn).not.toContain('cwf-total');
      expect(drawn).not.toContain('1,000.10');
    }
  });

  it('shows signed-out visitors the signed-out blocks, never a total', () => {
    const drawn = routeSkeletonHtml(home, 'en-US', { signedIn: false, figures });
    expect(drawn).not.toContain('cwf-total');
    expect(drawn).toContain('<div class="cwf-card" style="height:200px"></div>');
  });
});
