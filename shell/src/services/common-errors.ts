import type { i18n as I18nInstance } from 'i18next';
import { COMMON_NAMESPACE, type Locale, type TranslationTree } from '@cardwallet/shared';

type ErrorPart = { default: { errors: TranslationTree; validation?: TranslationTree } };

/**
 * The `errors` and `validation` texts of the shared `common` catalogue, one chunk per locale. The shell's build
 * leaves them out of the @cardwallet/shared singleton (build/common-catalogue.mjs) so the home page
 * does not carry every feature's error messages in four languages; they are loaded the first time
 * something needs them: a feature app being loaded (awaited before it renders, see
 * commonErrorTextsPlugin) or an `errors.*` text asked for by a shell page (it re-renders when the
 * texts arrive). In unit tests the catalogue is whole, and loading the part changes nothing.
 */
const PARTS: Record<Locale, () => Promise<ErrorPart>> = {
  'en-US': () => import(/* webpackChunkName: "common-errors-en-US" */ '@cardwallet/shared/i18n/en-US.json?errors'),
  'zh-HK': () => import(/* webpackChunkName: "common-errors-zh-HK" */ '@cardwallet/shared/i18n/zh-HK.json?errors'),
  'ar-AE': () => import(/* webpackChunkName: "common-errors-ar-AE" */ '@cardwallet/shared/i18n/ar-AE.json?errors'),
  'tr-TR': () => import(/* webpackChunkName: "common-errors-tr-TR" */ '@cardwallet/shared/i18n/tr-TR.json?errors'),
};

export interface CommonErrorTexts {
  /** Loads the current language's error texts once; from then on a language switch loads its own first. */
  ensure(): Promise<void>;
  /** Called before switching language: the next language's texts, when error texts are in use. */
  beforeLanguageChange(locale: Locale): Promise<void>;
}

export function createCommonErrorTexts(
  i18n: Pick<I18nInstance, 'language' | 'addResourceBundle'>,
  load: (locale: Locale) => Promise<ErrorPart> = (locale) => PARTS[locale](),
): CommonErrorTexts {
  const loaded = new Map<Locale, Promise<void>>();
  let inUse = false;
  const loadLocale = (locale: Locale) => {
    let done = loaded.get(locale);
    if (!done) {
      done = load(locale).then(
        (part) => {
          // Deep merge into `common`; emits "added", so components showing a missing text re-render.
          const { errors, validation } = part.default;
          i18n.addResourceBundle(
            locale,
            COMMON_NAMESPACE,
            { errors, ...(validation ? { validation } : {}) },
            true,
            true,
          );
        },
        (error: unknown) => {
          loaded.delete(locale); // a failed chunk is tried again next time
          throw error;
        },
      );
      loaded.set(locale, done);
    }
    return done;
  };
  return {
    ensure() {
      inUse = true;
      return loadLocale(i18n.language as Locale);
    },
    beforeLanguageChange(locale) {
      return inUse ? loadLocale(locale).catch(() => undefined) : Promise.resolve();
    },
  };
}

/**
 * Module Federation runtime plugin: a feature app is handed to the shell only once the error texts
 * are there (they load in parallel with the remote's files, so this costs no extra round trip).
 */
export function commonErrorTextsPlugin(texts: CommonErrorTexts) {
  let ready: Promise<void> = Promise.resolve();
  return {
    name: 'cardwallet-common-error-texts',
    beforeRequest<T>(args: T): T {
      ready = texts.ensure().catch(() => undefined);
      return args;
    },
    async onLoad(): Promise<void> {
      await ready;
    },
  };
}
