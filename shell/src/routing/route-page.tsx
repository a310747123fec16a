import {
  Component,
  Suspense,
  lazy,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CHUNK_TIMEOUT_MS, type FeatureRoute, type RemoteName } from '@cardwallet/shared';
import { PageFrame } from '../layout/page-frame';
import { DelayedLoading, ErrorView } from '../layout/status-views';
import { useShell } from '../shell-context';
import { FeatureLoadError, withTimeout } from './feature-registry';
import { reportError } from './error-report';
import { enqueueTelemetry } from '../telemetry/queue';
import { WithQueries } from '../services/query-layer';
import { FirstScreenMark } from '../services/first-screen';

const lazyPages = new Map<FeatureRoute, LazyExoticComponent<ComponentType>>();
const preloaded = new Map<FeatureRoute, ReturnType<FeatureRoute['load']>>();

/** Starts loading a page's chunk before it renders (while its app's texts load); the page takes it over. */
export function preloadPage(route: FeatureRoute): void {
  if (lazyPages.has(route) || preloaded.has(route)) return;
  const started = route.load();
  started.catch(() => undefined); // a failure is shown when the page renders and takes it over
  preloaded.set(route, started);
}

function takePreloaded(route: FeatureRoute): ReturnType<FeatureRoute['load']> {
  const started = preloaded.get(route);
  preloaded.delete(route);
  return started ?? route.load();
}

function lazyPage(route: FeatureRoute): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(() =>
      withTimeout(
        takePreloaded(route),
        CHUNK_TIMEOUT_MS,
        () => new FeatureLoadError('chunk', `chunk load timeout: ${route.path}`),
      ),
    );
    lazyPages.set(route, page);
  }
  return page;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
  render: (error: unknown, retry: () => void) => ReactNode;
}

export class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] page failed', error, info.componentStack);
  }
  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };
  override render() {
    if (this.state.error) return this.props.render(this.state.error, this.retry);
    return this.props.children;
  }
}

export function LoadErrorView({
  error,
  onRetry,
  owner,
}: {
  error: unknown;
  onRetry: () => void;
  owner?: RemoteName | undefined;
}) {
  const { t } = useTranslation('shell');
  const { registry } = useShell();
  // One report per error shown, with every app's release: support's first question is "which version?".
  const report = useMemo(() => reportError(error, registry.status()), [error, registry]);
  const reason = error instanceof FeatureLoadError ? error.reason : 'chunk';
  const name = owner ?? (error instanceof FeatureLoadError ? error.remote : undefined);
  useEffect(() => {
    // Counted per release by the telemetry reporter (issue 25): a load failure, or a page that threw.
    if (!name) return;
    if (error instanceof FeatureLoadError) enqueueTelemetry({ kind: 'load_failure', app: name, reason: error.reason });
    else if (error instanceof Error && error.name === 'ChunkLoadError')
      enqueueTelemetry({ kind: 'load_failure', app: name, reason: 'chunk' });
    else enqueueTelemetry({ kind: 'boundary', app: name });
  }, [error, name]);
  const message =
    reason === 'incompatible'
      ? t('page.incompatible')
      : reason === 'timeout'
        ? t('page.timeout')
        : reason === 'chunk'
          ? t('page.chunkError')
          : t('page.loadFailed');
  const app = name ? report.apps.find((a) => a.name === name) : undefined;
  const details = app?.version ? (
    <details className="cw-error-details">
      <summary>{t('page.details')}</summary>
      <p className="cw-ltr" data-testid="error-release">
        {t('page.appRelease', {
          app: app.name,
          version: app.version,
          releaseId: app.releaseId ?? '',
          channel: app.channel ?? 'stable',
        })}
      </p>
    </details>
  ) : undefined;
  return <ErrorView title={t('page.errorTitle')} message={message} onRetry={onRetry} extra={details} />;
}

/** One page: frame (nav bar, login gate), lazy chunk with delayed spinner, error boundary with Retry. */
export function RoutePage({
  route,
  namespace,
  Provider,
  owner,
  queries = true,
}: {
  route: FeatureRoute;
  namespace: string;
  Provider?: ComponentType<{ children: ReactNode }>;
  owner?: RemoteName;
  /** The page's tree gets the shell's query cache (loaded with the page; false: the signed-out home). */
  queries?: boolean;
}) {
  const { t } = useTranslation(namespace);
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(route);
  const page = (
    <>
      {Provider ? (
        <Provider>
          <Page />
        </Provider>
      ) : (
        <Page />
      )}
      <FirstScreenMark />
    </>
  );
  return (
    <PageFrame
      title={t(route.titleKey)}
      navBar={route.navBar ?? 'default'}
      auth={route.auth ?? true}
      pullToRefresh={route.pullToRefresh}
    >
      <PageErrorBoundary
        key={attempt}
        onRetry={() => {
          lazyPages.delete(route);
          setAttempt((n) => n + 1);
        }}
        render={(error, retry) => <LoadErrorView error={error} onRetry={retry} owner={owner} />}
      >
        <Suspense fallback={<DelayedLoading />}>{queries ? <WithQueries>{page}</WithQueries> : page}</Suspense>
      </PageErrorBoundary>
    </PageFrame>
  );
}
