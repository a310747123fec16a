import { Component, Suspense, lazy, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHUNK_TIMEOUT_MS, type FeatureRoute } from '@cardwallet/shared';
import { PageFrame } from '../layout/page-frame';
import { DelayedLoading, ErrorView } from '../layout/status-views';
import { FeatureLoadError, withTimeout } from './feature-registry';

const lazyPages = new Map<FeatureRoute, LazyExoticComponent<ComponentType>>();

function lazyPage(route: FeatureRoute): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route);
  if (!page) {
    page = lazy(() => withTimeout(route.load(), CHUNK_TIMEOUT_MS, () => new FeatureLoadError('chunk', `chunk load timeout: ${route.path}`)));
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

export function LoadErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const reason = error instanceof FeatureLoadError ? error.reason : 'chunk';
  const message =
    reason === 'incompatible' ? t('page.incompatible') : reason === 'timeout' ? t('page.timeout') : reason === 'chunk' ? t('page.chunkError') : t('page.loadFailed');
  return <ErrorView title={t('page.errorTitle')} message={message} onRetry={onRetry} />;
}

/** One page: frame (nav bar, login gate), lazy chunk with delayed spinner, error boundary with Retry. */
export function RoutePage({ route, namespace, Provider }: { route: FeatureRoute; namespace: string; Provider?: ComponentType<{ children: ReactNode }> }) {
  const { t } = useTranslation(namespace);
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(route);
  return (
    <PageFrame title={t(route.titleKey)} navBar={route.navBar ?? 'default'} auth={route.auth ?? true} pullToRefresh={route.pullToRefresh}>
      <PageErrorBoundary
      key={attempt}
      onRetry={() => {
        lazyPages.delete(route);
        setAttempt((n) => n + 1);
      }}
      render={(error, retry) => <LoadErrorView error={error} onRetry={retry} />}
    >
        <Suspense fallback={<DelayedLoading />}>{Provider ? <Provider><Page /></Provider> : <Page />}</Suspense>
      </PageErrorBoundary>
    </PageFrame>
  );
}
