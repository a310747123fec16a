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
  type I18nService,
  type Locale,
} from '@cardwallet/shared';
import enUS from '../i18n/en-US.json';
import zhHK from '../i18n/zh-HK.json';
import arAE from '../i18n/ar-AE.json';
import trTR from '../i18n/tr-TR.json';

export const SHELL_NAMESPACE = 'shell';
export const LANGUAGE_STORAGE_KEY = 'language';
const shellResources: Record<Locale, object> = { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arAE, 'tr-TR': trTR };

export function initialLocale(storage: Storage, navigatorLanguages: readonly string[]): Locale {
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLocale(stored)) return stored;
  return negotiateLocale(navigatorLanguages.join(','));
}

export function applyDocumentLanguage(locale: Locale, doc: Document = document) {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

export async function createI18n(
  storage: Storage,
  onChange: (locale: Locale) => void,
): Promise<{ instance: I18nInstance; service: I18nService }> {
  const locale = initialLocale(storage, typeof navigator === 'undefined' ? [] : navigator.languages);
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, object>> = {};
  for (const l of LOCALES) resources[l] = { [COMMON_NAMESPACE]: commonResources[l], [SHELL_NAMESPACE]: shellResources[l] };
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [COMMON_NAMESPACE, SHELL_NAMESPACE],
    defaultNS: SHELL_NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const store = createStore<{ locale: Locale }>(() => ({ locale }));
  applyDocumentLanguage(locale);
  onChange(locale);
  const service: I18nService = {
    useLanguage: () => useStore(store, (s) => s.locale),
    language: () => store.getState().locale,
    async setLanguage(next) {
      if (!isLocale(next)) throw new Error(`Unsupported locale ${String(next)}`);
      await instance.changeLanguage(next);
      storage.setItem(LANGUAGE_STORAGE_KEY, next);
      applyDocumentLanguage(next);
      onChange(next);
      store.setState({ locale: next });
    },
  };
  return { instance, service };
}
