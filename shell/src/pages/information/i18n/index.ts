import type { Locale } from '@cardwallet/shared';
import { usePageTranslation } from '../../page-translations';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';

export const INFORMATION_NAMESPACE = 'information';
export const informationResources: Record<Locale, Record<string, string>> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arAE,
  'tr-TR': trTR,
};

export const useInformationTranslation = () => usePageTranslation(INFORMATION_NAMESPACE, informationResources);
