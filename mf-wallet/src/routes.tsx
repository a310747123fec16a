import type { FeatureRoute } from '@cardwallet/shared';

/** Every page of /pages/wallet/ (spec §2 wallet group); titles are keys of the `wallet` namespace. */
export const routes: FeatureRoute[] = [
  {
    path: 'index',
    load: () => import('./features/overview/pages/wallet-index-page'),
    titleKey: 'titles.index',
    pullToRefresh: true,
  },
  {
    path: 'secured-account',
    load: () => import('./features/overview/pages/secured-account-page'),
    titleKey: 'titles.securedAccount',
    pullToRefresh: true,
  },
  {
    path: 'select-currency',
    load: () => import('./features/currency/pages/select-currency-page'),
    titleKey: 'titles.selectCurrency',
  },
  { path: 'recharge', load: () => import('./features/recharge/pages/recharge-page'), titleKey: 'titles.recharge' },
  { path: 'withdraw', load: () => import('./features/withdraw/pages/withdraw-page'), titleKey: 'titles.withdraw' },
  {
    path: 'select-address',
    load: () => import('./features/addresses/pages/select-address-page'),
    titleKey: 'titles.selectAddress',
  },
  {
    path: 'add-address',
    load: () => import('./features/addresses/pages/add-address-page'),
    titleKey: 'titles.addAddress',
  },
  {
    path: 'currency_exchange',
    load: () => import('./features/exchange/pages/currency-exchange-page'),
    titleKey: 'titles.exchange',
    // Its own bar: the records icon button sits on the right (spec §2).
    navBar: 'custom',
  },
  {
    path: 'exchange-record',
    load: () => import('./features/exchange/pages/exchange-record-page'),
    titleKey: 'titles.exchangeRecord',
    pullToRefresh: true,
  },
  {
    path: 'cash-flow',
    load: () => import('./features/cash-flow/pages/cash-flow-page'),
    titleKey: 'titles.cashFlow',
    pullToRefresh: true,
  },
  { path: 'transfer', load: () => import('./features/transfer/pages/transfer-page'), titleKey: 'titles.transfer' },
  // Card-funding balance back to the wallet (issue 21; docs/cards.md "Money back to the wallet").
  {
    path: 'card-funding',
    load: () => import('./features/card-funding/pages/card-funding-page'),
    titleKey: 'titles.cardFunding',
  },
];
