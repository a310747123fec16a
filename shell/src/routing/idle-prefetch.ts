import type { IdlePrefetchDeps as PrefetchDeps } from './next-apps-prefetch';
import { afterFirstScreen } from '../services/first-screen';

/**
 * Idle-time prefetch of the apps a signed-in customer most likely opens next (issue 24: the first
 * tap on the Card or Wallet tab): see ./next-apps-prefetch.ts. Only the scheduling is in the start
 * chain; the work is its own chunk, loaded after the first screen when idle — and not at all signed
 * out, with Save-Data or on 2G (checked before the chunk is asked for).
 */
export const PREFETCH_MAX_DELAY_MS = 3_000;

export interface IdlePrefetchDeps extends PrefetchDeps {
  schedule?: (task: () => void) => void;
  load?: () => Promise<Pick<typeof import('./next-apps-prefetch'), 'prefetchNextApps'>>;
}

type Connection = { saveData?: boolean; effectiveType?: string };

/** Schedules the prefetch once, after the first screen and when idle. */
export function scheduleIdlePrefetch(deps: IdlePrefetchDeps): void {
  const schedule = deps.schedule ?? ((task: () => void) => afterFirstScreen(task, PREFETCH_MAX_DELAY_MS));
  const load = deps.load ?? (() => import(/* webpackChunkName: "idle-prefetch" */ './next-apps-prefetch'));
  schedule(() => {
    const connection: Connection | undefined = deps.connection?.();
    if (!deps.isLoggedIn() || connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return;
    load().then(
      (module) => module.prefetchNextApps(deps),
      () => undefined, // offline: the tabs load as before when tapped
    );
  });
}
