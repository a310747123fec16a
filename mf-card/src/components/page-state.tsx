import { apiErrorMessage } from '@cardwallet/shared/forms';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Loading skeleton while a page's data arrives. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className="card-skeleton" role="status" aria-label={label}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}

/** A failed load, with a retry. */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('card');
  return (
    <div className="card-error-state">
      <ErrorBlock status="default" title={apiErrorMessage(error, t)} description="" fullPage={false} />
      <Button onClick={retry}>{t('common.retry')}</Button>
    </div>
  );
}
