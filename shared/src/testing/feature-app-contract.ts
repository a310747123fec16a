import { describe, expect, it } from 'vitest';
import { CONTRACT_MAJOR, type FeatureApp, type RemoteName, type TranslationTree } from '../contract';
import { LOCALES, type Locale } from '../locales';
import { lookupTranslation, placeholdersOf, translationKeys } from '../i18n/translate';

export interface FeatureAppExpectations {
  name: RemoteName;
  namespace: string;
  routePrefix: string;
  /**
   * English texts that may stand unchanged in every language (an e-mail example, a currency code).
   * Texts made only of capitals, digits and punctuation ("USDT", "TRC20") are allowed anyway.
   */
  sameInEveryLanguage?: string[];
}

/**
 * The checks every feature app's `src/app.test.ts` runs on its FeatureApp export: what the shell
 * relies on when it loads the remote at runtime, and complete real translations.
 */
export function describeFeatureAppContract(app: FeatureApp, expected: FeatureAppExpectations): void {
  describe(`${expected.name} FeatureApp contract`, () => {
    it('declares the name, prefix, namespace and contract major the shell expects', () => {
      expect(app.name).toBe(expected.name);
      expect(app.routePrefix).toBe(expected.routePrefix);
      expect(app.i18n.namespace).toBe(expected.namespace);
      expect(Number(app.contractVersion.split('.')[0])).toBe(CONTRACT_MAJOR);
    });

    it('has unique route paths, each loading its page lazily as a component', async () => {
      const paths = app.routes.map((r) => r.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const route of app.routes) {
        const page = await route.load();
        expect(page.default, route.path).toBeTypeOf('function');
      }
    }, 30_000);

    it('translates every key in all four locales with the same placeholders; non-English text differs', async () => {
      // The texts the shell gets: one language at a time through `load` (the old inline `resources` else).
      const catalogue = async (locale: Locale): Promise<TranslationTree> =>
        app.i18n.load ? await app.i18n.load(locale) : (app.i18n.resources?.[locale] ?? {});
      const english = await catalogue('en-US');
      const englishKeys = translationKeys(english).sort();
      for (const route of app.routes) expect(englishKeys, route.titleKey).toContain(route.titleKey);
      for (const locale of LOCALES) {
        const tree = await catalogue(locale);
        expect(translationKeys(tree).sort(), locale).toEqual(englishKeys);
        for (const key of englishKeys) {
          const source = lookupTranslation(english, key) ?? '';
          const text = lookupTranslation(tree, key) ?? '';
          expect(text.trim(), `${locale} ${key}`).not.toBe('');
          expect(placeholdersOf(text), `${locale} ${key}`).toEqual(placeholdersOf(source));
          const mayEqual = /^[A-Z0-9 .:+/-]*$/.test(source) || expected.sameInEveryLanguage?.includes(key);
          if (locale !== 'en-US' && !mayEqual) expect(text, `${locale} ${key} copies English`).not.toBe(source);
        }
      }
    });
  });
}
