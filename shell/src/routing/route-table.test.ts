import { describe, expect, it } from 'vitest';
import { isTabPath, resolveRoute } from './route-table';

describe('route table (spec §2)', () => {
  it.each([
    ['/', 'shell', 'index'],
    ['/pages/index/index', 'shell', 'index'],
    ['/pages/about/help', 'shell', 'help'],
    ['/pages/card/set-card-pin', 'mf_card', 'set-card-pin'],
    ['/pages/wallet/currency_exchange', 'mf_wallet', 'currency_exchange'],
    ['/pages/user/kyc-lv2-fail', 'mf_user', 'kyc-lv2-fail'],
    ['/pages/share/recharge-cash', 'mf_share', 'recharge-cash'],
    ['/pages/passport/login', 'mf_passport', 'login'],
    ['/pages/system/open-location', 'mf_user', 'open-location'],
    ['/pages/system/choose-location', 'mf_user', 'choose-location'],
  ])('%s belongs to %s', (path, owner, page) => {
    expect(resolveRoute(path)).toMatchObject({ kind: 'page', owner, page, known: true });
  });

  it('sends unknown paths to the error page', () => {
    expect(resolveRoute('/nope')).toEqual({ kind: 'unknown' });
    expect(resolveRoute('/pages/nope/index')).toEqual({ kind: 'unknown' });
    expect(resolveRoute('/pages/index/nope')).toEqual({ kind: 'unknown' });
    expect(resolveRoute('/pages/card/index/extra')).toEqual({ kind: 'unknown' });
  });

  it('lets a remote decide about extra pages under its own prefix', () => {
    expect(resolveRoute('/pages/wallet/withdraw-confirm')).toMatchObject({
      kind: 'page',
      owner: 'mf_wallet',
      known: false,
    });
  });

  it('knows the four tab pages', () => {
    expect(['/', '/pages/card/index', '/pages/wallet/index', '/pages/user/index'].every(isTabPath)).toBe(true);
    expect(isTabPath('/pages/card/apply')).toBe(false);
  });
});
