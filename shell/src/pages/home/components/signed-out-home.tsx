import { useHost } from '@cardwallet/shared';
import { useHomeTranslation } from '../i18n';
import { AppLink } from '@cardwallet/shared/ui';

const OFFERS = ['offerWallet', 'offerCards', 'offerVerify', 'offerInvite'] as const;

/** Signed out: what the product offers, and the way in (log in / register). */
export function SignedOutHome() {
  const { t } = useHomeTranslation();
  const { session } = useHost();
  return (
    <section aria-labelledby="home-offers" className="cw-home-card cw-home-offers">
      <h2 id="home-offers" className="cw-home-heading">
        {t('offersTitle')}
      </h2>
      <ul className="cw-home-offer-list">
        {OFFERS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="cw-home-lead">{t('signedOutLead')}</p>
      <div className="cw-home-auth">
        <AppLink
          href="/pages/passport/login"
          className="cw-home-button cw-home-button-primary"
          onClick={(event) => {
            // Come back home after logging in.
            event.preventDefault();
            session.requireLogin({ returnTo: '/pages/index/index', mode: 'redirect' });
          }}
        >
          {t('login')}
        </AppLink>
        <AppLink href="/pages/passport/register" className="cw-home-button">
          {t('register')}
        </AppLink>
      </div>
    </section>
  );
}
