import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a build script (plain .mjs, no types)
import { readRouteTables, routeSkeletons } from '../build/route-skeletons.mjs';

const root = join(import.meta.dirname, '..', '..');
const APPS = ['mf-card', 'mf-wallet', 'mf-user', 'mf-share', 'mf-passport'];
const LOCALES = ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'];

type Emitted = { routes: Record<string, { title?: Record<string, string>; blocks: unknown[] }> };

describe('the routes’ skeletons each build writes (issue 24)', () => {
  it.each(APPS)('%s: every skeleton’s title has a text in every language', (app) => {
    const [routes] = readRouteTables(join(root, app, 'src/routes.tsx'), ['routes']);
    const out: Emitted = routeSkeletons({
      tables: [{ prefix: '', routes }],
      catalogueDir: join(root, app, 'src/i18n'),
    });
    expect(Object.keys(out.routes).length).toBeGreaterThan(0);
    for (const [key, skeleton] of Object.entries(out.routes)) {
      for (const locale of LOCALES) expect(skeleton.title?.[locale], `${app} ${key} ${locale}`).toMatch(/\S/);
      expect(skeleton.blocks.length, `${app} ${key}`).toBeGreaterThan(0);
    }
  });

  it('the shell: home and messages, texts of the home page’s own namespace too', () => {
    const file = join(root, 'shell/src/routing/shell-routes.ts');
    const [index, about] = readRouteTables(file, ['SHELL_ROUTES', 'ABOUT_ROUTES']);
    const out: Emitted & { routes: Record<string, { subtitle?: Record<string, string> }> } = routeSkeletons({
      tables: [
        { prefix: 'index/', routes: index },
        { prefix: 'about/', routes: about },
      ],
      catalogueDir: join(root, 'shell/src/i18n'),
      namespaces: {
        home: join(root, 'shell/src/pages/home/i18n'),
        homeSignedIn: join(root, 'shell/src/pages/home/i18n/signed-in'),
      },
    });
    expect(out.routes['index/index']?.subtitle?.['ar-AE']).toMatch(/\S/);
    expect(out.routes['index/information']?.title?.['zh-HK']).toMatch(/\S/);
    // The home page's tip and offers card carry the page's own sentences, each language its own.
    const homeTexts = (locale: string) =>
      JSON.parse(readFileSync(join(root, 'shell/src/pages/home/i18n', `${locale}.json`), 'utf8')) as Record<
        string,
        string
      >;
    const blocks = out.routes['index/index']!.blocks as Array<Record<string, unknown>>;
    const notice = blocks.find((b) => b.kind === 'notice') as { text: Record<string, string> };
    const offers = blocks.find((b) => b.kind === 'bullets') as {
      title: Record<string, string>;
      items: Array<Record<string, string>>;
      foot: Record<string, string>;
      keys?: unknown;
    };
    for (const locale of LOCALES) {
      const t = homeTexts(locale);
      expect(notice.text[locale]).toBe(t.tip3ds);
      expect(offers.title[locale]).toBe(t.offersTitle);
      expect(offers.items.map((item) => item[locale])).toEqual([
        t.offerWallet,
        t.offerCards,
        t.offerVerify,
        t.offerInvite,
      ]);
      expect(offers.foot[locale]).toBe(t.signedOutLead);
    }
    expect(offers.keys).toBeUndefined();
    // Signed in, the total balance card: the signed-in page's own words, its three parts' figures.
    const total = blocks.find((b) => b.kind === 'total') as {
      title: Record<string, string>;
      hint: Record<string, string>;
      parts: Array<{ label: Record<string, string>; figure: string }>;
      when: string;
    };
    for (const locale of LOCALES) {
      const t = JSON.parse(
        readFileSync(join(root, 'shell/src/pages/home/i18n/signed-in', `${locale}.json`), 'utf8'),
      ) as Record<string, string>;
      expect(total.title[locale]).toBe(t.totalBalance);
      expect(total.hint[locale]).toBe(t.totalBalanceHint);
      expect(total.parts.map((p) => p.label[locale])).toEqual([t.walletPart, t.cardFundingPart, t.cardsPart]);
    }
    expect(total.parts.map((p) => p.figure)).toEqual(['wallet.totalUsd', 'wallet.cardFunding', 'cards.balanceUsd']);
    expect(total.when).toBe('signedIn');
    expect(new Set(offers.items.map((item) => item['ar-AE'])).size).toBe(4);
  });

  it('the wallet: its total-assets figure carries the page’s own label and sub-label in every language, no keys', () => {
    const [routes] = readRouteTables(join(root, 'mf-wallet/src/routes.tsx'), ['routes']);
    const out: Emitted = routeSkeletons({
      tables: [{ prefix: '', routes }],
      catalogueDir: join(root, 'mf-wallet/src/i18n'),
    });
    const figure = (out.routes.index!.blocks as Array<Record<string, unknown>>).find((b) => b.kind === 'figure') as {
      label: Record<string, string>;
      sub: Record<string, string>;
      figure: string;
      subFigure: string;
      labelKey?: unknown;
      subKey?: unknown;
    };
    for (const locale of LOCALES) {
      const t = JSON.parse(readFileSync(join(root, 'mf-wallet/src/i18n', `${locale}.json`), 'utf8')) as {
        index: Record<string, string>;
      };
      expect(figure.label[locale]).toBe(t.index.totalAssets);
      expect(figure.sub[locale]).toBe(t.index.cardFunding);
    }
    expect([figure.figure, figure.subFigure]).toEqual(['wallet.totalUsd', 'wallet.cardFunding']);
    expect(figure.labelKey).toBeUndefined();
    expect(figure.subKey).toBeUndefined();
  });

  it('fails the build on a key without an English text, and on a route table that imports code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-skel-'));
    for (const locale of LOCALES) writeFileSync(join(dir, `${locale}.json`), '{"titles":{"a":"A"}}');
    const routes = [{ path: 'a', titleKey: 'titles.missing', skeleton: { blocks: [{ kind: 'button' }] } }];
    expect(() => routeSkeletons({ tables: [{ prefix: '', routes }], catalogueDir: dir })).toThrow(/titles\.missing/);
    const table = join(dir, 'routes.tsx');
    writeFileSync(table, "import { x } from './x';\nexport const routes = [x];\n");
    expect(() => readRouteTables(table, ['routes'])).toThrow(/types only/);
  });
});
