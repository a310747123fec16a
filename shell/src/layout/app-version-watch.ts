import type { AppVersion } from '@cardwallet/shared/schemas';
import { afterFirstScreen } from '../services/first-screen';

/** The first check waits for the first screen and an idle moment, this long after it at most. */
export const UPGRADE_CHECK_MAX_DELAY_MS = 2_000;
/** A tab that comes back into view asks again once its last answer is older than this. */
export const UPGRADE_CHECK_STALE_MS = 30 * 60 * 1000;

/** The document, as far as the watch needs it. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface AppVersionWatchOptions {
  /** GET app/version for this build (failures are quiet: the popup is only an offer). */
  fetchVersion: () => Promise<AppVersion>;
  onVersion: (version: AppVersion) => void;
  now?: () => number;
  /** Runs the first check (tests run it at once). */
  schedule?: (check: () => void) => () => void;
  doc?: VisibilitySource;
}

/**
 * Whether a newer front end is deployed (spec §2, the upgrade popup): asked once the first screen
 * is up, and again whenever the tab comes back into view with an answer over 30 minutes old — an
 * installed app can stay open for days. A plain request: the check brings no query layer onto pages
 * that have none (issue 24). Returns the function that stops watching.
 */
export function watchAppVersion(o: AppVersionWatchOptions): () => void {
  const now = o.now ?? Date.now;
  const doc = o.doc ?? document;
  let stopped = false;
  let askedAt = -Infinity;
  let inFlight = false;
  const check = () => {
    if (stopped || inFlight) return;
    inFlight = true;
    askedAt = now();
    o.fetchVersion().then(
      (version) => {
        inFlight = false;
        if (!stopped) o.onVersion(version);
      },
      () => {
        inFlight = false;
      },
    );
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible' && now() - askedAt >= UPGRADE_CHECK_STALE_MS) check();
  };
  const cancelFirst = (o.schedule ?? ((run) => afterFirstScreen(run, UPGRADE_CHECK_MAX_DELAY_MS)))(check);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    cancelFirst();
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
