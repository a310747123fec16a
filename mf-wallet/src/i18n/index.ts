import { catalogueLoader } from '@cardwallet/shared/catalogues';

export const WALLET_NAMESPACE = 'wallet';

/**
 * This app's texts, one chunk per language (`locale-<locale>`, shared with antd-mobile's texts of
 * that language, which the frame loads): the shell loads the reader's language before the page
 * renders, and another before switching to it.
 */
export const loadWalletCatalogue = catalogueLoader({
  'en-US': () => import(/* webpackChunkName: "locale-en-US" */ './en-US.json').then((m) => m.default),
  'zh-HK': () => import(/* webpackChunkName: "locale-zh-HK" */ './zh-HK.json').then((m) => m.default),
  'ar-AE': () => import(/* webpackChunkName: "locale-ar-AE" */ './ar-AE.json').then((m) => m.default),
  'tr-TR': () => import(/* webpackChunkName: "locale-tr-TR" */ './tr-TR.json').then((m) => m.default),
});
