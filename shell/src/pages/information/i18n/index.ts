import { useTranslation } from 'react-i18next';
import type { Locale } from '@cardwallet/shared';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';

export const INFORMATION_NAMESPACE = 'information';
export const informationResources: Record<Locale, Record<string, string>> = { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arAE, 'tr-TR': trTR };

/**
 * The message centre's texts travel with its page chunk (not with the shell's start-up bundle, so
 * the home page does not grow): added to i18next the first time a message page renders.
 */
export function useInformationTranslation() {
  const translation = useTranslation(INFORMATION_NAMESPACE);
  const { i18n } = translation;
  for (const [locale, resources] of Object.entries(informationResources)) {
    if (!i18n.hasResourceBundle(locale, INFORMATION_NAMESPACE)) i18n.addResourceBundle(locale, INFORMATION_NAMESPACE, resources);
  }
  return translation;
}
