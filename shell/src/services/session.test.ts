import { describe, expect, it, vi } from 'vitest';
import { SESSION_LIFETIME_SECONDS } from '@cardwallet/shared';
import { createSessionService, STORAGE_KEYS } from './session';

function setup(now = { t: 1_000_000 }) {
  localStorage.clear();
  const deps = {
    storage: localStorage,
    now: () => now.t,
    revoke: vi.fn(async () => undefined),
    askToLogin: vi.fn(),
    currentPath: () => '/pages/wallet/recharge',
  };
  return { session: createSessionService(deps), deps, now };
}

describe('session', () => {
  it('keeps only userId / expiry / platform (never the token) and expires after 30 days', () => {
    const { session, now } = setup();
    expect(localStorage.getItem(STORAGE_KEYS.platform)).toBe('h5');
    session.signIn({ token: 'tok', userId: 'u1' });
    // The token is the API's HttpOnly cookie: nothing a script could read is stored or held.
    expect(localStorage.getItem('AccessToken')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok');
    expect(localStorage.getItem('userId')).toBe('u1');
    expect(session.get()).toMatchObject({
      isLoggedIn: true,
      token: null,
      userId: 'u1',
      expiresAt: 1_000_000 + SESSION_LIFETIME_SECONDS * 1000,
    });
    now.t += SESSION_LIFETIME_SECONDS * 1000 - 1;
    expect(session.get().isLoggedIn).toBe(true);
    now.t += 1;
    expect(session.get().isLoggedIn).toBe(false);
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('a token stored by an older build is removed at start-up and that session ends', () => {
    localStorage.clear();
    localStorage.setItem('AccessToken', 'old-token');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('sessionExpiresAt', String(2_000_000));
    const session = createSessionService({
      storage: localStorage,
      now: () => 1_000_000,
      revoke: vi.fn(),
      askToLogin: vi.fn(),
      currentPath: () => '/',
    });
    expect(session.get().isLoggedIn).toBe(false);
    expect(localStorage.getItem('AccessToken')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('restores a stored session and drops an expired one at start-up', () => {
    const { session } = setup();
    session.signIn({ token: 'tok', userId: 'u1' });
    const again = createSessionService({
      storage: localStorage,
      now: () => 1_000_001,
      revoke: vi.fn(),
      askToLogin: vi.fn(),
      currentPath: () => '/',
    });
    expect(again.get().userId).toBe('u1');
    const later = createSessionService({
      storage: localStorage,
      now: () => 1_000_000 + SESSION_LIFETIME_SECONDS * 1000,
      revoke: vi.fn(),
      askToLogin: vi.fn(),
      currentPath: () => '/',
    });
    expect(later.get().isLoggedIn).toBe(false);
  });

  it('signOut revokes on the server then clears, even if the server call fails', async () => {
    const { session, deps } = setup();
    session.signIn({ token: 'tok', userId: 'u1' });
    deps.revoke.mockRejectedValueOnce(new Error('offline'));
    await session.signOut();
    expect(deps.revoke).toHaveBeenCalledTimes(1);
    expect(session.get().isLoggedIn).toBe(false);
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('requireLogin remembers the page; takeReturnTo gives it back once', () => {
    const { session, deps } = setup();
    session.requireLogin();
    expect(deps.askToLogin).toHaveBeenCalledWith('modal');
    expect(session.takeReturnTo()).toBe('/pages/wallet/recharge');
    expect(session.takeReturnTo()).toBeNull();
    session.requireLogin({ returnTo: '/pages/card/apply', mode: 'redirect' });
    expect(deps.askToLogin).toHaveBeenLastCalledWith('redirect');
    expect(session.takeReturnTo()).toBe('/pages/card/apply');
  });

  it('never returns to a login page or to another site', () => {
    const { session } = setup();
    session.requireLogin({ returnTo: '/pages/passport/login' });
    expect(session.takeReturnTo()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.returnTo, '//evil.example/x');
    expect(session.takeReturnTo()).toBeNull();
  });
});
