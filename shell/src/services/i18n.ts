import i18next, { type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import {
  COMMON_NAMESPACE,
  DEFAULT_LOCALE,
  LOCALES,
  commonResources,
  isLocale,
  isRtl,
  negotiateLocale,
  type FeatureApp,
  type I18nService,
  type Locale,
} from '@cardwallet/shared';
import { latestWins } from '@cardwallet/shared/latest-wins';
import { createCommonErrorTexts, type CommonErrorTexts } from './common-errors';
import { HOME_NAMESPACE } from '../pages/home/i18n';
import { createLocaleTextsLoader, type LocaleTexts, type LocaleTextsLoader } from './locale-texts';
import type { AppTexts } from './app-texts';

export const SHELL_NAMESPACE = 'shell';
export const LANGUAGE_STORAGE_KEY = 'language';

export function initialLocale(storage: Storage, navigatorLanguages: readonly string[]): Locale {
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLocale(stored)) return stored;
  return negotiateLocale(navigatorLanguages.join(','));
}

/** Mirrors the language for the server, which paints the first frame in it (api/src/web/app-frame.ts). */
export const LANGUAGE_COOKIE = 'cw_lang';

export function applyDocumentLanguage(locale: Locale, doc: Document = document) {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  doc.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export async function createI18n(
  storage: Storage,
  onChange: (locale: Locale) => void,
  localeTexts: LocaleTextsLoader = createLocaleTextsLoader(),
): Promise<{
  instance: I18nInstance;
  service: I18nService;
  errorTexts: CommonErrorTexts;
  localeTexts: LocaleTextsLoader;
  /** A loaded feature app's texts in the current language (and the one being switched to); awaited before its page renders. */
  addAppTexts: (app: FeatureApp) => Promise<void>;
  /** Starts loading the code that keeps apps' texts, when a feature app is requested (beside its files). */
  preloadAppTexts: () => void;
}> {
  const locale = initialLocale(storage, typeof navigator === 'undefined' ? [] : navigator.languages);
  const instance = i18next.createInstance();
  const errorTexts = createCommonErrorTexts(instance);
  // The shell's and the home page's texts: the visitor's language only (services/locale-texts.ts),
  // another language when chosen — every catalogue is complete in every language (their tests say
  // so), so no English fallback is loaded beside it.
  // `common` (its words; errors load on demand, ./common-errors.ts) comes in the same chunk; unit
  // tests, which load no chunks, take it from the package.
  const commonOf = (l: Locale, texts: LocaleTexts) => texts.common ?? commonResources[l];
  const addLocaleTexts = (l: Locale, texts: LocaleTexts) => {
    instance.addResourceBundle(l, COMMON_NAMESPACE, commonOf(l, texts), true, true);
    instance.addResourceBundle(l, SHELL_NAMESPACE, texts.shell, true, true);
    instance.addResourceBundle(l, HOME_NAMESPACE, texts.home, true, true);
  };
  // Feature apps' texts, one language each (./app-texts.ts, its own chunk: loaded when the first
  // remote is requested, beside its files). A key missing in the reader's language loads the app's
  // English texts (missingKeyHandler below), which i18next then falls back to.
  let appTexts: Promise<AppTexts> | null = null;
  const loadAppTexts = () =>
    (appTexts ??= import(/* webpackChunkName: "app-texts" */ './app-texts').then((m) => m.createAppTexts(instance)));
  const first = await localeTexts.load(locale);
  const resources = {
    [locale]: {
      [COMMON_NAMESPACE]: commonOf(locale, first),
      [SHELL_NAMESPACE]: first.shell,
      [HOME_NAMESPACE]: first.home,
    },
  };
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [COMMON_NAMESPACE, SHELL_NAMESPACE, HOME_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    // The `errors` and `validation` texts of `common` load on first use (./common-errors.ts): asking
    // for one that is not there yet loads them, and components re-render when they arrive ("added").
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => {
      if (ns === COMMON_NAMESPACE && /^(errors|validation)\./.test(key)) errorTexts.ensure().catch(() => undefined);
      else if (appTexts && instance.language !== DEFAULT_LOCALE)
        void appTexts.then((texts) => (texts.has(ns) ? texts.fallback(ns) : undefined));
    },
    react: { bindI18nStore: 'added' },
  });
  const store = createStore<{ locale: Locale }>(() => ({ locale }));
  applyDocumentLanguage(locale);
  onChange(locale);
  const service: I18nService = {
    useLanguage: () => useStore(store, (s) => s.locale),
    language: () => store.getState().locale,
    async setLanguage(next) {
      if (!isLocale(next)) throw new Error(`Unsupported locale ${String(next)}`);
      await switchLanguage(next);
    },
  };
  // Every text of the new language (the shell's, the loaded apps', the error texts in use) is there
  // before the switch, so nothing shows a key or English for a moment; of two quick switches the
  // last one chosen wins, whichever language arrives first.
  const switchLanguage = latestWins(
    (next: Locale) =>
      Promise.all([
        localeTexts.load(next).then((texts) => addLocaleTexts(next, texts)),
        errorTexts.beforeLanguageChange(next),
        appTexts?.then((texts) => texts.prepare(next)),
      ]),
    async (next: Locale) => {
      await instance.changeLanguage(next);
      storage.setItem(LANGUAGE_STORAGE_KEY, next);
      applyDocumentLanguage(next);
      onChange(next);
      store.setState({ locale: next });
    },
  );
  const addAppTexts = (app: FeatureApp) => loadAppTexts().then((texts) => texts.add(app, store.getState().locale));
  return { instance, service, errorTexts, localeTexts, addAppTexts, preloadAppTexts: () => void loadAppTexts() };
}
