import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { SESSION_LIFETIME_SECONDS, type SessionService, type SessionState } from '@cardwallet/shared';

/**
 * localStorage keys: only NON-secret session facts (user id, expiry, platform). The session token
 * itself lives in an HttpOnly cookie the API sets at sign-in (issue 22, docs/security.md), so no
 * script on the page can read it. `token` is the key older builds stored it under: removed on start.
 */
export const STORAGE_KEYS = {
  token: 'AccessToken',
  userId: 'userId',
  platform: 'platform',
  expiresAt: 'sessionExpiresAt',
  apiUrl: 'apiUrl',
  returnTo: 'loginReturnTo',
} as const;
export const DEFAULT_PLATFORM = 'h5';
export const LOGIN_PATH = '/pages/passport/login';

export interface SessionDeps {
  storage: Storage;
  now?: () => number;
  /** POST user/logout (best effort): revokes the session and clears the cookie. */
  revoke: () => Promise<unknown>;
  /** The modal / redirect of spec §8; given the page to come back to. */
  askToLogin: (mode: 'modal' | 'redirect') => void;
  currentPath: () => string;
}

type State = SessionState & { isLoggedIn: boolean };

function read(storage: Storage, now: number): State {
  const platform = storage.getItem(STORAGE_KEYS.platform) || DEFAULT_PLATFORM;
  // A token stored by an older build: that session has no cookie, so it ends here (sign in again).
  const legacy = storage.getItem(STORAGE_KEYS.token) !== null;
  const userId = storage.getItem(STORAGE_KEYS.userId);
  const expiresAt = Number(storage.getItem(STORAGE_KEYS.expiresAt));
  if (legacy || !userId || !Number.isFinite(expiresAt) || expiresAt <= now) {
    if (legacy || userId) {
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.userId);
      storage.removeItem(STORAGE_KEYS.expiresAt);
    }
    return { token: null, userId: null, platform, expiresAt: null, isLoggedIn: false };
  }
  // The token is never in the page: the browser sends the HttpOnly cookie by itself.
  return { token: null, userId, platform, expiresAt, isLoggedIn: true };
}

export function createSessionService(
  deps: SessionDeps,
): SessionService & { subscribe: (fn: () => void) => () => void } {
  const now = deps.now ?? (() => Date.now());
  const { storage } = deps;
  if (!storage.getItem(STORAGE_KEYS.platform)) storage.setItem(STORAGE_KEYS.platform, DEFAULT_PLATFORM);
  const store = createStore<State>(() => read(storage, now()));

  /** Token and userId are void after 30 days even while the tab stays open. */
  function current(): State {
    const state = store.getState();
    if (state.isLoggedIn && state.expiresAt !== null && state.expiresAt <= now()) clear();
    return store.getState();
  }

  function clear() {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.userId);
    storage.removeItem(STORAGE_KEYS.expiresAt);
    store.setState({ token: null, userId: null, expiresAt: null, isLoggedIn: false });
  }

  // Another tab logging in or out.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never))
        store.setState(read(storage, now()));
    });
  }

  return {
    subscribe: store.subscribe,
    useSession: () => useStore(store),
    get: current,
    signIn({ userId }) {
      // The API set the session cookie with this answer (its token field is empty for the app).
      const expiresAt = now() + SESSION_LIFETIME_SECONDS * 1000;
      storage.setItem(STORAGE_KEYS.userId, userId);
      storage.setItem(STORAGE_KEYS.expiresAt, String(expiresAt));
      store.setState({ token: null, userId, expiresAt, isLoggedIn: true });
    },
    async signOut() {
      if (current().isLoggedIn) {
        try {
          await deps.revoke();
        } catch {
          // The local session is cleared anyway; the server session expires on its own.
        }
      }
      clear();
    },
    clear,
    requireLogin(options = {}) {
      const returnTo = options.returnTo ?? deps.currentPath();
      if (!returnTo.startsWith('/pages/passport/')) storage.setItem(STORAGE_KEYS.returnTo, returnTo);
      deps.askToLogin(options.mode ?? 'modal');
    },
    takeReturnTo() {
      const value = storage.getItem(STORAGE_KEYS.returnTo);
      storage.removeItem(STORAGE_KEYS.returnTo);
      // Only same-app paths: never an open redirect.
      return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
    },
  };
}
