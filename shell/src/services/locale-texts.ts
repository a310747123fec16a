import type { Locale } from '@cardwallet/shared';
import type AntdLocaleValue from 'antd-mobile/es/locales/en-US';

export type AntdLocale = typeof AntdLocaleValue;
type Json = { default: Record<string, unknown> };
type Antd = { default: AntdLocale };
/** The shell's texts, the home page's, antd-mobile's and the shared common words (absent in unit tests' fakes). */
type LocaleChunk = [Json, Json, Antd, Json?];

/** What the shell shows in one language: its own catalogue, the home page's texts and antd-mobile's. */
export interface LocaleTexts {
  shell: Record<string, unknown>;
  home: Record<string, unknown>;
  antd: AntdLocale;
  /** The shared `common` words of the language (the package root carries none in the shell's build). */
  common?: Record<string, unknown> | undefined;
}

/**
 * One chunk per language (`locale-<locale>`): a customer downloads the shell's texts in their own
 * language only — the four languages together cost the start-up bundle ~7 KiB gzip. The three
 * imports of a language share a chunk name, so they travel as one file. The home page's texts ride
 * along: it is the page most visits start on, and this way it needs no request of its own.
 */
const LOADERS: Record<Locale, () => Promise<LocaleChunk>> = {
  'en-US': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-en-US" */ '../i18n/en-US.json'),
      import(/* webpackChunkName: "locale-en-US" */ '../pages/home/i18n/en-US.json'),
      import(/* webpackChunkName: "locale-en-US" */ 'antd-mobile/es/locales/en-US'),
      import(/* webpackChunkName: "locale-en-US" */ '@cardwallet/shared/i18n/en-US.json?core'),
    ]),
  'zh-HK': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-zh-HK" */ '../i18n/zh-HK.json'),
      import(/* webpackChunkName: "locale-zh-HK" */ '../pages/home/i18n/zh-HK.json'),
      import(/* webpackChunkName: "locale-zh-HK" */ 'antd-mobile/es/locales/zh-HK'),
      import(/* webpackChunkName: "locale-zh-HK" */ '@cardwallet/shared/i18n/zh-HK.json?core'),
    ]),
  'ar-AE': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-ar-AE" */ '../i18n/ar-AE.json'),
      import(/* webpackChunkName: "locale-ar-AE" */ '../pages/home/i18n/ar-AE.json'),
      // antd-mobile has no ar-AE; its Arabic is ar-SA.
      import(/* webpackChunkName: "locale-ar-AE" */ 'antd-mobile/es/locales/ar-SA'),
      import(/* webpackChunkName: "locale-ar-AE" */ '@cardwallet/shared/i18n/ar-AE.json?core'),
    ]),
  'tr-TR': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-tr-TR" */ '../i18n/tr-TR.json'),
      import(/* webpackChunkName: "locale-tr-TR" */ '../pages/home/i18n/tr-TR.json'),
      import(/* webpackChunkName: "locale-tr-TR" */ 'antd-mobile/es/locales/tr-TR'),
      import(/* webpackChunkName: "locale-tr-TR" */ '@cardwallet/shared/i18n/tr-TR.json?core'),
    ]),
};

export interface LocaleTextsLoader {
  /** The language's texts, loaded once (a failed load is tried again on the next call). */
  load(locale: Locale): Promise<LocaleTexts>;
  /** antd-mobile's texts of a language already loaded. */
  antd(locale: Locale): AntdLocale;
}

/** A chunk that failed (a dropped connection) is asked for once more before giving up. */
const loadWithRetry = (locale: Locale) => LOADERS[locale]().catch(() => LOADERS[locale]());

export function createLocaleTextsLoader(
  load: (locale: Locale) => Promise<LocaleChunk> = loadWithRetry,
): LocaleTextsLoader {
  const started = new Map<Locale, Promise<LocaleTexts>>();
  const loaded = new Map<Locale, LocaleTexts>();
  return {
    load(locale) {
      let done = started.get(locale);
      if (!done) {
        done = load(locale).then(
          ([shell, home, antd, common]) => {
            const texts = { shell: shell.default, home: home.default, antd: antd.default, common: common?.default };
            loaded.set(locale, texts);
            return texts;
          },
          (error: unknown) => {
            started.delete(locale);
            throw error;
          },
        );
        started.set(locale, done);
      }
      return done;
    },
    antd(locale) {
      const texts = loaded.get(locale);
      if (!texts) throw new Error(`texts of ${locale} not loaded`);
      return texts.antd;
    },
  };
}
