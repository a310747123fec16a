import type { LiveEvent, LiveUpdatesService } from '@cardwallet/shared';
import { invalidateForLiveEvent, type InvalidatingCache } from '@cardwallet/shared/live-query-keys';

export interface LiveQuerySyncDeps {
  live: LiveUpdatesService;
  session: { get(): { isLoggedIn: boolean }; subscribe(listener: () => void): () => void };
  /** The shell's one query cache (services/query-client.tsx, its own chunk). */
  cache(): Promise<InvalidatingCache>;
}

/**
 * Every figure on every open page follows the customer's money (issue 40): while signed in, the
 * shell listens to the live stream itself — so the stream stays open whatever the page — and each
 * domain event makes stale the queries the shared mapping names (@cardwallet/shared/live-query-keys;
 * `live.connected` → all of them, to catch up after a gap). Queries on screen refetch at once, the
 * others when next shown, in whichever app they belong to: the apps' pages read through the shell's
 * cache. Another tab of the browser has its own stream and does the same. Returns the stop function.
 */
export function startLiveQuerySync(deps: LiveQuerySyncDeps): () => void {
  let unsubscribe: (() => void) | null = null;
  const onEvent = (event: LiveEvent) => {
    deps.cache().then(
      (cache) => invalidateForLiveEvent(cache, event.type),
      () => undefined, // the cache's chunk failed to load: the pages still refetch on their own
    );
  };
  function follow() {
    if (deps.session.get().isLoggedIn) unsubscribe ??= deps.live.subscribe(onEvent);
    else if (unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  }
  const stopSession = deps.session.subscribe(follow);
  follow();
  return () => {
    stopSession();
    unsubscribe?.();
    unsubscribe = null;
  };
}
