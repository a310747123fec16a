import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../forms/api-error';

/** The FeatureAppFrame's view of an API error a page threw while rendering (its own chunk). */
export default function FrameLoadError({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className: string | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={className}>
      <ErrorBlock status="default" title={<span role="alert">{apiErrorMessage(error, t)}</span>} description={null} />
      <Button fill="outline" color="primary" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
