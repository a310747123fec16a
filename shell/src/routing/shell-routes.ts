import type { FeatureRoute } from '@cardwallet/shared';

/** The pages the shell itself owns: the index group … */
export const SHELL_ROUTES: FeatureRoute[] = [
  {
    path: 'index',
    load: () => import('../pages/home/home-page'),
    titleKey: 'home.title',
    skeleton: {
      header: 'hero',
      titleKey: 'appName',
      subtitleKey: 'home:welcome',
      blocks: [
        { kind: 'notice', key: 'home:tip3ds' },
        // Signed out, the tip and the offers are the page's largest texts. Painted by the HTML in the
        // page's own geometry, nothing React paints is larger: the LCP element is the HTML's.
        {
          kind: 'bullets',
          titleKey: 'home:offersTitle',
          keys: ['home:offerWallet', 'home:offerCards', 'home:offerVerify', 'home:offerInvite'],
          footKey: 'home:signedOutLead',
          actions: 2,
          when: 'signedOut',
        },
        { kind: 'card', height: 200, when: 'signedOut' },
        // Signed in, the customer's own total, drawn by the server for a session it has checked
        // (api/src/web/first-view.ts); the page keeps it until its own answers are in (server-total.ts).
        {
          kind: 'total',
          height: 148,
          titleKey: 'homeSignedIn:totalBalance',
          hintKey: 'homeSignedIn:totalBalanceHint',
          parts: [
            { labelKey: 'homeSignedIn:walletPart', figure: 'wallet.totalUsd' },
            { labelKey: 'homeSignedIn:cardFundingPart', figure: 'wallet.cardFunding' },
            { labelKey: 'homeSignedIn:cardsPart', figure: 'cards.balanceUsd' },
          ],
          when: 'signedIn',
        },
        { kind: 'card', height: 200, when: 'signedIn' },
      ],
    },
    navBar: 'none',
    auth: false,
    pullToRefresh: true,
  },
  {
    path: 'error',
    load: () => import('../pages/error/error-page'),
    titleKey: 'page.errorTitle',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'information',
    load: () => import('../pages/information/information-page'),
    titleKey: 'information.title',
    skeleton: { blocks: [{ kind: 'list', rows: 6, rowHeight: 72 }] },
    navBar: 'default',
    auth: true,
    pullToRefresh: true,
  },
  {
    path: 'country',
    load: () => import('../pages/tools/country-page'),
    titleKey: 'tools.countryTitle',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'webview',
    load: () => import('../pages/tools/webview-page'),
    titleKey: 'tools.webviewTitle',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'test',
    load: () => import('../pages/tools/test-page'),
    titleKey: 'tools.testTitle',
    navBar: 'default',
    auth: false,
  },
  // The release console (issue 25): for platform and feature teams, admin session; en-US only by design.
  {
    path: 'releases',
    load: () => import('../telemetry/console/release-console-page'),
    titleKey: 'tools.releasesTitle',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'user_agreement',
    load: () => import('../pages/about/agreement-page'),
    titleKey: 'about.agreementTitle',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'news',
    load: () => import('../pages/news/news-page'),
    titleKey: 'news.title',
    skeleton: { blocks: [{ kind: 'list', rows: 5, rowHeight: 88 }] },
    navBar: 'default',
    auth: false,
    pullToRefresh: true,
  },
  {
    path: 'news-detail',
    load: () => import('../pages/news/news-detail-page'),
    titleKey: 'news.detailTitle',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'information-detail',
    load: () => import('../pages/information/information-detail-page'),
    titleKey: 'information.detailTitle',
    navBar: 'default',
    auth: true,
  },
];

/** … and the about group. */
export const ABOUT_ROUTES: FeatureRoute[] = [
  {
    path: 'index',
    load: () => import('../pages/about/about-page'),
    titleKey: 'about.title',
    navBar: 'default',
    auth: false,
  },
  {
    path: 'help',
    load: () => import('../pages/about/help-page'),
    titleKey: 'about.helpTitle',
    skeleton: { blocks: [{ kind: 'list', rows: 6 }] },
    navBar: 'default',
    auth: false,
  },
];

export function shellRoute(group: string, page: string): FeatureRoute | undefined {
  const routes = group === 'index' ? SHELL_ROUTES : group === 'about' ? ABOUT_ROUTES : [];
  return routes.find((r) => r.path === page);
}
