import { useEffect, useRef, useState } from 'react';
import { useHost } from '@cardwallet/shared';
import type { SessionResult } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { shouldOfferPasskey } from '../../passkeys/api/offer-passkey';
import { PasskeyOffer } from '../../passkeys/components/passkey-offer';
import { PasskeySignIn } from '../../passkeys/components/passkey-sign-in';
import { LoginForm, leaveLogin } from '../components/login-form';
import { WechatSignInButton } from '../../wechat/components/wechat-sign-in-button';
import { AppLink } from '@cardwallet/shared/ui';

export default function LoginPage() {
  const { t } = useTranslation('passport');
  const host = useHost();
  // Someone already signed in when the page opens (another tab, the back button) has nothing to do
  // here. Only then: a sign-in through the form leaves by itself, and must not be sent on twice.
  const signedInOnArrival = useRef(host.session.get().isLoggedIn);
  useEffect(() => {
    if (signedInOnArrival.current) leaveLogin(host);
  }, [host]);
  // After a password sign-in, a customer without a passkey may be offered one (passkeys feature).
  const [offerFor, setOfferFor] = useState<string | null>(null);
  const afterPassword = async (session: SessionResult) => {
    if (await shouldOfferPasskey(host.http, session.userId)) setOfferFor(session.userId);
    else leaveLogin(host);
  };
  const afterPasskey = (session: SessionResult) => {
    host.session.signIn(session);
    leaveLogin(host);
  };
  if (offerFor) {
    return (
      <main className="passport-page passport-page--bare">
        <PasskeyOffer userId={offerFor} onDone={() => leaveLogin(host)} />
      </main>
    );
  }
  return (
    <main className="passport-page passport-page--bare">
      <PageHeading title={t('login.heading')} subtitle={t('login.subheading')} />
      <LoginForm onSignedIn={afterPassword} />
      <PasskeySignIn onSignedIn={afterPasskey} />
      <WechatSignInButton />
      <nav className="passport-links" aria-label={t('login.moreActions')}>
        <AppLink className="passport-link" href="/pages/passport/reset-password">
          {t('login.forgotPassword')}
        </AppLink>
        <span>
          {t('login.noAccount')}{' '}
          <AppLink className="passport-link" href="/pages/passport/register">
            {t('login.toRegister')}
          </AppLink>
        </span>
      </nav>
    </main>
  );
}
