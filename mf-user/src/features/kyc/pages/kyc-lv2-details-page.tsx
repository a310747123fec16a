import { useEffect } from 'react';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { KycStatus } from '@cardwallet/shared/schemas';
import { StatusGate } from '../components/status-gate';
import { countryName } from '../lib/countries';
import { formatDay } from '../lib/dates';
import { useRedirectParam } from '../lib/redirect';
import '../kyc.css';

/** kyc-lv2-details: confirms the verified level-1 details the check will use. */
export default function KycLv2DetailsPage() {
  return <StatusGate>{(status) => <Confirm status={status} />}</StatusGate>;
}

function Confirm({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const locale = useHost().i18n.useLanguage();
  const { suffix } = useRedirectParam();
  const d = status.level1.state === 'verified' ? status.level1.details : null;
  const ready = status.level >= 1 && status.level2.state === 'not_verified';
  useEffect(() => {
    if (!ready) navigation.redirect(`/pages/user/kyc-lv2${suffix}`);
  }, [ready, navigation, suffix]);
  if (!ready) return null;
  return (
    <main className="kyc-page">
      <p className="kyc-intro">{t('kyc.lv2.details')}</p>
      {d && (
        <List className="kyc-list">
          <List.Item extra={`${d.firstName} ${d.lastName}`}>{t('kyc.lv2.name')}</List.Item>
          <List.Item extra={countryName(d.country, locale)}>{t('kyc.lv1.country')}</List.Item>
          <List.Item extra={<bdi dir="ltr">{d.documentNumber}</bdi>}>{t(`kyc.doc.${d.documentType}`)}</List.Item>
          <List.Item extra={formatDay(d.birthDate, locale)}>{t('kyc.details.birthDate')}</List.Item>
        </List>
      )}
      <p className="kyc-muted kyc-pad">{t('kyc.lv2.privacy')}</p>
      <div className="kyc-actions">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigation.navigate(`/pages/user/kyc-lv2-sumsub${suffix}`)}
        >
          {t('kyc.lv2.confirm')}
        </Button>
      </div>
    </main>
  );
}
