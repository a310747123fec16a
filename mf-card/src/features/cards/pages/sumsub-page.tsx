import { Button } from 'antd-mobile';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

/**
 * The card group's third-party identity check (no nav bar): physical cards need KYC level 2, which
 * the user app's level-2 flow performs with the verification provider; we send the customer there
 * and back to applying.
 */
export default function SumsubPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  return (
    <main className="card-page card-page--bare">
      <div className="card-hero">
        <CheckShieldOutline fontSize={48} aria-hidden className="card-hero-icon" />
        <h1>{t('sumsub.heading')}</h1>
        <p>{t('sumsub.body')}</p>
        <ul className="card-bullets">
          <li>{t('sumsub.step1')}</li>
          <li>{t('sumsub.step2')}</li>
          <li>{t('sumsub.step3')}</li>
        </ul>
      </div>
      <div className="card-actions">
        <Button
          color="primary"
          block
          onClick={() =>
            navigation.navigate(`/pages/user/kyc-lv2?redirect=${encodeURIComponent('/pages/card/apply?type=physical')}`)
          }
        >
          {t('sumsub.start')}
        </Button>
        <Button block onClick={() => navigation.back()}>
          {t('common.back')}
        </Button>
      </div>
    </main>
  );
}
