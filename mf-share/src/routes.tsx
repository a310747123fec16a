import type { FeatureRoute } from '@cardwallet/shared';

export const routes: FeatureRoute[] = [
  { path: 'index', load: () => import('./features/invite/pages/share-index-page'), titleKey: 'index.title', navBar: 'none' },
];
