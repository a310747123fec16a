import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { COMMON_NAMESPACE, HostContext, LOCALES, commonResources, isRtl, type Locale } from '@cardwallet/shared';
import { USER_NAMESPACE, userResources } from '../i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createFakeHost, type FakeHostOptions } from './fake-host';

afterEach(cleanup);
// jsdom has no layout: PasscodeInput scrolls itself into view when focused.
Element.prototype.scrollIntoView ??= () => undefined;
// Typing through user-event on a 2-core machine shared with builds can take seconds per test; a
// timeout is not what these tests are about.
vi.setConfig({ testTimeout: 30_000 });

export function createTestI18n(locale: Locale) {
  const i18n = createInstance();
  const resources = Object.fromEntries(
    LOCALES.map((l) => [l, { [COMMON_NAMESPACE]: commonResources[l], [USER_NAMESPACE]: userResources[l] }]),
  );
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en-US',
    ns: [COMMON_NAMESPACE, USER_NAMESPACE],
    defaultNS: USER_NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/**
 * Renders a member page the way the shell does — host services, i18n with the `common` and
 * `user` namespaces, the router at `route`, a query cache — with only HTTP faked.
 */
export function renderWithHost(
  ui: ReactElement,
  { route = '/', timers = 'real', ...hostOptions }: FakeHostOptions & { route?: string; timers?: 'real' | 'fake' } = {},
) {
  const fake = createFakeHost(hostOptions);
  const locale = hostOptions.locale ?? 'en-US';
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  const i18n = createTestI18n(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
