import type { HttpClient, LiveEvent, LiveUpdatesService, TabBadgeService } from '@cardwallet/shared';

/** The page that shows (and clears) the wallet's new events itself. */
export const WALLET_INDEX_PATH = '/pages/wallet/index';

export interface TabBadgeSyncDeps {
  http: Pick<HttpClient, 'get'>;
  session: { get(): { isLoggedIn: boolean }; subscribe(listener: () => void): () => void };
  live: LiveUpdatesService;
  tabBadge: TabBadgeService;
  currentPath(): string;
}

/**
 * Keeps the Wallet tab badge (spec §2 "a badge from a stored count"; max 999+, spec §9) current for
 * a signed-in customer: the API's count of wallet events not seen yet is read at start-up and again
 * whenever the live stream says it changed (`wallet.unseen_changed`) or (re)connects — so a credited
 * deposit shows on the tab without a reload. On the wallet index the page itself shows the events
 * and clears the count, so the badge is left alone there. Signing out clears it.
 * Returns the stop function.
 */
export function startTabBadgeSync(deps: TabBadgeSyncDeps): () => void {
  let unsubscribeLive: (() => void) | null = null;
  let inFlight = false;
  let again = false;
  const onWalletIndex = () => deps.currentPath().replace(/\/+$/, '') === WALLET_INDEX_PATH;

  async function refresh(): Promise<void> {
    if (!deps.session.get().isLoggedIn || onWalletIndex()) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    try {
      const data = await deps.http.get<{ count?: unknown }>('wallet/unseenEvents', undefined, {
        prompt: false,
        login: 'none',
      });
      // The answer may arrive after the customer opened the wallet (which cleared it) or signed out.
      if (deps.session.get().isLoggedIn && !onWalletIndex()) deps.tabBadge.set('wallet', Number(data?.count) || 0);
    } catch {
      // The badge is a hint: the next event or start-up tries again.
    } finally {
      inFlight = false;
      if (again) {
        again = false;
        void refresh();
      }
    }
  }

  const onLive = (event: LiveEvent) => {
    if (event.type === 'live.connected' || event.type === 'wallet.unseen_changed') void refresh();
  };

  function follow() {
    if (deps.session.get().isLoggedIn) {
      if (unsubscribeLive) return;
      void refresh();
      unsubscribeLive = deps.live.subscribe(onLive);
    } else if (unsubscribeLive) {
      unsubscribeLive();
      unsubscribeLive = null;
      deps.tabBadge.set('wallet', 0);
    }
  }

  const stopSession = deps.session.subscribe(follow);
  follow();
  return () => {
    stopSession();
    unsubscribeLive?.();
    unsubscribeLive = null;
  };
}
