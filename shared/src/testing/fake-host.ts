import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import { ApiError } from '@cardwallet/shared';
import type { HostServices, HttpClient, LiveEvent, Locale, RequestOptions, SessionState } from '@cardwallet/shared';

type ApiErrorKey = NonNullable<ApiError['key']>;

/** What a fake endpoint answers: the `data` of a code-200 envelope, or an error envelope. */
export type FakeAnswer = unknown;
export type FakeHandler = (request: {
  body: unknown;
  params: RequestOptions['params'];
  /** The files of an upload ("UPLOAD upload/image"). */
  files?: File[];
}) => FakeAnswer | Promise<FakeAnswer>;
export type FakeRoutes = Record<string, FakeHandler>;

/** An error envelope as the API sends it, turned into what the host client rejects with. */
export function apiError(key: ApiErrorKey, msg: string, options: { code?: number; data?: unknown } = {}): ApiError {
  return new ApiError(msg, 200, options.code ?? 500, key, options.data);
}

/**
 * The HTTP boundary: routes "POST user/login" style keys to handlers ("UPLOAD upload/image" for an
 * upload, its files in the handler's request). Everything above it (hooks, schemas, forms, pages) is
 * the real code. Unknown endpoints fail the test loudly.
 */
export function createFakeHttp(routes: FakeRoutes) {
  const calls: Array<{
    method: string;
    url: string;
    body: unknown;
    params: RequestOptions['params'];
    options: Partial<RequestOptions>;
    files?: File[];
  }> = [];
  const dispatch = async (
    method: string,
    url: string,
    body: unknown,
    params: RequestOptions['params'],
    options: Partial<RequestOptions> = {},
    files?: File[],
  ) => {
    calls.push({ method, url, body, params, options, ...(files ? { files } : {}) });
    const handler = routes[`${method} ${url}`];
    if (!handler) throw new Error(`fake http: no handler for ${method} ${url}`);
    const answer = await handler({ body, params, ...(files ? { files } : {}) });
    if (answer instanceof ApiError) throw answer;
    // The real client hands back data that went through JSON.
    return JSON.parse(JSON.stringify(answer ?? null)) as unknown;
  };
  const http: HttpClient = {
    request: <T>(o: RequestOptions) => dispatch(o.method ?? 'GET', o.url, o.data, o.params, o) as Promise<T>,
    get: <T>(url: string, params?: RequestOptions['params'], o?: Partial<RequestOptions>) =>
      dispatch('GET', url, undefined, params, o) as Promise<T>,
    post: <T>(url: string, data?: unknown, o?: Partial<RequestOptions>) =>
      dispatch('POST', url, data, undefined, o) as Promise<T>,
    put: <T>(url: string, data?: unknown, o?: Partial<RequestOptions>) =>
      dispatch('PUT', url, data, undefined, o) as Promise<T>,
    delete: <T>(url: string, params?: RequestOptions['params'], o?: Partial<RequestOptions>) =>
      dispatch('DELETE', url, undefined, params, o) as Promise<T>,
    upload: <T>(files: File[], o?: Partial<RequestOptions>) =>
      dispatch('UPLOAD', o?.url ?? 'upload/image', undefined, undefined, o, files) as Promise<T>,
    download: () => Promise.reject(new Error('fake http: download is not faked in this test')),
  };
  return { http, calls };
}

export interface FakeHostOptions {
  routes?: FakeRoutes;
  locale?: Locale;
  returnTo?: string | null;
  loggedIn?: boolean;
}

export function createFakeHost({
  routes = {},
  locale = 'en-US',
  returnTo = null,
  loggedIn = false,
}: FakeHostOptions = {}) {
  const { http, calls } = createFakeHttp(routes);
  let session: SessionState = {
    token: loggedIn ? 'token' : null,
    userId: loggedIn ? 'u1' : null,
    platform: 'h5',
    expiresAt: null,
  };
  let pendingReturnTo = returnTo;
  // Reactive like the shell's store: useSession re-renders its users when the session changes.
  let snapshot = { ...session, isLoggedIn: Boolean(session.token && session.userId) };
  const listeners = new Set<() => void>();
  const setSession = (next: SessionState) => {
    session = next;
    snapshot = { ...session, isLoggedIn: Boolean(session.token && session.userId) };
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const view = () => snapshot;
  const liveListeners = new Set<(event: LiveEvent) => void>();
  const host: HostServices = {
    http,
    session: {
      useSession: () => useSyncExternalStore(subscribe, view),
      get: view,
      signIn: vi.fn(({ token, userId }: { token: string; userId: string }) => {
        setSession({ ...session, token, userId, expiresAt: Date.now() + 1 });
      }),
      signOut: vi.fn(async () => {
        setSession({ ...session, token: null, userId: null });
      }),
      clear: vi.fn(),
      requireLogin: vi.fn(),
      takeReturnTo: vi.fn(() => {
        const value = pendingReturnTo;
        pendingReturnTo = null;
        return value;
      }),
    },
    navigation: { navigate: vi.fn(), redirect: vi.fn(), switchTab: vi.fn(), relaunch: vi.fn(), back: vi.fn() },
    toast: { show: vi.fn(), clear: vi.fn() },
    modal: {
      error: vi.fn(async () => undefined),
      alert: vi.fn(async () => undefined),
      confirm: vi.fn(async () => true),
    },
    loading: { show: vi.fn(), hide: vi.fn() },
    i18n: { useLanguage: () => locale, language: () => locale, setLanguage: vi.fn(async () => undefined) },
    tabBadge: { set: vi.fn(), get: () => 0 },
    live: {
      subscribe: (listener: (event: LiveEvent) => void) => {
        liveListeners.add(listener);
        return () => liveListeners.delete(listener);
      },
    },
    apiBaseUrl: () => '/api/',
  };
  /** Delivers a live event (docs/api.md "Live updates") to every page listening, as the shell's stream would. */
  const emitLive = (event: LiveEvent) => liveListeners.forEach((listener) => listener(event));
  return { host, calls, emitLive };
}
