import type { Locale, TranslationTree } from '@cardwallet/shared';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';

/**
 * Every language at once, for unit tests and the contract test only: the app itself loads one
 * language at a time (./index.ts), so its entry carries none of these.
 */
export const userResources: Record<Locale, TranslationTree> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arAE,
  'tr-TR': trTR,
};
