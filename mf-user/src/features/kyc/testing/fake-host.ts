import { vi } from 'vitest';
import { ApiError } from '@cardwallet/shared';
import type { HostServices, HttpClient, Locale, RequestOptions, SessionState, LiveEvent } from '@cardwallet/shared';

type ApiErrorKey = NonNullable<ApiError['key']>;
export type FakeHandler = (request: { body: unknown; params: RequestOptions['params']; files?: File[] }) => unknown;
export type FakeRoutes = Record<string, FakeHandler>;

/** An error envelope as the API sends it, turned into what the host client rejects with. */
export function apiError(key: ApiErrorKey, msg: string, options: { code?: number; data?: unknown } = {}): ApiError {
  return new ApiError(msg, 200, options.code ?? 500, key, options.data);
}

/**
 * The HTTP boundary of the KYC pages: "POST kyc/level1" style keys to handlers; uploads are
 * "UPLOAD upload/image". Everything above it (hooks, schemas, forms, pages) is the real code.
 */
export function createFakeHost({ routes = {}, locale = 'en-US' }: { routes?: FakeRoutes; locale?: Locale } = {}) {
  const liveListeners = new Set<(event: LiveEvent) => void>();
  const calls: Array<{ method: string; url: string; body: unknown; files?: File[] }> = [];
  const dispatch = async (
    method: string,
    url: string,
    body: unknown,
    params: RequestOptions['params'],
    files?: File[],
  ) => {
    calls.push({ method, url, body, files });
    // No bucket unless a test says otherwise: photos go through "UPLOAD upload/image".
    const handler = routes[`${method} ${url}`] ?? (url === 'upload/image/direct' ? () => ({ mode: 'api' }) : undefined);
    if (!handler) throw new Error(`fake http: no handler for ${method} ${url}`);
    const answer = await handler({ body, params, files });
    if (answer instanceof ApiError) throw answer;
    return JSON.parse(JSON.stringify(answer ?? null)) as unknown;
  };
  const http: HttpClient = {
    request: <T>(o: RequestOptions) => dispatch(o.method ?? 'GET', o.url, o.data, o.params) as Promise<T>,
    get: <T>(url: string, params?: RequestOptions['params']) => dispatch('GET', url, undefined, params) as Promise<T>,
    post: <T>(url: string, data?: unknown) => dispatch('POST', url, data, undefined) as Promise<T>,
    put: <T>(url: string, data?: unknown) => dispatch('PUT', url, data, undefined) as Promise<T>,
    delete: <T>(url: string, params?: RequestOptions['params']) =>
      dispatch('DELETE', url, undefined, params) as Promise<T>,
    upload: <T>(files: File[], o?: Partial<RequestOptions>) =>
      dispatch('UPLOAD', o?.url ?? 'upload/image', undefined, undefined, files) as Promise<T>,
    download: () => Promise.reject(new Error('fake http: download not used by kyc')),
  };
  const session: SessionState & { isLoggedIn: boolean } = {
    token: 't',
    userId: 'u1',
    platform: 'h5',
    expiresAt: null,
    isLoggedIn: true,
  };
  const host: HostServices = {
    http,
    session: {
      useSession: () => session,
      get: () => session,
      signIn: vi.fn(),
      signOut: vi.fn(async () => undefined),
      clear: vi.fn(),
      requireLogin: vi.fn(),
      takeReturnTo: vi.fn(() => null),
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
    apiBaseUrl: () => '/api/',
    live: { subscribe: (listener) => (liveListeners.add(listener), () => void liveListeners.delete(listener)) },
  };
  /** Delivers a live event to the page as the shell's live stream would. */
  const emitLive = (event: LiveEvent) => liveListeners.forEach((l) => l(event));
  return { host, calls, emitLive };
}

/** GET kyc/status as the API answers it. */
export function statusFixture(
  over: { level?: number; level1?: Partial<Record<string, unknown>>; level2?: Partial<Record<string, unknown>> } = {},
) {
  return {
    level: over.level ?? 0,
    level1: { state: 'not_verified', reason: null, reasonKey: null, submittedAt: null, details: null, ...over.level1 },
    level2: {
      state: 'not_verified',
      rejectType: null,
      moderationComment: null,
      rejectLabels: [],
      canRetry: false,
      updatedAt: null,
      ...over.level2,
    },
  };
}
