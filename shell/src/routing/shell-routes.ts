import type { FeatureRoute } from '@cardwallet/shared';

/** The pages the shell itself owns today (index group). Other index/about pages arrive with their issues. */
export const SHELL_ROUTES: FeatureRoute[] = [
  { path: 'index', load: () => import('../pages/home/home-page'), titleKey: 'home.title', navBar: 'none', auth: false, pullToRefresh: true },
  { path: 'error', load: () => import('../pages/error/error-page'), titleKey: 'page.errorTitle', navBar: 'default', auth: false },
  { path: 'information', load: () => import('../pages/information/information-page'), titleKey: 'information.title', navBar: 'default', auth: true, pullToRefresh: true },
  { path: 'information-detail', load: () => import('../pages/information/information-detail-page'), titleKey: 'information.detailTitle', navBar: 'default', auth: true },
];

export function shellRoute(group: string, page: string): FeatureRoute | undefined {
  return group === 'index' ? SHELL_ROUTES.find((r) => r.path === page) : undefined;
}
