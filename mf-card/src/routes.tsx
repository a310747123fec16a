import type { FeatureRoute } from '@cardwallet/shared';

/** Card group (spec §2). Titles are keys of the `card` namespace; each page is its own chunk. */
export const routes: FeatureRoute[] = [
  {
    path: 'index',
    load: () => import('./features/cards/pages/card-index-page'),
    titleKey: 'titles.index',
    skeleton: {
      blocks: [
        { kind: 'card', height: 210 },
        { kind: 'tiles', count: 4 },
        { kind: 'list', rows: 3 },
      ],
    },
    pullToRefresh: true,
  },
  {
    path: 'list',
    load: () => import('./features/cards/pages/card-list-page'),
    titleKey: 'titles.list',
    skeleton: {
      blocks: [
        { kind: 'card', height: 210 },
        { kind: 'card', height: 210 },
      ],
    },
  },
  { path: 'benefits', load: () => import('./features/cards/pages/benefits-page'), titleKey: 'titles.benefits' },
  { path: 'vbenefits', load: () => import('./features/cards/pages/vbenefits-page'), titleKey: 'titles.vbenefits' },
  {
    path: 'apply',
    load: () => import('./features/cards/pages/apply-page'),
    titleKey: 'titles.apply',
    skeleton: { blocks: [{ kind: 'card', height: 200 }, { kind: 'form', fields: 3 }, { kind: 'button' }] },
  },
  {
    path: 'wechat-pay',
    load: () => import('./features/wechat-pay/pages/wechat-pay-page'),
    titleKey: 'titles.wechatPay',
  },
  {
    path: 'apply-success',
    load: () => import('./features/cards/pages/apply-success-page'),
    titleKey: 'titles.applySuccess',
  },
  {
    path: 'select-address',
    load: () => import('./features/addresses/pages/select-address-page'),
    titleKey: 'titles.selectAddress',
    navBar: 'custom',
  },
  {
    path: 'add-address',
    load: () => import('./features/addresses/pages/add-address-page'),
    titleKey: 'titles.addAddress',
  },
  {
    path: 'card-activation',
    load: () => import('./features/cards/pages/activation-page'),
    titleKey: 'titles.activation',
  },
  {
    path: 'recharge',
    load: () => import('./features/cards/pages/recharge-page'),
    titleKey: 'titles.recharge',
    skeleton: { blocks: [{ kind: 'card', height: 96 }, { kind: 'form', fields: 1 }, { kind: 'button' }] },
  },
  { path: 'select-card', load: () => import('./features/cards/pages/select-card-page'), titleKey: 'titles.selectCard' },
  {
    path: 'withdraw',
    load: () => import('./features/cards/pages/withdraw-page'),
    titleKey: 'titles.withdraw',
    skeleton: { blocks: [{ kind: 'card', height: 96 }, { kind: 'form', fields: 1 }, { kind: 'button' }] },
  },
  {
    path: 'setting',
    load: () => import('./features/controls/pages/setting-page'),
    titleKey: 'titles.setting',
    skeleton: {
      blocks: [
        { kind: 'card', height: 210 },
        { kind: 'list', rows: 5 },
      ],
    },
  },
  {
    path: 'set-card-pin',
    load: () => import('./features/controls/pages/set-card-pin-page'),
    titleKey: 'titles.setCardPin',
  },
  {
    path: 'order-list',
    load: () => import('./features/orders/pages/order-list-page'),
    titleKey: 'titles.orderList',
    skeleton: { blocks: [{ kind: 'list', rows: 6, rowHeight: 72 }] },
  },
  { path: 'bind-card', load: () => import('./features/binding/pages/bind-card-page'), titleKey: 'titles.bindCard' },
  {
    path: 'binding-card',
    load: () => import('./features/binding/pages/binding-card-page'),
    titleKey: 'titles.bindingCard',
  },
  {
    path: 'binding-card-success',
    load: () => import('./features/binding/pages/binding-card-success-page'),
    titleKey: 'titles.bindingCardSuccess',
  },
  // Issue 23: 3-D Secure answered in the app, and per-card spending controls.
  { path: 'three-ds', load: () => import('./features/three-ds/pages/three-ds-page'), titleKey: 'titles.threeDs' },
  {
    path: 'spending-controls',
    load: () => import('./features/spending-controls/pages/spending-controls-page'),
    titleKey: 'titles.spendingControls',
  },
  {
    path: 'sumsub',
    load: () => import('./features/cards/pages/sumsub-page'),
    titleKey: 'titles.sumsub',
    navBar: 'none',
  },
  // Disputes (issue 23): a dispute with its timeline, and the disputes of a card.
  {
    path: 'dispute',
    load: () => import('./features/disputes/pages/dispute-page'),
    titleKey: 'disputes.titles.dispute',
  },
  {
    path: 'disputes',
    load: () => import('./features/disputes/pages/dispute-list-page'),
    titleKey: 'disputes.titles.list',
  },
];
