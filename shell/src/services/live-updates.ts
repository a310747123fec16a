import type { LiveEvent, LiveUpdatesService } from '@cardwallet/shared';

/** The part of EventSource the service uses (a fake in unit tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

export interface LiveUpdatesDeps {
  /** POST notifications/streamTicket → the single-use ticket; rejects when it cannot be had. */
  fetchTicket(): Promise<string>;
  streamUrl(ticket: string): string;
  isLoggedIn(): boolean;
  /** Called on every session change (sign-in, sign-out); returns the unsubscribe function. */
  onSessionChange(listener: () => void): () => void;
  openEventSource?: (url: string) => EventSourceLike;
  /** Backoff after the n-th failure in a row (default: 1 s doubling to 30 s, ±20 % jitter). */
  backoffMs?: (failures: number) => number;
  /** After the last listener leaves, the stream stays open this long (page changes re-subscribe). */
  lingerMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Delivered to every listener each time the stream (re)connects. */
export const LIVE_CONNECTED: LiveEvent = { id: '', type: 'live.connected' };

export function defaultBackoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * One server-sent event stream per tab for every listener (docs/api.md "Live updates"): opened
 * while someone listens and a session exists, re-opened with a fresh ticket and backoff after any
 * failure, closed on sign-out and when the server says the session ended.
 */
export function createLiveUpdates(
  deps: LiveUpdatesDeps,
): LiveUpdatesService & { state(): 'idle' | 'connecting' | 'open' | 'waiting' } {
  const listeners = new Set<(event: LiveEvent) => void>();
  const open = deps.openEventSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  const backoff = deps.backoffMs ?? defaultBackoffMs;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const lingerMs = deps.lingerMs ?? 10_000;

  let source: EventSourceLike | null = null;
  let state: 'idle' | 'connecting' | 'open' | 'waiting' = 'idle';
  let failures = 0;
  let retryTimer: unknown = null;
  let lingerTimer: unknown = null;
  // Bumped on every close: an answer to an older connect attempt is ignored.
  let generation = 0;

  const wanted = () => listeners.size > 0 && deps.isLoggedIn();

  function close() {
    generation++;
    source?.close();
    source = null;
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    state = 'idle';
  }

  function retryLater() {
    close();
    if (!wanted()) return;
    failures++;
    state = 'waiting';
    retryTimer = setTimer(() => {
      retryTimer = null;
      void connect();
    }, backoff(failures));
  }

  async function connect() {
    if (state === 'connecting' || state === 'open' || !wanted()) return;
    const mine = ++generation;
    state = 'connecting';
    let ticket: string;
    try {
      ticket = await deps.fetchTicket();
    } catch {
      if (mine === generation) retryLater();
      return;
    }
    if (mine !== generation || !wanted()) return;
    const es = open(deps.streamUrl(ticket));
    source = es;
    es.addEventListener('ready', () => {
      if (mine !== generation) return;
      state = 'open';
      failures = 0;
      // Whatever happened while no stream was open (page load, a dropped connection) is caught up
      // by the listeners refetching now.
      for (const listener of [...listeners]) listener(LIVE_CONNECTED);
    });
    es.addEventListener('domain', (message) => {
      if (mine !== generation) return;
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    });
    es.addEventListener('end', () => {
      // The session was revoked or expired: wait for the next sign-in instead of retrying.
      if (mine === generation) close();
    });
    // EventSource would retry with the same (used) ticket; we retry with a new one instead.
    es.onerror = () => {
      if (mine === generation) retryLater();
    };
  }

  deps.onSessionChange(() => {
    if (deps.isLoggedIn()) {
      failures = 0;
      void connect();
    } else close();
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (lingerTimer !== null) {
        clearTimer(lingerTimer);
        lingerTimer = null;
      }
      void connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || lingerTimer !== null) return;
        lingerTimer = setTimer(() => {
          lingerTimer = null;
          if (listeners.size === 0) close();
        }, lingerMs);
      };
    },
    state: () => state,
  };
}
