import type { i18n as I18nInstance } from 'i18next';
import type { FeatureApp, Locale } from '@cardwallet/shared';
import { createCatalogueSet, type CatalogueSet } from '@cardwallet/shared/catalogues';

/**
 * The feature apps' texts in the shell's i18next instance, one language at a time
 * (FeatureApp.i18n.load): a catalogue that fails to load falls back to en-US and is reported. Its
 * own chunk (services/i18n.ts loads it when the first remote is requested): the home page needs none of it.
 */
export interface AppTexts extends Pick<CatalogueSet, 'prepare' | 'fallback' | 'has'> {
  /** The app's texts in `locale` (and in a language being switched to), before its page renders. */
  add(app: FeatureApp, locale: Locale): Promise<void>;
}

export function createAppTexts(instance: Pick<I18nInstance, 'addResourceBundle'>): AppTexts {
  const set = createCatalogueSet({
    add: (locale, namespace, texts) => instance.addResourceBundle(locale, namespace, texts, true, true),
    report: (error, where) =>
      console.error(`[shell] ${where.namespace} texts in ${where.locale} unavailable, showing en-US`, error),
  });
  return {
    prepare: set.prepare,
    fallback: set.fallback,
    has: set.has,
    add(app, locale) {
      const { namespace, load, resources } = app.i18n;
      if (load) return set.register(namespace, load, locale);
      // A remote built before contract 1.2 carries every language inline.
      for (const [l, texts] of Object.entries(resources ?? {}))
        instance.addResourceBundle(l, namespace, texts, true, true);
      return Promise.resolve();
    },
  };
}
