import '@cardwallet/shared/theme.css';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { I18nextProvider } from 'react-i18next';
// Deep imports (the build's transformImport rewrites component imports the same way): the 'antd-mobile'
// barrel is a side-effect module that would tie every component used anywhere to every chunk.
import 'antd-mobile/es/global';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import type { i18n as I18nInstance } from 'i18next';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  HostContext,
  PAGE_TIMEOUT_MS,
  useHost,
  type FeatureApp,
  type HostServices,
  type I18nService,
} from '@cardwallet/shared';
import { reactRootRender } from '@cardwallet/shared/ui';
import { Layout } from './layout/layout';
import { PageResolver } from './routing/page-resolver';
import { createRouterHandle } from './routing/router-handle';
import { FeatureRegistry } from './routing/feature-registry';
import { ShellContext } from './shell-context';
import { createHttpClient } from './services/http-client';
import { startEarlyRequests } from './services/early-requests';
import { createSessionService, LOGIN_PATH, STORAGE_KEYS } from './services/session';
import { createNavigationService } from './services/navigation';
import { createI18n } from './services/i18n';
import { createLocaleTextsLoader, type LocaleTextsLoader } from './services/locale-texts';
import { commonErrorTextsPlugin } from './services/common-errors';
import { createTabBadgeService } from './services/tab-badge';
import { startTabBadgeSync } from './services/tab-badge-sync';
import { lazyLiveUpdates } from './services/live-updates-lazy';
import {
  askRetryAfterTimeout,
  createLoadingService,
  createLoginPrompt,
  createModalService,
  createToastService,
} from './services/ui';
import { resolveApiBaseUrl } from './services/api-base-url';
import { federationErrorPlugin } from './routing/federation-error-plugin';
import { createRegistryFetch } from './routing/registry-fetch';
import { exposeForTests } from './routing/test-handle';
import { scheduleTelemetry } from './telemetry/schedule';
import { scheduleIdlePrefetch } from './routing/idle-prefetch';
import { scheduleServiceWorker, showUpdatePrompt } from './pwa/register';
import { followColourScheme } from './services/colour-scheme';

