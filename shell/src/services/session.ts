import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { SESSION_LIFETIME_SECONDS, type SessionService, type SessionState } from '@cardwallet/shared';

/** localStorage keys of the spec: the token, the user id and the platform name. */
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
  /** POST user/logout (best effort). */
  revoke: () => Promise<unknown>;
  /** The modal / redirect of spec §8; given the page to come back to. */
  askToLogin: (mode: 'modal' | 'redirect') => void;
  currentPath: () => string;
}

type State = SessionState & { isLoggedIn: boolean };

function read(storage: Storage, now: number): State {
  const platform = storage.getItem(STORAGE_KEYS.platform) || DEFAULT_PLATFORM;
  const token = storage.getItem(STORAGE_KEYS.token);
  const userId = storage.getItem(STORAGE_KEYS.userId);
  const expiresAt = Number(storage.getItem(STORAGE_KEYS.expiresAt));
  if (!token || !userId || !Number.isFinite(expiresAt) || expiresAt <= now) {
    if (token || userId) {
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.userId);
      storage.removeItem(STORAGE_KEYS.expiresAt);
    }
    return { token: null, userId: null, platform, expiresAt: null, isLoggedIn: false };
  }
  return { token, userId, platform, expiresAt, isLoggedIn: true };
}

export function createSessionService(deps: SessionDeps): SessionService & { subscribe: (fn: () => void) => () => void } {
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
      if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) store.setState(read(storage, now()));
    });
  }

  return {
    subscribe: store.subscribe,
    useSession: () => useStore(store),
    get: current,
    signIn({ token, userId }) {
      const expiresAt = now() + SESSION_LIFETIME_SECONDS * 1000;
      storage.setItem(STORAGE_KEYS.token, token);
      storage.setItem(STORAGE_KEYS.userId, userId);
      storage.setItem(STORAGE_KEYS.expiresAt, String(expiresAt));
      store.setState({ token, userId, expiresAt, isLoggedIn: true });
    },
    async signOut() {
      if (current().isLoggedIn) {
        try {
          await deps.revoke();
        } catch {
          // The local session is cleared anyway; the server token expires on its own.
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
