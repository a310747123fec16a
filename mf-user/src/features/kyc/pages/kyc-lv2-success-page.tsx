import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { useRedirectParam } from '../lib/redirect';
import '../kyc.css';

/** kyc-lv2-success: level 2 reached; physical cards are open now. */
export default function KycLv2SuccessPage() {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const { redirect } = useRedirectParam();
  return (
    <main className="kyc-page">
      <Result
        status="success"
        title={<h2 className="kyc-result-title">{t('kyc.success.heading')}</h2>}
        description={t('kyc.success.body')}
      />
      <div className="kyc-actions">
        <Button block color="primary" size="large" onClick={() => navigation.redirect(redirect ?? '/pages/card/apply')}>
          {t('kyc.success.applyCard')}
        </Button>
        <Button block fill="outline" onClick={() => navigation.redirect('/pages/user/kyc')}>
          {t('kyc.common.back')}
        </Button>
      </div>
    </main>
  );
}
