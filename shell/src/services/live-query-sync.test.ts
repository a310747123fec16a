import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { LiveEvent } from '@cardwallet/shared';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';
import { startLiveQuerySync } from './live-query-sync';

function setup(loggedIn = true) {
  const state = { loggedIn };
  const sessionListeners = new Set<() => void>();
  const liveListeners = new Set<(e: LiveEvent) => void>();
  const cache = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const seed = (key: readonly unknown[]) => cache.setQueryData(key, 'figure');
  const stale = (key: readonly unknown[]) => cache.getQueryState(key)?.isInvalidated ?? false;
  const stop = startLiveQuerySync({
    live: {
      subscribe: (fn) => {
        liveListeners.add(fn);
        return () => liveListeners.delete(fn);
      },
    },
    session: {
      get: () => ({ isLoggedIn: state.loggedIn }),
      subscribe: (fn) => {
        sessionListeners.add(fn);
        return () => sessionListeners.delete(fn);
      },
    },
    cache: async () => cache,
  });
  const emit = (type: string) => liveListeners.forEach((fn) => fn({ id: '1', type }));
  const setSession = (value: boolean) => {
    state.loggedIn = value;
    sessionListeners.forEach((fn) => fn());
  };
  return { cache, seed, stale, stop, emit, setSession, liveListeners };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the shell keeps the query cache current from the live stream', () => {
  it("a transfer to card funding makes the wallet's, home's and the card Apply page's figures stale, in every app", async () => {
    const { seed, stale, emit } = setup();
    const eligibility = QUERY_KEYS.cardEligibility;
    const balances = QUERY_KEYS.walletBalances;
    const home = QUERY_KEYS.homeBalances;
    const cashFlow = [...QUERY_KEYS.walletCashFlow, { type: 'all' }];
    const cardOrders = [...QUERY_KEYS.cardOrders, 'all'];
    const addresses = ['wallet', 'addresses', 'all'];
    for (const key of [eligibility, balances, home, cashFlow, cardOrders, addresses]) seed(key);
    emit('wallet.transfer_completed');
    await settle();
    expect([eligibility, balances, home, cashFlow].map(stale)).toEqual([true, true, true, true]);
    // A card's statement and the address book did not change.
    expect([cardOrders, addresses].map(stale)).toEqual([false, false]);
  });

  it("a closed card makes the wallet's total and the card lists stale; a reconnection every figure", async () => {
    const { seed, stale, emit } = setup();
    const detail = [...QUERY_KEYS.cardDetail, 'card-1'];
    seed(QUERY_KEYS.walletBalances);
    seed(QUERY_KEYS.cardList);
    seed(detail);
    seed([...QUERY_KEYS.referral, 'summary']);
    emit('cards.closed');
    await settle();
    expect([QUERY_KEYS.walletBalances, QUERY_KEYS.cardList, detail].map(stale)).toEqual([true, true, true]);
    const { seed: seed2, stale: stale2, emit: emit2 } = setup();
    const keys = [QUERY_KEYS.walletBalances, [...QUERY_KEYS.referral, 'summary'], QUERY_KEYS.kycStatus];
    keys.forEach(seed2);
    emit2('notifications.message_created');
    await settle();
    expect(keys.map(stale2)).toEqual([false, false, false]);
    emit2('live.connected');
    await settle();
    expect(keys.map(stale2)).toEqual([true, true, true]);
  });

  it('listens (so the stream stays open) exactly while signed in, whatever the page', async () => {
    const { liveListeners, setSession, stop, seed, stale, emit } = setup(false);
    expect(liveListeners.size).toBe(0);
    setSession(true);
    expect(liveListeners.size).toBe(1);
    setSession(true); // another session change while signed in: still one listener
    expect(liveListeners.size).toBe(1);
    seed(QUERY_KEYS.walletBalances);
    emit('wallet.deposit_credited');
    await settle();
    expect(stale(QUERY_KEYS.walletBalances)).toBe(true);
    setSession(false);
    expect(liveListeners.size).toBe(0);
    setSession(true);
    stop();
    expect(liveListeners.size).toBe(0);
  });

  it('an active query on screen is refetched at once', async () => {
    const { cache, emit } = setup();
    const fetcher = vi.fn(async () => 'figure');
    // An observer makes the query active, as a mounted page does.
    const watching = new QueryObserver(cache, { queryKey: QUERY_KEYS.walletBalances, queryFn: fetcher });
    const stopWatching = watching.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    emit('cards.closed');
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    stopWatching();
  });
});
