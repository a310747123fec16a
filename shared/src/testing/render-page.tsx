import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  COMMON_NAMESPACE,
  HostContext,
  LOCALES,
  commonResources,
  isRtl,
  type Locale,
  type TranslationTree,
} from '@cardwallet/shared';
import { createFakeHost, type FakeHostOptions } from './fake-host';
import { invalidateForLiveEvent } from '../live-query-keys';

afterEach(cleanup);
// Typing through user-event on a 2-core machine shared with builds can take seconds per test; a
// timeout is not what these tests are about.
vi.setConfig({ testTimeout: 30_000 });
// jsdom has no layout: antd-mobile's PasscodeInput scrolls itself into view when focused.
Element.prototype.scrollIntoView ??= () => undefined;

export interface PageRendererOptions {
  /** The app's translation namespace and its resources in the four locales. */
  namespace: string;
  resources: Record<Locale, TranslationTree>;
  /** The app's own query client factory (its retry policy); a no-retry client by default. */
  createQueryClient?: () => QueryClient;
}

/**
 * The render helper of a feature app's component tests: a page rendered the way the shell does —
 * host services, i18n with the `common` and the app's namespace, the router at `route`, a query
 * cache — with only HTTP (and live events) faked. Every app's `src/testing/render.tsx` is one call.
 */
export function createPageRenderer({ namespace, resources, createQueryClient }: PageRendererOptions) {
  const newQueryClient =
    createQueryClient ??
    (() => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));

  function createTestI18n(locale: Locale) {
    const i18n = createInstance();
    void i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'en-US',
      ns: [COMMON_NAMESPACE, namespace],
      defaultNS: namespace,
      resources: Object.fromEntries(
        LOCALES.map((l) => [l, { [COMMON_NAMESPACE]: commonResources[l], [namespace]: resources[l] }]),
      ),
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    return i18n;
  }

  function renderWithHost(
    ui: ReactElement,
    {
      route = '/',
      timers = 'real',
      ...hostOptions
    }: FakeHostOptions & { route?: string; timers?: 'real' | 'fake' } = {},
  ) {
    const fake = createFakeHost(hostOptions);
    const locale = hostOptions.locale ?? 'en-US';
    document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
    const i18n = createTestI18n(locale);
    const queryClient = newQueryClient();
    // As the shell does: each live event makes stale the queries the shared mapping names.
    fake.host.live?.subscribe((event) => void invalidateForLiveEvent(queryClient, event.type));
    const user = userEvent.setup(timers === 'fake' ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
    const result = render(
      <HostContext.Provider value={fake.host}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </HostContext.Provider>,
    );
    return { ...result, ...fake, user, i18n, queryClient };
  }

  return { renderWithHost, createTestI18n };
}
