import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../forms/api-error';
import { useFeatureAppNamespace } from './feature-app-namespace';

/**
 * The page states every feature app shows (was one copy per app, differing only in the translation
 * namespace and the CSS class prefix). `ns` is the app's namespace, which must hold `common.loadFailed`,
 * `common.retry` and `common.loading`; `className` is the app's wrapper class (e.g. 'wallet-state').
 */
export interface PageStateProps {
  /** Defaults to the namespace of the FeatureAppFrame around the page. */
  ns?: string | undefined;
  className: string;
}

function usePageNamespace(ns: string | undefined): string {
  const frame = useFeatureAppNamespace();
  return ns ?? frame ?? 'common';
}

/** A failed load: what went wrong (the API's translated message) and a way to try again. */
export function LoadError({
  error,
  onRetry,
  title,
  ns,
  className,
}: PageStateProps & { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation(usePageNamespace(ns));
  return (
    <div className={className}>
      <ErrorBlock
        status="default"
        title={title ?? t('common.loadFailed')}
        description={<span role="alert">{apiErrorMessage(error, t)}</span>}
      />
      <Button fill="outline" color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The page's shape while its data loads (announced once as "Loading"). */
export function PageSkeleton({ rows = 4, ns, className }: PageStateProps & { rows?: number }) {
  const { t } = useTranslation(usePageNamespace(ns));
  return (
    <div className={className} role="status" aria-label={t('common.loading')}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

/** Nothing to show yet — and what to do about it. */
export function EmptyState({
  title,
  description,
  action,
  className,
}: Pick<PageStateProps, 'className'> & { title: string; description: string; action?: ReactNode }) {
  return (
    <div className={className}>
      <ErrorBlock status="empty" title={title} description={description} />
      {action}
    </div>
  );
}
