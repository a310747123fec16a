import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { KycStatus } from '@cardwallet/shared/schemas';
import { useRetryKyc2 } from '../api/retry-kyc2';
import { StatusGate } from '../components/status-gate';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import '../kyc.css';

/** kyc-lv2-fail: the reviewer's comment; RETRY lets the customer go through the flow again, FINAL does not. */
export default function KycLv2FailPage() {
  return <StatusGate>{(status) => <Failed status={status} />}</StatusGate>;
}

function Failed({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const retry = useRetryKyc2();
  const l2 = status.level2;
  return (
    <main className="kyc-page">
      <Result
        status="error"
        title={<h2 className="kyc-result-title">{t('kyc.fail.heading')}</h2>}
        description={l2.canRetry ? t('kyc.fail.retryHint') : t('kyc.fail.final')}
      />
      {l2.moderationComment && (
        <section className="kyc-card" aria-labelledby="kyc-comment">
          <h3 id="kyc-comment">{t('kyc.fail.comment')}</h3>
          <p>{l2.moderationComment}</p>
        </section>
      )}
      {retry.isError && (
        <p className="kyc-alert kyc-pad" role="alert">
          {apiErrorMessage(retry.error, t)}
        </p>
      )}
      <div className="kyc-actions">
        {l2.canRetry ? (
          <Button
            block
            color="primary"
            size="large"
            loading={retry.isPending}
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(undefined, { onSuccess: () => navigation.redirect('/pages/user/kyc-lv2-sumsub') })
            }
          >
            {t('kyc.fail.tryAgain')}
          </Button>
        ) : (
          <Button block color="primary" onClick={() => navigation.navigate('/pages/about/help')}>
            {t('kyc.fail.help')}
          </Button>
        )}
        <Button block fill="outline" onClick={() => navigation.redirect('/pages/user/kyc')}>
          {t('kyc.common.back')}
        </Button>
      </div>
    </main>
  );
}
