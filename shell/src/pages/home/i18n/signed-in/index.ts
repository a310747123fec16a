import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18nInstance } from 'i18next';
import type { Locale } from '@cardwallet/shared';

export const SIGNED_IN_HOME_NAMESPACE = 'homeAccount';

type Texts = { default: Record<string, string> };
/** One chunk per language: a customer downloads the signed-in home's texts in their language only. */
const LOADERS: Record<Locale, () => Promise<Texts>> = {
  'en-US': () => import(/* webpackChunkName: "home-account-en-US" */ './en-US.json'),
  'zh-HK': () => import(/* webpackChunkName: "home-account-zh-HK" */ './zh-HK.json'),
  'ar-AE': () => import(/* webpackChunkName: "home-account-ar-AE" */ './ar-AE.json'),
  'tr-TR': () => import(/* webpackChunkName: "home-account-tr-TR" */ './tr-TR.json'),
};
export const signedInTextLoaders = LOADERS;

const loading = new WeakMap<I18nInstance, Map<Locale, Promise<void>>>();

/**
 * Loads the signed-in home's texts for a language into i18next (once). The home page starts this
 * together with the signed-in chunk, so both arrive in parallel.
 */
export function loadSignedInTexts(i18n: I18nInstance, locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, SIGNED_IN_HOME_NAMESPACE)) return Promise.resolve();
  let mine = loading.get(i18n);
  if (!mine) loading.set(i18n, (mine = new Map()));
  const started = mine;
  let done = started.get(locale);
  if (!done) {
    done = (LOADERS[locale] ?? LOADERS['en-US'])().then(
      (texts) => {
        i18n.addResourceBundle(locale, SIGNED_IN_HOME_NAMESPACE, texts.default, false, false, {
          silent: true,
          skipCopy: false,
        });
      },
      (error: unknown) => {
        started.delete(locale); // tried again on the next render
        throw error;
      },
    );
    started.set(locale, done);
  }
  return done;
}

/**
 * Whether the signed-in home's texts for the current language are there; loads them when not
 * (again after a failure when `retry` is called).
 */
export function useSignedInTextsReady(i18n: I18nInstance): { ready: boolean; failed: boolean; retry: () => void } {
  const locale = i18n.language as Locale;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useState(false);
  const ready = i18n.hasResourceBundle(locale, SIGNED_IN_HOME_NAMESPACE);
  useEffect(() => {
    if (ready || failed) return;
    let live = true;
    loadSignedInTexts(i18n, locale).then(
      () => live && rerender(),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [ready, failed, i18n, locale]);
  return { ready, failed, retry: () => setFailed(false) };
}

export const useSignedInTranslation = () => useTranslation(SIGNED_IN_HOME_NAMESPACE);
