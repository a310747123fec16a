import { describe, expect, it } from 'vitest';
import { CONTRACT_MAJOR, LOCALES, type TranslationTree } from '@cardwallet/shared';
import app from './app';

function keys(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
function lookup(tree: TranslationTree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as TranslationTree)[part] : undefined), tree);
}

describe('mf-share FeatureApp', () => {
  it('is built against the current contract major', () => {
    expect(Number(app.contractVersion.split('.')[0])).toBe(CONTRACT_MAJOR);
    expect(app.i18n.namespace).toBe('share');
  });

  it('has unique route paths with a lazily loaded page', () => {
    const paths = app.routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of app.routes) expect(typeof route.load).toBe('function');
  });

  it('translates every key in all four locales, non-English texts differ from English', () => {
    const english = app.i18n.resources['en-US'];
    const englishKeys = keys(english).sort();
    for (const locale of LOCALES) {
      expect(keys(app.i18n.resources[locale]).sort()).toEqual(englishKeys);
      if (locale === 'en-US') continue;
      const same = englishKeys.filter((k) => lookup(app.i18n.resources[locale], k) === lookup(english, k) && !/^[A-Z0-9 .:+/-]*$/.test(String(lookup(english, k))));
      expect(same, `${locale} copies English`).toEqual([]);
    }
  });

  it('has a title for every route in every locale', () => {
    for (const route of app.routes) for (const locale of LOCALES) expect(typeof lookup(app.i18n.resources[locale], route.titleKey)).toBe('string');
  });
});
