import { Button, List, Skeleton } from 'antd-mobile';
import { NavListItem } from '@cardwallet/shared/ui';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useProfile } from '../../account/api/get-profile';
import { maskAccount } from '../../../lib/mask';

const MENU = [
  { key: 'settings', path: '/pages/user/settings' },
  { key: 'kyc', path: '/pages/user/kyc' },
  { key: 'coupons', path: '/pages/user/coupon-list' },
  { key: 'invite', path: '/pages/share/index' },
  { key: 'language', path: '/pages/user/language' },
  { key: 'help', path: '/pages/about/help' },
  { key: 'about', path: '/pages/about/index' },
] as const;

/** Member tab: who is signed in, the account menu, and log out (spec §2 user index, pull-to-refresh). */
export default function UserIndexPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const session = host.session.useSession();
  const profile = useProfile(session.isLoggedIn);

  const signOut = async () => {
    const sure = await host.modal.confirm({
      content: t('index.logoutConfirm'),
      confirmText: t('index.logout'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await host.session.signOut();
    host.navigation.switchTab('/pages/index/index');
  };

  return (
    <main className="user-page">
      <section aria-labelledby="user-profile" className="user-header">
        <span className="user-avatar" aria-hidden>
          <UserOutline />
        </span>
        {!session.isLoggedIn ? (
          <div className="user-header-body">
            <h2 id="user-profile">{t('index.guest')}</h2>
            <p>{t('index.guestHint')}</p>
            <Button
              size="small"
              color="primary"
              style={{ marginBlockStart: 8 }}
              onClick={() => host.session.requireLogin({ mode: 'redirect' })}
            >
              {t('index.loginOrRegister')}
            </Button>
          </div>
        ) : profile.isPending ? (
          <div className="user-header-skeleton" aria-busy="true" aria-label={t('common.loading')}>
            <h2 id="user-profile" className="cw-visually-hidden">
              {t('index.welcome')}
            </h2>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ) : profile.isError ? (
          <div className="user-header-body">
            <h2 id="user-profile">{t('index.welcome')}</h2>
            <p role="alert">{apiErrorMessage(profile.error, t)}</p>
            <Button size="small" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <div className="user-header-body">
            <h2 id="user-profile">
              <span className="cw-ltr">{maskAccount(profile.data.email ?? profile.data.mobile ?? '')}</span>
            </h2>
            {profile.data.email && profile.data.mobile ? (
              <p>
                <span className="cw-ltr">{maskAccount(profile.data.mobile)}</span>
              </p>
            ) : null}
            <p>
              {t('index.userId')}: <span className="cw-ltr">{profile.data.userId}</span>
            </p>
            <span className={profile.data.kycLevel === 0 ? 'user-kyc-badge user-kyc-badge--none' : 'user-kyc-badge'}>
              {t(`index.kycLevel.${profile.data.kycLevel}`)}
            </span>
          </div>
        )}
      </section>
      <nav aria-label={t('index.menu')}>
        <List>
          {MENU.map(({ key, path }) => (
            <NavListItem key={key} to={path}>
              {t(`index.${key}`)}
            </NavListItem>
          ))}
        </List>
      </nav>
      {session.isLoggedIn && (
        <div className="user-actions">
          <Button block color="danger" fill="outline" className="user-logout" onClick={() => void signOut()}>
            {t('index.logout')}
          </Button>
        </div>
      )}
    </main>
  );
}
