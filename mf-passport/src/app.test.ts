import { describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, LOCALES, type TranslationTree } from '@cardwallet/shared';
import app from './app';

function leaves(tree: TranslationTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('mf-passport FeatureApp', () => {
  it('declares the contract, prefix and namespace the shell expects', () => {
    expect(app.name).toBe('mf_passport');
    expect(app.contractVersion).toBe(CONTRACT_VERSION);
    expect(app.routePrefix).toBe('/pages/passport/');
    expect(app.i18n.namespace).toBe('passport');
    expect(app.Provider).toBeTypeOf('function');
  });

  it('has the six passport pages, all reachable without a session, framed as the spec says', () => {
    const byPath = Object.fromEntries(app.routes.map((r) => [r.path, r]));
    expect(Object.keys(byPath).sort()).toEqual(
      ['invitation', 'login', 'register', 'register-success', 'reset-password', 'welfare'].sort(),
    );
    for (const route of app.routes) expect(route.auth).toBe(false);
    expect(byPath.login?.navBar).toBe('none');
    expect(byPath.register?.navBar).toBe('none');
    expect(byPath.welfare?.navBar).toBe('custom');
    expect(byPath.invitation?.pullToRefresh).toBe(true);
  });

  it('loads every page lazily as a component', async () => {
    for (const route of app.routes) {
      const module = await route.load();
      expect(module.default, route.path).toBeTypeOf('function');
    }
  }, 30_000);

  it('translates every key in all four locales, with the same placeholders, non-English text differing', () => {
    const english = leaves(app.i18n.resources['en-US']);
    for (const route of app.routes) expect(english.has(route.titleKey), route.titleKey).toBe(true);
    for (const locale of LOCALES) {
      const other = leaves(app.i18n.resources[locale]);
      expect([...other.keys()].sort(), locale).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(translated), `${locale} ${key}`).toEqual(placeholders(text));
        // Only values that are the same in every language (an e-mail example) may equal English.
        if (locale !== 'en-US' && key !== 'placeholders.email') expect(translated, `${locale} ${key}`).not.toBe(text);
      }
    }
  });
});
