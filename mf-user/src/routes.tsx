import type { FeatureRoute } from '@cardwallet/shared';

export const routes: FeatureRoute[] = [
  // ---- member centre (issue 12) -------------------------------------------------------------
  {
    path: 'index',
    load: () => import('./features/profile/pages/user-index-page'),
    titleKey: 'index.title',
    skeleton: {
      blocks: [
        { kind: 'card', height: 120 },
        { kind: 'list', rows: 4 },
        { kind: 'list', rows: 3 },
      ],
    },
    auth: false,
    pullToRefresh: true,
  },
  {
    path: 'settings',
    load: () => import('./features/settings/pages/settings-page'),
    titleKey: 'settings.title',
    skeleton: {
      blocks: [
        { kind: 'list', rows: 5 },
        { kind: 'list', rows: 2 },
      ],
    },
  },
  {
    path: 'language',
    load: () => import('./features/language/pages/language-page'),
    titleKey: 'language.title',
    skeleton: { blocks: [{ kind: 'list', rows: 4 }] },
    auth: false,
  },
  { path: 'paypass', load: () => import('./features/paypass/pages/paypass-page'), titleKey: 'paypass.title' },
  {
    path: 'change-password',
    load: () => import('./features/settings/pages/change-password-page'),
    titleKey: 'password.title',
  },
  {
    path: 'bind-phone',
    load: () => import('./features/bindings/pages/bind-phone-page'),
    titleKey: 'bind.mobile.title',
  },
  { path: 'bind-email', load: () => import('./features/bindings/pages/bind-email-page'), titleKey: 'bind.email.title' },
  { path: 'change-phone', load: () => import('./features/bindings/pages/change-phone-page'), titleKey: 'change.title' },
  {
    path: 'coupon-binding',
    load: () => import('./features/coupons/pages/coupon-binding-page'),
    titleKey: 'coupons.bindTitle',
  },
  {
    path: 'coupon-list',
    load: () => import('./features/coupons/pages/coupon-list-page'),
    titleKey: 'coupons.title',
    skeleton: {
      blocks: [
        { kind: 'card', height: 96 },
        { kind: 'card', height: 96 },
        { kind: 'card', height: 96 },
      ],
    },
    navBar: 'custom',
  },
  // ---- end member centre ----------------------------------------------------------------------
  // kyc — identity verification (features/kyc)
  {
    path: 'kyc',
    load: () => import('./features/kyc/pages/kyc-page'),
    titleKey: 'kyc.title.overview',
    pullToRefresh: true,
  },
  { path: 'kyc-lv1', load: () => import('./features/kyc/pages/kyc-lv1-page'), titleKey: 'kyc.title.lv1' },
  {
    path: 'kyc-lv1-details',
    load: () => import('./features/kyc/pages/kyc-lv1-details-page'),
    titleKey: 'kyc.title.lv1Details',
  },
  {
    path: 'kyc-lv2',
    load: () => import('./features/kyc/pages/kyc-lv2-page'),
    titleKey: 'kyc.title.lv2',
    pullToRefresh: true,
  },
  {
    path: 'kyc-lv2-details',
    load: () => import('./features/kyc/pages/kyc-lv2-details-page'),
    titleKey: 'kyc.title.lv2Details',
  },
  {
    path: 'kyc-lv2-sumsub',
    load: () => import('./features/kyc/pages/kyc-lv2-sumsub-page'),
    titleKey: 'kyc.title.lv2Sumsub',
    navBar: 'none',
  },
  {
    path: 'kyc-lv2-success',
    load: () => import('./features/kyc/pages/kyc-lv2-success-page'),
    titleKey: 'kyc.title.lv2Success',
  },
  { path: 'kyc-lv2-fail', load: () => import('./features/kyc/pages/kyc-lv2-fail-page'), titleKey: 'kyc.title.lv2Fail' },
  // passkeys (issue 22) — features/passkeys
  { path: 'passkeys', load: () => import('./features/passkeys/pages/passkeys-page'), titleKey: 'passkeys.title' },
  { path: 'wechat', load: () => import('./features/wechat/pages/wechat-page'), titleKey: 'wechat.title' },
  // location pages (issue 27): served under /pages/system/ (the shell's system group is ours)
  {
    path: 'open-location',
    load: () => import('./features/places/pages/open-location-page'),
    titleKey: 'places.openLocationTitle',
  },
  {
    path: 'choose-location',
    load: () => import('./features/places/pages/choose-location-page'),
    titleKey: 'places.chooseLocationTitle',
  },
];
