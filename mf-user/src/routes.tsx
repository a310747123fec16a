import type { FeatureRoute } from '@cardwallet/shared';

export const routes: FeatureRoute[] = [
  { path: 'index', load: () => import('./features/profile/pages/user-index-page'), titleKey: 'index.title', auth: false, pullToRefresh: true },
  { path: 'language', load: () => import('./features/language/pages/language-page'), titleKey: 'language.title', auth: false },
];
