import type { FeatureRoute } from '@cardwallet/shared';

/** Every page of /pages/wallet/ (spec §2 wallet group); titles are keys of the `wallet` namespace. */
export const routes: FeatureRoute[] = [
  {
    path: 'index',
    load: () => import('./features/overview/pages/wallet-index-page'),
    titleKey: 'titles.index',
    skeleton: {
      blocks: [
        {
          kind: 'figure',
          height: 136,
          labelKey: 'index.totalAssets',
          figure: 'wallet.totalUsd',
          subKey: 'index.cardFunding',
          subFigure: 'wallet.cardFunding',
        },
        { kind: 'card', height: 76 },
        { kind: 'lines', count: 1 },
        { kind: 'list', rows: 4, rowHeight: 82 },
      ],
    },
    pullToRefresh: true,
    // Started with the page's files on a deep link (issue 24): useBalances' request, exactly.
    firstRequests: [{ url: 'wallet/balances' }],
  },
  {
    path: 'secured-account',
    load: () => import('./features/overview/pages/secured-account-page'),
    titleKey: 'titles.securedAccount',
    skeleton: {
      blocks: [
        { kind: 'card', height: 136 },
        { kind: 'list', rows: 4, rowHeight: 72 },
      ],
    },
    pullToRefresh: true,
  },
  {
    path: 'select-currency',
    load: () => import('./features/currency/pages/select-currency-page'),
    titleKey: 'titles.selectCurrency',
    skeleton: { blocks: [{ kind: 'list', rows: 6 }] },
  },
  {
    path: 'recharge',
    load: () => import('./features/recharge/pages/recharge-page'),
    titleKey: 'titles.recharge',
    skeleton: {
      blocks: [
        { kind: 'card', height: 60 },
        { kind: 'card', height: 100 },
        { kind: 'card', height: 400 },
      ],
    },
  },
  {
    path: 'withdraw',
    load: () => import('./features/withdraw/pages/withdraw-page'),
    titleKey: 'titles.withdraw',
    skeleton: { blocks: [{ kind: 'card', height: 60 }, { kind: 'form', fields: 3 }, { kind: 'button' }] },
  },
  {
    path: 'select-address',
    load: () => import('./features/addresses/pages/select-address-page'),
    titleKey: 'titles.selectAddress',
    skeleton: { blocks: [{ kind: 'list', rows: 4, rowHeight: 72 }, { kind: 'button' }] },
  },
  {
    path: 'add-address',
    load: () => import('./features/addresses/pages/add-address-page'),
    titleKey: 'titles.addAddress',
    skeleton: { blocks: [{ kind: 'form', fields: 3 }, { kind: 'button' }] },
  },
  {
    path: 'currency_exchange',
    load: () => import('./features/exchange/pages/currency-exchange-page'),
    titleKey: 'titles.exchange',
    skeleton: { blocks: [{ kind: 'card', height: 120 }, { kind: 'card', height: 120 }, { kind: 'button' }] },
    // Its own bar: the records icon button sits on the right (spec §2).
    navBar: 'custom',
  },
  {
    path: 'exchange-record',
    load: () => import('./features/exchange/pages/exchange-record-page'),
    titleKey: 'titles.exchangeRecord',
    skeleton: { blocks: [{ kind: 'list', rows: 6, rowHeight: 72 }] },
    pullToRefresh: true,
  },
  {
    path: 'cash-flow',
    load: () => import('./features/cash-flow/pages/cash-flow-page'),
    titleKey: 'titles.cashFlow',
    skeleton: {
      blocks: [
        { kind: 'tiles', count: 3 },
        { kind: 'list', rows: 6, rowHeight: 72 },
      ],
    },
    pullToRefresh: true,
  },
  {
    path: 'transfer',
    load: () => import('./features/transfer/pages/transfer-page'),
    titleKey: 'titles.transfer',
    skeleton: { blocks: [{ kind: 'card', height: 60 }, { kind: 'form', fields: 2 }, { kind: 'button' }] },
  },
  // Card-funding balance back to the wallet (issue 21; docs/cards.md "Money back to the wallet").
  {
    path: 'card-funding',
    load: () => import('./features/card-funding/pages/card-funding-page'),
    titleKey: 'titles.cardFunding',
    skeleton: { blocks: [{ kind: 'card', height: 96 }, { kind: 'form', fields: 1 }, { kind: 'button' }] },
  },
];
