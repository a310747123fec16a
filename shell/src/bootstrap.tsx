import '@cardwallet/shared/theme.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import arSA from 'antd-mobile/es/locales/ar-SA';
import trTR from 'antd-mobile/es/locales/tr-TR';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { HostContext, PAGE_TIMEOUT_MS, useHost, type HostServices, type Locale } from '@cardwallet/shared';
import { reactRootRender } from '@cardwallet/shared/ui';
import { Layout } from './layout/layout';
import { PageResolver } from './routing/page-resolver';
import { FeatureRegistry } from './routing/feature-registry';
import { ShellContext } from './shell-context';
import { createHttpClient } from './services/http-client';
import { createSessionService, LOGIN_PATH, STORAGE_KEYS } from './services/session';
import { createNavigationService } from './services/navigation';
import { createI18n } from './services/i18n';
import { createTabBadgeService } from './services/tab-badge';
import { lazyLiveUpdates } from './services/live-updates-lazy';
import { askRetryAfterTimeout, createLoadingService, createLoginPrompt, createModalService, createToastService } from './services/ui';
import { resolveApiBaseUrl } from './services/api-base-url';
import { federationErrorPlugin } from './routing/federation-error-plugin';

const ANTD_LOCALES: Record<Locale, typeof enUS> = { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arSA, 'tr-TR': trTR };

async function start() {
  // antd-mobile's React 19 shim: without it imperative Toast/Dialog never appear.
  unstableSetRender(reactRootRender);
  const storage = window.localStorage;
  const { instance: i18n, service: i18nService } = await createI18n(storage, (locale) => setDefaultConfig({ locale: ANTD_LOCALES[locale] }));
  const t = (key: string) => i18n.t(key, { ns: 'shell' });

  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const getRouter = () => {
    if (!router) throw new Error('router not ready');
    return router;
  };
  const navigation = createNavigationService(getRouter, () => (window.history.state as { idx?: number } | null)?.idx ?? 0);
  const toast = createToastService();
  const loading = createLoadingService();
  const askToLogin = createLoginPrompt(t, () => navigation.navigate(LOGIN_PATH), () => navigation.back());
  const apiBaseUrl = () => resolveApiBaseUrl(storage);

  // The session needs the HTTP client (logout) and the client needs the session (token): late-bound.
  const session = createSessionService({
    storage,
    revoke: () => http.post('user/logout', {}, { prompt: false, login: 'none' }),
    askToLogin,
    currentPath: () => {
      const { pathname, search } = getRouter().state.location;
      return `${pathname}${search}`;
    },
  });
  const http = createHttpClient({
    baseUrl: apiBaseUrl,
    token: () => session.get().token,
    platform: () => session.get().platform,
    locale: () => i18nService.language(),
    t,
    toast: (message, durationMs) => toast.show(message, { durationMs }),
    loading,
    onUnauthenticated: (mode) => {
      session.clear();
      if (mode !== 'none') session.requireLogin({ mode });
    },
    askRetryAfterTimeout,
  });
  const tabBadge = createTabBadgeService(storage);
  const live = lazyLiveUpdates(async () => {
    const { createLiveUpdates } = await import(/* webpackChunkName: "live-updates" */ './services/live-updates');
    return createLiveUpdates({
      fetchTicket: async () => (await http.post<{ ticket: string }>('notifications/streamTicket', {}, { prompt: false, login: 'none' })).ticket,
      streamUrl: (ticket) => `${apiBaseUrl()}notifications/stream?ticket=${encodeURIComponent(ticket)}`,
      isLoggedIn: () => session.get().isLoggedIn,
      onSessionChange: session.subscribe,
    });
  });
  const host: HostServices = {
    http,
    session,
    navigation,
    toast,
    modal: createModalService(t),
    loading,
    i18n: i18nService,
    tabBadge,
    live,
    apiBaseUrl,
  };

  // Wallet tab badge (spec §2 "a badge from a stored count"): the API's count of wallet events not
  // seen yet (deposits credited, withdrawals decided), read once at start-up for a signed-in
  // customer. /pages/wallet/index clears it, so it is not read when that is the page opened.
  if (session.get().isLoggedIn && !window.location.pathname.startsWith('/pages/wallet/index')) {
    http
      .get<{ count?: unknown }>('wallet/unseenEvents', undefined, { prompt: false, login: 'none' })
      .then((data) => tabBadge.set('wallet', Number(data?.count) || 0))
      .catch(() => undefined);
  }

  registerPlugins([federationErrorPlugin()]);
  const registry = new FeatureRegistry({
    runtime: { registerRemotes, loadRemote },
    fetchRegistry: async () => {
      const response = await fetch('/remotes.json', { cache: 'no-store' });
      if (!response.ok) throw new Error(`/remotes.json: HTTP ${response.status}`);
      return response.json();
    },
    onLoaded: (app) => {
      for (const [locale, resources] of Object.entries(app.i18n.resources)) {
        i18n.addResourceBundle(locale, app.i18n.namespace, resources, true, true);
      }
    },
    pageTimeoutMs: PAGE_TIMEOUT_MS,
  });
  // Remotes must be registered before the router exists, else the first page renders too early.
  await registry.refresh();
  router = createBrowserRouter([{ path: '/', element: <Layout badges={tabBadge} />, children: [{ path: '*', element: <PageResolver /> }, { index: true, element: <PageResolver /> }] }]);

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <HostContext.Provider value={host}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <ShellAntdConfig>
              <ShellContext.Provider value={{ registry }}>
                <RouterProvider router={router} />
              </ShellContext.Provider>
            </ShellAntdConfig>
          </QueryClientProvider>
        </I18nextProvider>
      </HostContext.Provider>
    </StrictMode>,
  );
  // Exposed for the e2e suite and for debugging; holds no secrets beyond what localStorage has.
  (window as unknown as { __cardwallet?: unknown }).__cardwallet = { host, registry, storageKeys: STORAGE_KEYS };
}

/** The shell's own antd-mobile copy follows the language (each remote wires its own copy). */
function ShellAntdConfig({ children }: { children: ReactNode }) {
  const language = useHost().i18n.useLanguage();
  return <ConfigProvider locale={ANTD_LOCALES[language]}>{children}</ConfigProvider>;
}

void start();
