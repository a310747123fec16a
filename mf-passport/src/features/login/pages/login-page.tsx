import { useEffect, useRef } from 'react';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { PageHeading } from '../../../components/page-heading';
import { LoginForm, leaveLogin } from '../components/login-form';

export default function LoginPage() {
  const { t } = useTranslation('passport');
  const host = useHost();
  // Someone already signed in when the page opens (another tab, the back button) has nothing to do
  // here. Only then: a sign-in through the form leaves by itself, and must not be sent on twice.
  const signedInOnArrival = useRef(host.session.get().isLoggedIn);
  useEffect(() => {
    if (signedInOnArrival.current) leaveLogin(host);
  }, [host]);
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
