import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { COMMON_NAMESPACE, HostContext, LOCALES, commonResources, isRtl, type Locale } from '@cardwallet/shared';
import enUS from '../../../i18n/en-US.json';
import zhHK from '../../../i18n/zh-HK.json';
import arAE from '../../../i18n/ar-AE.json';
import trTR from '../../../i18n/tr-TR.json';
import { createFakeHost, type FakeRoutes } from './fake-host';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });
const userResources = { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arAE, 'tr-TR': trTR } as const;

/** Renders a KYC page as the shell does (host services, `common` + `user` namespaces, router, query cache); only HTTP is faked. */
export function renderWithHost(
  ui: ReactElement,
  { route = '/', routes = {}, locale = 'en-US' }: { route?: string; routes?: FakeRoutes; locale?: Locale } = {},
) {
  const fake = createFakeHost({ routes, locale });
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en-US',
    ns: [COMMON_NAMESPACE, 'user'],
    defaultNS: 'user',
    resources: Object.fromEntries(
      LOCALES.map((l) => [l, { [COMMON_NAMESPACE]: commonResources[l], user: userResources[l] }]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <HostContext.Provider value={fake.host}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </HostContext.Provider>,
  );
  return { ...result, ...fake, user, queryClient };
}
