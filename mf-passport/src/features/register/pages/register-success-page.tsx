import { Button, Result } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@cardwallet/shared/safe-redirect';

export const HOME_PATH = '/pages/index/index';

/**
 * Registration signs the customer in (the code proved the account). From here they continue to the
 * page that asked them to log in or register (spec §6), else home.
 */
export default function RegisterSuccessPage() {
  const { t } = useTranslation('passport');
  const host = useHost();
  const { isLoggedIn } = host.session.useSession();

  const continueIn = () => {
    const returnTo = safeRedirectPath(host.session.takeReturnTo());
    if (returnTo) host.navigation.redirect(returnTo);
    else host.navigation.relaunch(HOME_PATH);
  };

  return (
    <main className="passport-page">
      <Result
        status="success"
        title={<h2 className="passport-result-title">{t('registerSuccess.heading')}</h2>}
        description={isLoggedIn ? t('registerSuccess.body') : t('registerSuccess.bodyLoggedOut')}
      />
      <div className="passport-actions">
        {isLoggedIn ? (
          <Button block color="primary" size="large" onClick={continueIn}>
            {t('registerSuccess.continue')}
          </Button>
        ) : (
          <Button block color="primary" size="large" onClick={() => host.navigation.relaunch('/pages/passport/login')}>
            {t('registerSuccess.toLogin')}
          </Button>
        )}
        <Button block fill="outline" size="large" onClick={() => host.navigation.navigate('/pages/passport/welfare')}>
          {t('registerSuccess.toWelfare')}
        </Button>
      </div>
    </main>
  );
}
