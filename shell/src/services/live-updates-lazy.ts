import type { LiveEvent, LiveUpdatesService } from '@cardwallet/shared';

/**
 * The host's `live` service without its cost on pages that never listen (the home page): the
 * stream client is its own chunk, loaded on the first subscribe.
 */
export function lazyLiveUpdates(load: () => Promise<LiveUpdatesService>): LiveUpdatesService {
  let impl: Promise<LiveUpdatesService> | null = null;
  return {
    subscribe(listener: (event: LiveEvent) => void) {
      impl ??= load();
      let unsubscribe: (() => void) | null = null;
      let cancelled = false;
      impl.then(
        (service) => {
          if (!cancelled) unsubscribe = service.subscribe(listener);
        },
        () => {
          // The chunk failed to load: live updates are an enhancement, pages still refetch on their own.
          impl = null;
        },
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
  };
}