async function start() {
  // antd-mobile's React 19 shim: without it imperative Toast/Dialog never appear.
  unstableSetRender(reactRootRender);
  followColourScheme();
  const storage = window.localStorage;
  // The visitor's language arrives as its own chunk (services/locale-texts.ts), in parallel with
  // /remotes.json below: both are awaited before the first render, neither waits for the other.
  const localeTexts = createLocaleTextsLoader();
  const i18nReady = createI18n(
    storage,
    (locale) => setDefaultConfig({ locale: localeTexts.antd(locale) }),
    localeTexts,
  );
  // Bound once i18nReady settles; used only later (requests, prompts, dialogs, loaded remotes).
  let started: {
    instance: I18nInstance;
    service: I18nService;
    addAppTexts: (app: FeatureApp) => Promise<void>;
  } | null = null;
  const i18nNow = () => {
    if (!started) throw new Error('i18n not ready');
    return started;
  };
  const t = (key: string) => i18nNow().instance.t(key, { ns: 'shell' });

  const { router, RouterBridge } = createRouterHandle();
  const navigation = createNavigationService(
    () => router,
    () => (window.history.state as { idx?: number } | null)?.idx ?? 0,
  );
  const toast = createToastService();
  const loading = createLoadingService();
  const askToLogin = createLoginPrompt(
    t,
    () => navigation.navigate(LOGIN_PATH),
    () => navigation.back(),
  );
  const apiBaseUrl = () => resolveApiBaseUrl(storage);

  // The session needs the HTTP client (logout) and the client needs the session (token): late-bound.
  const session = createSessionService({
    storage,
    revoke: () => http.post('user/logout', {}, { prompt: false, login: 'none' }),
    askToLogin,
    currentPath: () => {
      const { pathname, search } = router.state.location;
      return `${pathname}${search}`;
    },
  });
  const http = createHttpClient({
    baseUrl: apiBaseUrl,
    token: () => session.get().token,
    platform: () => session.get().platform,
    locale: () => i18nNow().service.language(),
    t,
    toast: (message, durationMs) => toast.show(message, { durationMs }),
    loading,
    onUnauthenticated: (mode) => {
      session.clear();
      if (mode !== 'none') session.requireLogin({ mode });
    },
    askRetryAfterTimeout,
    // The page's first answers the server started with its files (issue 24, the signed-in deep link).
    early: startEarlyRequests({ apiBaseUrl, user: () => session.get().userId, subscribe: session.subscribe }),
  });
  registerPlugins([federationErrorPlugin()]);
  const registry = new FeatureRegistry({
    runtime: { registerRemotes, loadRemote },
    fetchRegistry: createRegistryFetch({ token: () => session.get().token ?? undefined }),
    // The app's texts in the reader's language (its own small chunk), before its page renders.
    onLoaded: (app) => i18nNow().addAppTexts(app),
    pageTimeoutMs: PAGE_TIMEOUT_MS,
  });
  const registryReady = registry.refresh();
  const { instance, service, errorTexts, addAppTexts, preloadAppTexts } = await i18nReady;
  started = { instance, service, addAppTexts };
  registerPlugins([
    commonErrorTextsPlugin(errorTexts),
    // What keeps the apps' per-language texts loads beside the first remote's files.
    {
      name: 'cardwallet-app-texts',
      beforeRequest<T>(args: T): T {
        preloadAppTexts();
        return args;
      },
    },
  ]);

  const tabBadge = createTabBadgeService(storage);
  const live = lazyLiveUpdates(async () => {
    const { createLiveUpdates } = await import(/* webpackChunkName: "live-updates" */ './services/live-updates');
    return createLiveUpdates({
      fetchTicket: async () =>
        (await http.post<{ ticket: string }>('notifications/streamTicket', {}, { prompt: false, login: 'none' }))
          .ticket,
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
    i18n: service,
    tabBadge,
    live,
    apiBaseUrl,
  };

  // Wallet tab badge: read at start-up, then kept current from the live stream (services/tab-badge-sync.ts).
  startTabBadgeSync({ http, session, live, tabBadge, currentPath: () => window.location.pathname });
  // Every figure on every page follows the customer's money moves (services/live-query-sync.ts):
  // its own chunk with the event → query-key mapping, loaded at the first signed-in moment, never
  // on the signed-out first paint.
  let liveQuerySync = false;
  const followLiveQueries = () => {
    if (liveQuerySync || !session.get().isLoggedIn) return;
    liveQuerySync = true;
    import(/* webpackChunkName: "live-query-sync" */ './services/live-query-sync').then(
      ({ startLiveQuerySync }) =>
        startLiveQuerySync({
          live,
          session,
          cache: async () =>
            (await import(/* webpackChunkName: "query-client" */ './services/query-client')).queryClient,
        }),
      () => {
        liveQuerySync = false; // the chunk failed to load: the next session change tries again
      },
    );
  };
  session.subscribe(followLiveQueries);
  followLiveQueries();

  // Remotes must be registered before the router renders, else the first page renders too early.
  await registryReady;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const reactRoot = createRoot(root);
  // The first render is a transition (issue 24, TBT): React renders it in ~5 ms slices and yields to
  // the browser between them instead of one long task; the frame painted by the HTML stays on
  // screen until the commit, so nothing is shown earlier or later than before.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <HostContext.Provider value={host}>
          <I18nextProvider i18n={instance}>
            {/* No QueryClientProvider here: each page that needs one gets it (services/query-layer.tsx). */}
            <ShellAntdConfig localeTexts={localeTexts}>
              <ShellContext.Provider value={{ registry }}>
                <BrowserRouter>
                  <RouterBridge />
                  <Routes>
                    <Route path="/" element={<Layout badges={tabBadge} />}>
                      <Route index element={<PageResolver />} />
                      <Route path="*" element={<PageResolver />} />
                    </Route>
                  </Routes>
                </BrowserRouter>
              </ShellContext.Provider>
            </ShellAntdConfig>
          </I18nextProvider>
        </HostContext.Provider>
      </StrictMode>,
    ),
  );
  exposeForTests({ host, registry, storageKeys: STORAGE_KEYS });
  // Telemetry per release (issue 25): its own chunk, loaded when idle after the first paint.
  scheduleTelemetry(registry, apiBaseUrl);
  // Signed in: the Wallet and Card apps' files go into the HTTP cache when idle after the first
  // screen (prefetch, nothing executed), so a first tap on those tabs waits for less (issue 24).
  scheduleIdlePrefetch({
    descriptor: (name) => registry.descriptor(name),
    isLoaded: (name) => registry.status().some((s) => s.name === name && s.state === 'loaded'),
    isLoggedIn: () => session.get().isLoggedIn,
    currentPath: () => window.location.pathname,
    connection: () => (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection,
  });
  // Installable and offline (issue 24): the service worker, registered when idle after load.
  // A new worker waits; the customer is offered a reload (never forced).
  scheduleServiceWorker(undefined, undefined, { onUpdate: (apply) => showUpdatePrompt(t, apply) });
}

/** The shell's own antd-mobile copy follows the language (each remote wires its own copy). */
function ShellAntdConfig({ children, localeTexts }: { children: ReactNode; localeTexts: LocaleTextsLoader }) {
  const language = useHost().i18n.useLanguage();
  return <ConfigProvider locale={localeTexts.antd(language)}>{children}</ConfigProvider>;
}

void start();
