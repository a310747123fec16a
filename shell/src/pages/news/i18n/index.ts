import type { Locale } from '@cardwallet/shared';
import { usePageTranslation } from '../../page-translations';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';

export const NEWS_NAMESPACE = 'news';
export const newsResources: Record<Locale, Record<string, string>> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arAE,
  'tr-TR': trTR,
};

export const useNewsTranslation = () => usePageTranslation(NEWS_NAMESPACE, newsResources);
