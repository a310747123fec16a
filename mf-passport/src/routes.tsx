import type { FeatureRoute } from '@cardwallet/shared';

/**
 * Every page of the passport group is reachable without a session (they are how one is made).
 * Titles are keys of the `passport` namespace; pages load lazily, each in its own chunk.
 */
export const routes: FeatureRoute[] = [
  {
    path: 'login',
    load: () => import('./features/login/pages/login-page'),
    titleKey: 'titles.login',
    skeleton: {
      titleKey: 'login.heading',
      subtitleKey: 'login.subheading',
      blocks: [{ kind: 'form', fields: 2 }, { kind: 'button' }, { kind: 'button' }],
    },
    navBar: 'none',
    auth: false,
  },
  {
    path: 'register',
    load: () => import('./features/register/pages/register-page'),
    titleKey: 'titles.register',
    skeleton: {
      titleKey: 'register.heading',
      subtitleKey: 'register.subheading',
      blocks: [{ kind: 'form', fields: 4 }, { kind: 'button' }],
    },
    navBar: 'none',
    auth: false,
  },
  {
    path: 'register-success',
    load: () => import('./features/register/pages/register-success-page'),
    titleKey: 'titles.registerSuccess',
    auth: false,
  },
  {
    path: 'reset-password',
    load: () => import('./features/reset-password/pages/reset-password-page'),
    titleKey: 'titles.resetPassword',
    skeleton: { blocks: [{ kind: 'form', fields: 3 }, { kind: 'button' }] },
    auth: false,
  },
  {
    path: 'welfare',
    load: () => import('./features/welfare/pages/welfare-page'),
    titleKey: 'titles.welfare',
    navBar: 'custom',
    auth: false,
  },
  {
    path: 'invitation',
    load: () => import('./features/invitation/pages/invitation-page'),
    titleKey: 'titles.invitation',
    auth: false,
    pullToRefresh: true,
  },
  {
    path: 'wechat',
    load: () => import('./features/wechat/pages/wechat-page'),
    titleKey: 'titles.wechat',
    auth: false,
  },
];
