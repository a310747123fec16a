import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@cardwallet/shared';
import { createTabBadgeService } from './tab-badge';
import { startTabBadgeSync } from './tab-badge-sync';

function setup({ loggedIn = true, path = '/' } = {}) {
  localStorage.clear();
  const state = { loggedIn, path, count: 3 };
  const sessionListeners = new Set<() => void>();
  const liveListeners = new Set<(e: LiveEvent) => void>();
  const http = { get: vi.fn(async () => ({ count: state.count })) };
  const tabBadge = createTabBadgeService(localStorage);
  const stop = startTabBadgeSync({
    http: http as never,
    session: {
      get: () => ({ isLoggedIn: state.loggedIn }),
      subscribe: (fn) => {
        sessionListeners.add(fn);
        return () => sessionListeners.delete(fn);
      },
    },
    live: {
      subscribe: (fn) => {
        liveListeners.add(fn);
        return () => liveListeners.delete(fn);
      },
    },
    tabBadge,
    currentPath: () => state.path,
  });
  const emit = (type: string) => liveListeners.forEach((fn) => fn({ id: 'x', type }));
  const setSession = (value: boolean) => {
    state.loggedIn = value;
    sessionListeners.forEach((fn) => fn());
  };
  return { state, http, tabBadge, stop, emit, setSession, liveListeners };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Wallet tab badge from the live stream', () => {
  it('reads the count at start-up and again when the stream says it changed', async () => {
    const { state, http, tabBadge, emit } = setup();
    await settle();
    expect(tabBadge.get('wallet')).toBe(3);
    state.count = 1200;
    emit('wallet.unseen_changed');
    await settle();
    expect(tabBadge.get('wallet')).toBe(1200);
    emit('cards.issued'); // not about the wallet badge
    await settle();
    expect(http.get).toHaveBeenCalledTimes(2);
    emit('live.connected'); // after a reconnection whatever was missed is caught up
    await settle();
    expect(http.get).toHaveBeenCalledTimes(3);
  });

  it('leaves the badge to the wallet index page, which shows and clears the events itself', async () => {
    const { http, tabBadge, emit } = setup({ path: '/pages/wallet/index' });
    emit('wallet.unseen_changed');
    await settle();
    expect(http.get).not.toHaveBeenCalled();
    expect(tabBadge.get('wallet')).toBe(0);
  });

  it('signed out: no stream, no call; signing in starts it, signing out clears the badge', async () => {
    const { http, tabBadge, setSession, liveListeners } = setup({ loggedIn: false });
    await settle();
    expect(http.get).not.toHaveBeenCalled();
    expect(liveListeners.size).toBe(0);
    setSession(true);
    await settle();
    expect(tabBadge.get('wallet')).toBe(3);
    expect(liveListeners.size).toBe(1);
    setSession(false);
    expect(liveListeners.size).toBe(0);
    expect(tabBadge.get('wallet')).toBe(0);
  });

  it('events arriving while a read is in flight cause one more read, not one each', async () => {
    const { http, emit } = setup();
    emit('wallet.unseen_changed');
    emit('wallet.unseen_changed');
    emit('wallet.unseen_changed');
    await settle();
    await settle();
    expect(http.get).toHaveBeenCalledTimes(2);
  });
});
