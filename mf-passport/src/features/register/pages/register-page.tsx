import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { RegisterForm } from '../components/register-form';
import { AppLink } from '@cardwallet/shared/ui';

export default function RegisterPage() {
  const { t } = useTranslation('passport');
  const [params] = useSearchParams();
  // A share link carries the inviter's user id as ?refereeId= (spec §3).
  const refereeId = (params.get('refereeId') ?? '').trim().slice(0, 64);
  return (
    <main className="passport-page passport-page--bare">
      <PageHeading title={t('register.heading')} subtitle={t('register.subheading')} />
      <RegisterForm refereeId={refereeId} />
      <nav className="passport-links" aria-label={t('register.moreActions')}>
        <span>
          {t('register.haveAccount')}{' '}
          <AppLink className="passport-link" href="/pages/passport/login">
            {t('register.toLogin')}
          </AppLink>
        </span>
      </nav>
    </main>
  );
}
