import type { FeatureRoute } from '@cardwallet/shared';

/** Every page of /pages/share/ (spec §2 share group, plus the activity and ranking pages); titles are keys of `share`. */
export const routes: FeatureRoute[] = [
  {
    path: 'index',
    load: () => import('./features/invite/pages/share-index-page'),
    titleKey: 'titles.index',
    skeleton: {
      blocks: [
        { kind: 'card', height: 160 },
        { kind: 'card', height: 320 },
      ],
    },
    navBar: 'none',
  },
  {
    path: 'detail',
    load: () => import('./features/rewards/pages/detail-page'),
    titleKey: 'titles.detail',
    pullToRefresh: true,
  },
  {
    path: 'my-friend',
    load: () => import('./features/friends/pages/my-friend-page'),
    titleKey: 'titles.myFriend',
    pullToRefresh: true,
  },
  {
    path: 'open-card',
    load: () => import('./features/rewards/pages/open-card-page'),
    titleKey: 'titles.openCard',
    pullToRefresh: true,
  },
  {
    path: 'recharge-cash',
    load: () => import('./features/rewards/pages/recharge-cash-page'),
    titleKey: 'titles.rechargeCash',
    pullToRefresh: true,
  },
  { path: 'activity', load: () => import('./features/campaign/pages/activity-page'), titleKey: 'titles.activity' },
  {
    path: 'ranking',
    load: () => import('./features/campaign/pages/ranking-page'),
    titleKey: 'titles.ranking',
    pullToRefresh: true,
  },
];
