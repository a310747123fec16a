import { useEffect } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { KycStatus } from '@cardwallet/shared/schemas';
import { StateTag } from '../components/state-tag';
import { StatusGate } from '../components/status-gate';
import { useRedirectParam } from '../lib/redirect';
import '../kyc.css';

/** kyc-lv2: explains the third-party check; while it is under review it waits here and updates by itself. */
export default function KycLv2Page() {
  return <StatusGate>{(status) => <Explain status={status} />}</StatusGate>;
}

function Explain({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const { suffix } = useRedirectParam();
  const state = status.level2.state;
  useEffect(() => {
    if (state === 'verified') navigation.redirect(`/pages/user/kyc-lv2-success${suffix}`);
    else if (state === 'failed') navigation.redirect('/pages/user/kyc-lv2-fail');
  }, [state, navigation, suffix]);
  return (
    <main className="kyc-page">
      <section className="kyc-card" aria-labelledby="kyc-lv2-heading">
        <div className="kyc-card-head">
          <h2 id="kyc-lv2-heading">{t('kyc.overview.level2')}</h2>
          <StateTag state={state} />
        </div>
        <p>{t('kyc.lv2.intro')}</p>
        <ul className="kyc-bullets">
          <li>{t('kyc.lv2.needs')}</li>
          <li>{t('kyc.lv2.privacy')}</li>
          <li>{t('kyc.overview.unlocks2')}</li>
        </ul>
      </section>
      {status.level < 1 ? (
        <div className="kyc-actions">
          <p className="kyc-muted">{t('kyc.overview.needs1')}</p>
          <Button block color="primary" onClick={() => navigation.navigate(`/pages/user/kyc-lv1${suffix}`)}>
            {t('kyc.overview.start1')}
          </Button>
        </div>
      ) : state === 'pending' ? (
        <p className="kyc-pending" role="status">
          <DotLoading /> {t('kyc.lv2.pending')}
        </p>
      ) : state === 'not_verified' ? (
        <div className="kyc-actions">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigation.navigate(`/pages/user/kyc-lv2-details${suffix}`)}
          >
            {t('kyc.lv2.start')}
          </Button>
        </div>
      ) : null}
    </main>
  );
}
