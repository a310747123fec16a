import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import shellEnUS from '../i18n/en-US.json';
import homeEnUS from './home/i18n/en-US.json';
import {
  ApiError,
  COMMON_NAMESPACE,
  HostContext,
  commonResources,
  type HostServices,
  type LiveEvent,
} from '@cardwallet/shared';
import { invalidateForLiveEvent } from '@cardwallet/shared/live-query-keys';

/**
 * Renders a shell page as the shell does — host services, i18n (common + shell namespaces), router,
 * query cache — with HTTP answered by `routes` ("GET content/about" → handler) and live events
 * emitted by the test (handled as the shell's live query sync does). Unknown endpoints fail loudly.
 */
export function renderPage(
  ui: ReactElement,
  routes: Record<string, (params: unknown) => unknown>,
  route = '/',
  options: { loggedIn?: boolean } = {},
) {
  const calls: string[] = [];
  const liveListeners = new Set<(e: LiveEvent) => void>();
  const answer = async (key: string, params?: unknown) => {
    calls.push(key);
    const handler = routes[key];
    if (!handler) throw new Error(`no handler for ${key}`);
    const result = handler(params);
    if (result instanceof ApiError) throw result;
    return result;
  };
  const host = {
    http: {
      get: (url: string, params?: unknown) => answer(`GET ${url}`, params),
      post: (url: string, body?: unknown) => answer(`POST ${url}`, body),
    },
    navigation: { navigate: vi.fn() },
    toast: { show: vi.fn() },
    // The page's language, as amount fields read and show figures in it.
    i18n: { useLanguage: () => 'en-US', language: () => 'en-US' },
    session: { useSession: () => ({ isLoggedIn: options.loggedIn ?? true }), requireLogin: vi.fn() },
    live: {
      subscribe: (fn: (e: LiveEvent) => void) => {
        liveListeners.add(fn);
        return () => liveListeners.delete(fn);
      },
    },
  } as unknown as HostServices;
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { [COMMON_NAMESPACE]: commonResources['en-US'], shell: shellEnUS, home: homeEnUS } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // As the shell does (services/live-query-sync.ts): each live event makes the mapped queries stale.
  liveListeners.add((event) => void invalidateForLiveEvent(queryClient, event.type));
  render(
    <HostContext.Provider value={host}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </HostContext.Provider>,
  );
  return { host, calls, emit: (e: LiveEvent) => liveListeners.forEach((fn) => fn(e)) };
}
