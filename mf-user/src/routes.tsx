import type { FeatureRoute } from '@cardwallet/shared';

export const routes: FeatureRoute[] = [
  // ---- member centre (issue 12) -------------------------------------------------------------
  { path: 'index', load: () => import('./features/profile/pages/user-index-page'), titleKey: 'index.title', auth: false, pullToRefresh: true },
  { path: 'settings', load: () => import('./features/settings/pages/settings-page'), titleKey: 'settings.title' },
  { path: 'language', load: () => import('./features/language/pages/language-page'), titleKey: 'language.title', auth: false },
  { path: 'paypass', load: () => import('./features/paypass/pages/paypass-page'), titleKey: 'paypass.title' },
  { path: 'change-password', load: () => import('./features/settings/pages/change-password-page'), titleKey: 'password.title' },
  { path: 'bind-phone', load: () => import('./features/bindings/pages/bind-phone-page'), titleKey: 'bind.mobile.title' },
  { path: 'bind-email', load: () => import('./features/bindings/pages/bind-email-page'), titleKey: 'bind.email.title' },
  { path: 'change-phone', load: () => import('./features/bindings/pages/change-phone-page'), titleKey: 'change.title' },
  { path: 'coupon-binding', load: () => import('./features/coupons/pages/coupon-binding-page'), titleKey: 'coupons.bindTitle' },
  { path: 'coupon-list', load: () => import('./features/coupons/pages/coupon-list-page'), titleKey: 'coupons.title', navBar: 'custom' },
  // ---- end member centre ----------------------------------------------------------------------
];
