import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';

/** The page's shape while its data loads (announced once as "Loading"). */
export function PageSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('share');
  return (
    <div className="share-skeleton" role="status" aria-label={t('common.loading')}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}
