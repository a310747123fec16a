import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { BADGE_MAX, type TabBadgeService, type TabName } from '@cardwallet/shared';

const STORAGE_KEY = 'tabBadges';
type Counts = Record<TabName, number>;

export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

export function createTabBadgeService(storage: Storage): TabBadgeService & { useCounts: () => Counts } {
  const initial: Counts = { home: 0, card: 0, wallet: 0, user: 0 };
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<Counts>;
    for (const tab of Object.keys(initial) as TabName[]) {
      const value = Number(parsed[tab]);
      if (Number.isFinite(value) && value > 0) initial[tab] = value;
    }
  } catch {
    // A corrupt value only loses the badge.
  }
  const store = createStore<Counts>(() => initial);
  return {
    useCounts: () => useStore(store),
    get: (tab) => store.getState()[tab],
    set(tab, count) {
      const next = { ...store.getState(), [tab]: Math.max(0, Math.floor(Number(count) || 0)) };
      storage.setItem(STORAGE_KEY, JSON.stringify(next));
      store.setState(next);
    },
  };
}
