import { DEFAULT_LOCALE, type Locale } from '../locales';
import type { TranslationTree } from '../contract';

/**
 * Per-language translation catalogues (issue 28, issue 24's "catalogues of other languages"): a
 * feature app ships each language's texts as its own chunk, and the shell loads only the reader's
 * language — before the page renders and again, for every loaded app, before a language switch.
 *
 * Plain promises, not async/await: the apps' build targets would add the regenerator helpers.
 */

/** A feature app's catalogue of one language (`FeatureApp.i18n.load`). */
export type LoadCatalogue = (locale: Locale) => Promise<TranslationTree>;

/**
 * An app's `i18n.load` from one `import()` per language (give each the chunk name `locale-<locale>`,
 * so antd-mobile's texts of that language, which the frame loads under the same name, travel in the
 * same file). Each language loads once; a failed chunk is asked for once more (a dropped connection),
 * and a failure is forgotten so that a later call tries again.
 */
export function catalogueLoader(imports: Record<Locale, () => Promise<TranslationTree>>): LoadCatalogue {
  const loads = new Map<Locale, Promise<TranslationTree>>();
  return (locale) => {
    let load = loads.get(locale);
    if (!load) {
      const importer = imports[locale];
      load = importer
        ? importer().catch(() => importer())
        : Promise.reject(new Error(`no catalogue for ${String(locale)}`));
      const mine = load;
      mine.catch(() => {
        if (loads.get(locale) === mine) loads.delete(locale);
      });
      loads.set(locale, load);
    }
    return load;
  };
}

export interface CatalogueSetDeps {
  /** Puts a namespace's texts of a language into the i18n instance (i18next `addResourceBundle`). */
  add(locale: Locale, namespace: string, texts: TranslationTree): void;
  /** A catalogue that could not be loaded: the reader sees English instead, and someone should know. */
  report(error: unknown, where: { namespace: string; locale: Locale }): void;
}

export interface CatalogueSet {
  /**
   * Registers a namespace and loads its texts in `locale` (and in a language being switched to).
   * Never rejects: a catalogue that cannot be had falls back to en-US, and the failure is reported.
   */
  register(namespace: string, load: LoadCatalogue, locale: Locale): Promise<void>;
  /** Every registered namespace's texts in `locale`: awaited before switching to it. Never rejects. */
  prepare(locale: Locale): Promise<void>;
  /** The en-US texts of a namespace (i18next's fallback for a key missing in the reader's language). */
  fallback(namespace: string): Promise<void>;
  /** Whether the namespace is one of the registered catalogues. */
  has(namespace: string): boolean;
}

export function createCatalogueSet(deps: CatalogueSetDeps): CatalogueSet {
  const sources = new Map<string, LoadCatalogue>();
  const added = new Map<string, Promise<void>>();
  // The language a switch is preparing: an app registered meanwhile loads it too, so the switch
  // does not end with that app showing keys.
  let switchingTo: Locale | null = null;

  const ensure = (namespace: string, locale: Locale): Promise<void> => {
    const key = `${locale}\u0000${namespace}`;
    const existing = added.get(key);
    if (existing) return existing;
    const load = sources.get(namespace);
    if (!load) return Promise.resolve();
    const done = load(locale).then(
      (texts) => deps.add(locale, namespace, texts),
      (error: unknown) => {
        added.delete(key); // tried again on the next switch to this language
        deps.report(error, { namespace, locale });
        // i18next falls back to en-US for every key of the namespace; keys only if that fails too.
        return locale === DEFAULT_LOCALE ? undefined : ensure(namespace, DEFAULT_LOCALE);
      },
    );
    added.set(key, done);
    return done;
  };

  return {
    register(namespace, load, locale) {
      sources.set(namespace, load);
      const target = switchingTo;
      return Promise.all([
        ensure(namespace, locale),
        target && target !== locale ? ensure(namespace, target) : undefined,
      ]).then(() => undefined);
    },
    prepare(locale) {
      switchingTo = locale;
      return Promise.all([...sources.keys()].map((namespace) => ensure(namespace, locale))).then(() => {
        if (switchingTo === locale) switchingTo = null;
      });
    },
    fallback(namespace) {
      return ensure(namespace, DEFAULT_LOCALE);
    },
    has(namespace) {
      return sources.has(namespace);
    },
  };
}
