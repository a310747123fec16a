import type { Locale } from '@cardwallet/shared';
import enUS from 'antd-mobile/es/locales/en-US';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import arSA from 'antd-mobile/es/locales/ar-SA';
import trTR from 'antd-mobile/es/locales/tr-TR';

/** antd-mobile ships Arabic only as ar-SA; it covers the component chrome used here (Popup, Result). */
export const antdLocales: Record<Locale, typeof enUS> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arSA,
  'tr-TR': trTR,
};
