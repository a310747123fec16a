import { catalogueLoader } from '@cardwallet/shared/catalogues';

export const CARD_NAMESPACE = 'card';

/**
 * This app's texts, one chunk per language (`locale-<locale>`, shared with antd-mobile's texts of
 * that language, which the frame loads): the shell loads the reader's language before the page
 * renders, and another before switching to it. Disputes (issue 23) keep their strings beside their feature, under `disputes.`.
 */
export const loadCardCatalogue = catalogueLoader({
  'en-US': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-en-US" */ './en-US.json'),
      import(/* webpackChunkName: "locale-en-US" */ '../features/disputes/i18n/en-US.json'),
    ]).then(([app, disputes]) => ({ ...app.default, disputes: disputes.default })),
  'zh-HK': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-zh-HK" */ './zh-HK.json'),
      import(/* webpackChunkName: "locale-zh-HK" */ '../features/disputes/i18n/zh-HK.json'),
    ]).then(([app, disputes]) => ({ ...app.default, disputes: disputes.default })),
  'ar-AE': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-ar-AE" */ './ar-AE.json'),
      import(/* webpackChunkName: "locale-ar-AE" */ '../features/disputes/i18n/ar-AE.json'),
    ]).then(([app, disputes]) => ({ ...app.default, disputes: disputes.default })),
  'tr-TR': () =>
    Promise.all([
      import(/* webpackChunkName: "locale-tr-TR" */ './tr-TR.json'),
      import(/* webpackChunkName: "locale-tr-TR" */ '../features/disputes/i18n/tr-TR.json'),
    ]).then(([app, disputes]) => ({ ...app.default, disputes: disputes.default })),
});
