import { Component, Suspense, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { isApiError } from '@cardwallet/shared';
import { QueryBoundary } from '../forms/query-client';
// Deep imports, never the 'antd-mobile' barrel (its side effects made every component a dependency of
// every page). This subpath is bundled into each app, so each app gets its own antd-mobile copy here.
import 'antd-mobile/es/global';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import type enUS from 'antd-mobile/es/locales/en-US';
import type { Locale } from '../locales';
import type { LoadCatalogue } from '../i18n/catalogues';
import { createAntdMobileProvider } from './antd-mobile';
import { NamespaceContext } from './feature-app-namespace';

// Loaded only when a page throws an API error: ErrorBlock's pictures would cost every page ~11 KiB gzip.
const FrameLoadError = lazy(() => import('./frame-load-error'));

type AntdLocale = typeof enUS;
/**
 * antd-mobile's texts of the reader's language only, English too. The chunk name is the one the
 * app's own catalogue of that language carries (`catalogueLoader` in `@cardwallet/shared/catalogues`),
 * so both travel in one file that the shell has already loaded before the page renders (the page
 * suspends once, for a module already there). antd-mobile ships Arabic only as ar-SA; it covers the
 * component chrome the apps use (Popup, Result).
 */
// Plain promises, not async/await: the build's targets would add the regenerator helpers to every entry.
const loadAntdLocale = (language: Locale): Promise<AntdLocale> => {
  switch (language) {
    case 'zh-HK':
      return import(/* webpackChunkName: "locale-zh-HK" */ 'antd-mobile/es/locales/zh-HK').then((m) => m.default);
    case 'ar-AE':
      return import(/* webpackChunkName: "locale-ar-AE" */ 'antd-mobile/es/locales/ar-SA').then((m) => m.default);
    case 'tr-TR':
      return import(/* webpackChunkName: "locale-tr-TR" */ 'antd-mobile/es/locales/tr-TR').then((m) => m.default);
    default:
      return import(/* webpackChunkName: "locale-en-US" */ 'antd-mobile/es/locales/en-US').then((m) => m.default);
  }
};

/** antd-mobile's texts loaded so far: the frame renders at once in these languages. */
const antdLocales: Partial<Record<Locale, AntdLocale>> = {};

/**
 * An app's `FeatureApp.i18n.load` that also brings antd-mobile's texts of that language into the
 * frame (same chunk): the shell awaits it before the page renders, so the frame never suspends for
 * them. A failure here is not the catalogue's: the frame then loads them itself when it renders.
 */
export function withFrameTexts(load: LoadCatalogue): LoadCatalogue {
  return (language) =>
    Promise.all([
      load(language),
      loadAntdLocale(language).then(
        (locale) => {
          antdLocales[language] = locale;
        },
        () => undefined,
      ),
    ]).then(([texts]) => texts);
}

/**
 * The provider block every feature app wraps its pages in (was three copies of app.tsx's provider,
 * two apps without a QueryBoundary): the app's antd-mobile copy (React 19 shim, locale for declarative
 * and imperative components), the query
 * cache (the shell's, else the app's own), the app's translation namespace for the shared page states,
 * and an error boundary for API errors a page throws while rendering (a suspense query, a
 * `throwOnError` call) that shows the server's message with Retry, which clears the failed queries.
 * Any other error goes on to the shell's page boundary, which reports it (telemetry, release details).
 */
export interface FeatureAppFrameOptions {
  /** The app's i18next namespace (FeatureApp.i18n.namespace). */
  namespace: string;
  /** CSS class of the boundary's error view (the app's page-state class). */
  stateClassName?: string;
}

interface BoundaryProps {
  className: string | undefined;
  onReset: () => void;
  children: ReactNode;
}

class ApiErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isApiError(error)) console.warn('[feature app] API error while rendering', error, info.componentStack);
  }
  private retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not an API error: a bug, for the shell's boundary (it reports it and offers its own Retry).
    if (!isApiError(error)) throw error;
    return (
      <Suspense fallback={null}>
        <FrameLoadError error={error} onRetry={this.retry} className={this.props.className} />
      </Suspense>
    );
  }
}

/** Returns the FeatureApp's `Provider`: `Provider: createFeatureAppFrame({ namespace })`. */
export function createFeatureAppFrame(options: FeatureAppFrameOptions): ComponentType<{ children: ReactNode }> {
  const AntdMobileProvider = createAntdMobileProvider({
    ConfigProvider,
    setDefaultConfig,
    unstableSetRender,
    locales: antdLocales,
    loadLocale: loadAntdLocale,
  });
  function FeatureAppFrame({ children }: { children: ReactNode }) {
    return (
      <NamespaceContext.Provider value={options.namespace}>
        <QueryBoundary>
          <AntdMobileProvider>
            <QueryErrorResetBoundary>
              {({ reset }) => (
                <ApiErrorBoundary className={options.stateClassName} onReset={reset}>
                  {children}
                </ApiErrorBoundary>
              )}
            </QueryErrorResetBoundary>
          </AntdMobileProvider>
        </QueryBoundary>
      </NamespaceContext.Provider>
    );
  }
  FeatureAppFrame.displayName = `FeatureAppFrame(${options.namespace})`;
  return FeatureAppFrame;
}
