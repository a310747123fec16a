import type { NavigationService } from '@cardwallet/shared';

export const HOME_PATH = '/pages/index/index';
export const TAB_PATHS = [
  '/pages/index/index',
  '/pages/card/index',
  '/pages/wallet/index',
  '/pages/user/index',
] as const;

export interface RouterLike {
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void> | void;
  state: { location: { pathname: string; search: string; hash: string } };
}

/** "/" is the home tab; everything else compares path + query. */
export function normalise(url: string): string {
  const parsed = new URL(url, 'http://local');
  const path = parsed.pathname === '/' ? HOME_PATH : parsed.pathname.replace(/\/+$/, '') || HOME_PATH;
  return `${path}${parsed.search}`;
}

export function createNavigationService(getRouter: () => RouterLike, historyIndex: () => number): NavigationService {
  const current = () => {
    const { pathname, search } = getRouter().state.location;
    return normalise(`${pathname}${search}`);
  };
  const go = (url: string, replace: boolean) => {
    // Skips navigation to the page already shown (spec §2).
    if (normalise(url) === current()) return;
    void getRouter().navigate(url, { replace });
  };
  return {
    navigate: (url) => go(url, false),
    redirect: (url) => go(url, true),
    switchTab(url) {
      if (!(TAB_PATHS as readonly string[]).includes(normalise(url).split('?')[0] ?? ''))
        throw new Error(`switchTab: ${url} is not a tab page`);
      go(url, false);
    },
    relaunch(url) {
      // The browser history cannot be cleared; replacing keeps "back" from returning into the old flow.
      void getRouter().navigate(url, { replace: true });
    },
    back(delta = 1) {
      if (historyIndex() >= delta) void getRouter().navigate(-delta);
      else go(HOME_PATH, true);
    },
  };
}
