import { describe, expect, it } from 'vitest';
import { describeFeatureAppContract } from '@cardwallet/shared/testing';
import { CONTRACT_VERSION } from '@cardwallet/shared';
import app from './app';

// The checks every feature app runs: name, prefix, namespace, contract major, lazy pages, and
// complete real translations in all four locales (an e-mail example may read the same everywhere).
describeFeatureAppContract(app, {
  name: 'mf_passport',
  namespace: 'passport',
  routePrefix: '/pages/passport/',
  sameInEveryLanguage: ['placeholders.email'],
});

describe('mf-passport routes', () => {
  it('is built against this contract version and wraps its pages in its own providers', () => {
    expect(app.contractVersion).toBe(CONTRACT_VERSION);
    expect(app.Provider).toBeTypeOf('function');
  });

  it('has the six passport pages and the WeChat callback (issue 27), all reachable without a session, framed as the spec says', () => {
    const byPath = Object.fromEntries(app.routes.map((r) => [r.path, r]));
    expect(Object.keys(byPath).sort()).toEqual(
      ['invitation', 'login', 'register', 'register-success', 'reset-password', 'welfare', 'wechat'].sort(),
    );
    for (const route of app.routes) expect(route.auth, route.path).toBe(false);
    expect(byPath.login?.navBar).toBe('none');
    expect(byPath.register?.navBar).toBe('none');
    expect(byPath.welfare?.navBar).toBe('custom');
    expect(byPath.invitation?.pullToRefresh).toBe(true);
  });
});
