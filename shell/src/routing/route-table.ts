import type { RemoteName } from '@cardwallet/shared';

export type RouteOwner = 'shell' | RemoteName;

/** Every page group of spec §2 and who owns it. The shell owns the index and about groups. */
export const ROUTE_GROUPS: Record<string, { owner: RouteOwner; pages: readonly string[] }> = {
  index: {
    owner: 'shell',
    pages: [
      'index',
      'error',
      'user_agreement',
      'information',
      'information-detail',
      'country',
      'webview',
      'test',
      'news',
      'news-detail',
      'releases',
    ],
  },
  about: { owner: 'shell', pages: ['index', 'help'] },
  card: {
    owner: 'mf_card',
    pages: [
      'index',
      'sumsub',
      'list',
      'card-activation',
      'benefits',
      'vbenefits',
      'recharge',
      'select-card',
      'bind-card',
      'apply',
      'order-list',
      'apply-success',
      'withdraw',
      'setting',
      'select-address',
      'add-address',
      'binding-card',
      'binding-card-success',
      'set-card-pin',
      // card disputes (issue 23)
      'dispute',
      'disputes',
      'wechat-pay',
    ],
  },
  passport: {
    owner: 'mf_passport',
    pages: ['login', 'register', 'register-success', 'reset-password', 'welfare', 'invitation', 'wechat'],
  },
  user: {
    owner: 'mf_user',
    pages: [
      'index',
      'settings',
      'language',
      'paypass',
      'bind-phone',
      'bind-email',
      'change-phone',
      'coupon-binding',
      'coupon-list',
      'kyc',
      'kyc-lv1',
      'kyc-lv1-details',
      'kyc-lv2',
      'kyc-lv2-details',
      'kyc-lv2-sumsub',
      'kyc-lv2-success',
      'kyc-lv2-fail',
      'wechat',
    ],
  },
  wallet: {
    owner: 'mf_wallet',
    pages: [
      'index',
      'secured-account',
      'select-currency',
      'recharge',
      'exchange-record',
      'cash-flow',
      'withdraw',
      'select-address',
      'add-address',
      'currency_exchange',
      'transfer',
    ],
  },
  // "activity" and "ranking" exist in the spec without a stated path; these are ours.
  share: {
    owner: 'mf_share',
    pages: ['index', 'detail', 'my-friend', 'open-card', 'recharge-cash', 'activity', 'ranking'],
  },
  // location pages (issue 27): system pages any app may open; mf_user renders them.
  system: { owner: 'mf_user', pages: ['open-location', 'choose-location'] },
};

export const HOME_PATH = '/pages/index/index';
export const ERROR_PATH = '/pages/index/error';
export const TAB_ROUTES = [
  { tab: 'home', path: '/pages/index/index' },
  { tab: 'card', path: '/pages/card/index' },
  { tab: 'wallet', path: '/pages/wallet/index' },
  { tab: 'user', path: '/pages/user/index' },
] as const;

export type ResolvedRoute =
  { kind: 'page'; owner: RouteOwner; group: string; page: string; known: boolean } | { kind: 'unknown' };

/**
 * Maps a URL path to the app owning it. A path listed in the spec is `known`; an unlisted page
 * under a remote's prefix still goes to that remote (it may export extra steps), and the remote
 * decides whether it exists. Anything else is unknown → the error page.
 */
export function resolveRoute(pathname: string): ResolvedRoute {
  const path = pathname === '/' || pathname === '' ? HOME_PATH : pathname.replace(/\/+$/, '');
  const match = /^\/pages\/([a-z_-]+)\/([a-z0-9_-]+)$/i.exec(path);
  if (!match) return { kind: 'unknown' };
  const group = match[1] as string;
  const page = match[2] as string;
  const entry = ROUTE_GROUPS[group];
  if (!entry) return { kind: 'unknown' };
  const known = entry.pages.includes(page);
  if (!known && entry.owner === 'shell') return { kind: 'unknown' };
  return { kind: 'page', owner: entry.owner, group, page, known };
}

export function isTabPath(pathname: string): boolean {
  const path = pathname === '/' ? HOME_PATH : pathname.replace(/\/+$/, '');
  return TAB_ROUTES.some((r) => r.path === path);
}
