import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { COMMON_NAMESPACE, HostContext, LOCALES, commonResources, isRtl, type Locale } from '@cardwallet/shared';
import { WALLET_NAMESPACE, walletResources } from '../i18n';
import { createQueryClient } from '../lib/query-client';
import { createFakeHost, type FakeHostOptions } from './fake-host';

afterEach(cleanup);
// Typing through user-event on a 2-core machine shared with builds can take seconds per test; a
// timeout is not what these tests are about.
vi.setConfig({ testTimeout: 30_000 });

export function createTestI18n(locale: Locale) {
  const i18n = createInstance();
  const resources = Object.fromEntries(
    LOCALES.map((l) => [l, { [COMMON_NAMESPACE]: commonResources[l], [WALLET_NAMESPACE]: walletResources[l] }]),
  );
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en-US',
    ns: [COMMON_NAMESPACE, WALLET_NAMESPACE],
    defaultNS: WALLET_NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n;
}

/**
 * Renders a wallet page the way the shell does — host services, i18n with the `common` and
 * `wallet` namespaces, the router at `route`, a query cache — with only HTTP faked.
 */
export function renderWithHost(
  ui: ReactElement,
  { route = '/', timers = 'real', ...hostOptions }: FakeHostOptions & { route?: string; timers?: 'real' | 'fake' } = {},
) {
  const fake = createFakeHost(hostOptions);
  const locale = hostOptions.locale ?? 'en-US';
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  const i18n = createTestI18n(locale);
  const queryClient = createQueryClient();
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
