import type { FeatureRoute } from '@cardwallet/shared';

export const routes: FeatureRoute[] = [
  { path: 'index', load: () => import('./features/overview/pages/wallet-index-page'), titleKey: 'index.title', pullToRefresh: true },
];
