import type { Locale, TranslationTree } from '@cardwallet/shared';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';
import disputesEnUS from '../features/disputes/i18n/en-US.json';
import disputesZhHK from '../features/disputes/i18n/zh-HK.json';
import disputesArAE from '../features/disputes/i18n/ar-AE.json';
import disputesTrTR from '../features/disputes/i18n/tr-TR.json';

/**
 * Every language at once, for unit tests and the contract test only: the app itself loads one
 * language at a time (./index.ts), so its entry carries none of these.
 */
export const cardResources: Record<Locale, TranslationTree> = {
  // Disputes (issue 23) keep their strings beside their feature, under `disputes.`.
  'en-US': { ...enUS, disputes: disputesEnUS },
  'zh-HK': { ...zhHK, disputes: disputesZhHK },
  'ar-AE': { ...arAE, disputes: disputesArAE },
  'tr-TR': { ...trTR, disputes: disputesTrTR },
};
