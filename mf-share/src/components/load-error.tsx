import { apiErrorMessage } from '@cardwallet/shared/forms';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';

/** A failed load: the API's translated message and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('share');
  return (
    <div className="share-state">
      <ErrorBlock
        status="default"
        title={t('common.loadFailed')}
        description={<span role="alert">{apiErrorMessage(error, t)}</span>}
      />
      <Button fill="outline" color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
