import { Button, Result } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';

/**
 * After sign-up the customer logs in explicitly: registration proves the code, logging in proves
 * they know the password they just chose, and the session is created by one path only.
 */
export default function RegisterSuccessPage() {
  const { t } = useTranslation('passport');
  const { navigation } = useHost();
  return (
    <main className="passport-page">
      <Result status="success" title={<h2 className="passport-result-title">{t('registerSuccess.heading')}</h2>} description={t('registerSuccess.body')} />
      <div className="passport-actions">
        <Button block color="primary" size="large" onClick={() => navigation.relaunch('/pages/passport/login')}>
          {t('registerSuccess.toLogin')}
        </Button>
        <Button block fill="outline" size="large" onClick={() => navigation.navigate('/pages/passport/welfare')}>
          {t('registerSuccess.toWelfare')}
        </Button>
      </div>
    </main>
  );
}
