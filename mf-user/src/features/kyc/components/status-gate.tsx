import type { ReactNode } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@cardwallet/shared/schemas';
import { useKycStatus } from '../api/kyc-status';
import { apiErrorMessage } from '@cardwallet/shared/forms';

/** Loads the verification status: a skeleton while loading, the error with Retry, else the page. */
export function StatusGate({ children }: { children: (status: KycStatus) => ReactNode }) {
  const { t } = useTranslation('user');
  const status = useKycStatus();
  if (status.isPending) {
    return (
      <div className="kyc-page" aria-busy="true">
        <span className="kyc-visually-hidden" role="status">
          {t('kyc.common.loading')}
        </span>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="kyc-page">
        <ErrorBlock
          status="default"
          title={t('kyc.common.loadFailed')}
          description={<span role="alert">{apiErrorMessage(status.error, t)}</span>}
        />
        <div className="kyc-actions">
          <Button block fill="outline" onClick={() => void status.refetch()}>
            {t('kyc.common.retry')}
          </Button>
        </div>
      </div>
    );
  }
  return <>{children(status.data)}</>;
}
