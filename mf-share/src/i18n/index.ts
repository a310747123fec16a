import type { Locale, TranslationTree } from '@cardwallet/shared';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';

export const SHARE_NAMESPACE = 'share';

export const shareResources: Record<Locale, TranslationTree> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arAE,
  'tr-TR': trTR,
};
