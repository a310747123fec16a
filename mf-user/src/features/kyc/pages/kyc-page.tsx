import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { KycStatus } from '@cardwallet/shared/schemas';
import { StateTag } from '../components/state-tag';
import { StatusGate } from '../components/status-gate';
import { useRedirectParam } from '../lib/redirect';
import '../kyc.css';

/** kyc: the current level, the state of each level and what each unlocks (spec §4, §6). */
export default function KycPage() {
  return <StatusGate>{(status) => <Overview status={status} />}</StatusGate>;
}

function Overview({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const { suffix } = useRedirectParam();
  const l1 = status.level1;
  const l2 = status.level2;
  const level2Action = () => {
    if (l2.state === 'verified') return navigation.navigate('/pages/user/kyc-lv2-success');
    if (l2.state === 'failed') return navigation.navigate('/pages/user/kyc-lv2-fail');
    return navigation.navigate(`/pages/user/kyc-lv2${suffix}`);
  };
  return (
    <main className="kyc-page">
      <section className="kyc-hero" aria-labelledby="kyc-level">
        <h2 id="kyc-level">{t('kyc.overview.currentLevel', { level: status.level })}</h2>
      </section>
      <section aria-labelledby="kyc-l1" className="kyc-card">
        <div className="kyc-card-head">
          <h3 id="kyc-l1">{t('kyc.overview.level1')}</h3>
          <StateTag state={l1.state} />
        </div>
        <p className="kyc-muted">{t('kyc.overview.unlocks1')}</p>
        {l1.state === 'failed' && l1.reason && (
          <p className="kyc-alert" role="alert">
            {l1.reason}
          </p>
        )}
        {l1.state !== 'verified' && (
          <Button block color="primary" onClick={() => navigation.navigate(`/pages/user/kyc-lv1${suffix}`)}>
            {l1.state === 'failed' ? t('kyc.overview.fix1') : t('kyc.overview.start1')}
          </Button>
        )}
        {l1.state === 'verified' && l1.details && (
          <List className="kyc-list">
            <List.Item extra={`${l1.details.firstName} ${l1.details.lastName}`}>{t('kyc.lv2.name')}</List.Item>
            <List.Item extra={<bdi dir="ltr">{l1.details.documentNumber}</bdi>}>
              {t(`kyc.doc.${l1.details.documentType}`)}
            </List.Item>
          </List>
        )}
      </section>
      <section aria-labelledby="kyc-l2" className="kyc-card">
        <div className="kyc-card-head">
          <h3 id="kyc-l2">{t('kyc.overview.level2')}</h3>
          <StateTag state={l2.state} />
        </div>
        <p className="kyc-muted">{t('kyc.overview.unlocks2')}</p>
        {l2.state === 'pending' && (
          <p className="kyc-muted" role="status">
            {t('kyc.lv2.pending')}
          </p>
        )}
        {status.level < 1 ? (
          <p className="kyc-muted">{t('kyc.overview.needs1')}</p>
        ) : l2.state === 'pending' ? null : (
          <Button
            block
            color={l2.state === 'verified' ? 'default' : 'primary'}
            fill={l2.state === 'verified' ? 'outline' : 'solid'}
            onClick={level2Action}
          >
            {l2.state === 'not_verified' ? t('kyc.overview.start2') : t('kyc.overview.view2')}
          </Button>
        )}
      </section>
    </main>
  );
}
