import { describe, expect, it, vi } from 'vitest';
import { createNavigationService, normalise } from './navigation';

function setup(pathname = '/pages/wallet/index', idx = 3) {
  const router = { navigate: vi.fn(), state: { location: { pathname, search: '', hash: '' } } };
  return {
    router,
    nav: createNavigationService(
      () => router,
      () => idx,
    ),
  };
}

describe('navigation helper', () => {
  it('treats / as the home page', () => {
    expect(normalise('/')).toBe('/pages/index/index');
    expect(normalise('/pages/card/index/')).toBe('/pages/card/index');
  });

  it('skips navigating to the page already shown', () => {
    const { router, nav } = setup();
    nav.navigate('/pages/wallet/index');
    nav.redirect('/pages/wallet/index');
    nav.switchTab('/pages/wallet/index');
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('navigate pushes, redirect replaces, relaunch replaces', () => {
    const { router, nav } = setup();
    nav.navigate('/pages/wallet/recharge');
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/wallet/recharge', { replace: false });
    nav.redirect('/pages/wallet/withdraw');
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/wallet/withdraw', { replace: true });
    nav.relaunch('/pages/index/index');
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/index/index', { replace: true });
  });

  it('switchTab only accepts the four tab pages', () => {
    const { router, nav } = setup();
    nav.switchTab('/pages/card/index');
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/card/index', { replace: false });
    expect(() => nav.switchTab('/pages/card/apply')).toThrow();
  });

  it('back goes back in history, or home when there is none', () => {
    const { router, nav } = setup('/pages/wallet/index', 2);
    nav.back();
    expect(router.navigate).toHaveBeenLastCalledWith(-1);
    const cold = setup('/pages/wallet/recharge', 0);
    cold.nav.back();
    expect(cold.router.navigate).toHaveBeenLastCalledWith('/pages/index/index', { replace: true });
  });
});
