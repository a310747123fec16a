import type { FeatureRoute } from '@cardwallet/shared';

export const routes: FeatureRoute[] = [
  { path: 'index', load: () => import('./features/cards/pages/card-index-page'), titleKey: 'index.title', pullToRefresh: true },
];
