import { apiErrorMessage } from '@cardwallet/shared/forms';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useTranslation } from 'react-i18next';

/** A failed load: what went wrong (the API's translated message) and a way to try again. */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-state">
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
