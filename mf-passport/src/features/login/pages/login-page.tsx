import { useEffect } from 'react';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { PageHeading } from '../../../components/page-heading';
import { LoginForm, leaveLogin } from '../components/login-form';

export default function LoginPage() {
  const { t } = useTranslation('passport');
  const host = useHost();
  const { isLoggedIn } = host.session.useSession();
  // Someone already signed in (another tab, the back button) has nothing to do here.
  useEffect(() => {
    if (isLoggedIn) leaveLogin(host);
  }, [isLoggedIn, host]);
  return (
    <main className="passport-page passport-page--bare">
      <PageHeading title={t('login.heading')} subtitle={t('login.subheading')} />
      <LoginForm />
      <nav className="passport-links" aria-label={t('login.moreActions')}>
        <AppLink to="/pages/passport/reset-password">{t('login.forgotPassword')}</AppLink>
        <span>
          {t('login.noAccount')} <AppLink to="/pages/passport/register">{t('login.toRegister')}</AppLink>
        </span>
      </nav>
    </main>
  );
}
