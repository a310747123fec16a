import { Avatar, Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

const MENU = [
  { key: 'settings', path: '/pages/user/settings' },
  { key: 'language', path: '/pages/user/language' },
  { key: 'kyc', path: '/pages/user/kyc' },
  { key: 'coupons', path: '/pages/user/coupon-list' },
  { key: 'invite', path: '/pages/share/index' },
  { key: 'help', path: '/pages/about/help' },
  { key: 'about', path: '/pages/about/index' },
] as const;

/** Member tab: profile header, the account menu, and log out. */
export default function UserIndexPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const session = host.session.useSession();
  return (
    <main>
      <section aria-labelledby="user-profile" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 20, background: 'var(--cw-brand-dark)', color: '#fff' }}>
        <Avatar src="" style={{ '--size': '56px', '--border-radius': '50%' }} aria-hidden />
        <div style={{ flex: 1 }}>
          {session.isLoggedIn ? (
            <>
              <h2 id="user-profile" style={{ margin: 0, fontSize: 18 }}>{t('index.welcome')}</h2>
              <p style={{ margin: '4px 0 0', opacity: 0.8 }}>
                {t('index.userId')}: <span className="cw-ltr">{session.userId}</span>
              </p>
            </>
          ) : (
            <>
              <h2 id="user-profile" style={{ margin: '0 0 8px', fontSize: 18 }}>{t('index.guest')}</h2>
              <Button size="small" color="primary" onClick={() => host.session.requireLogin({ mode: 'redirect' })}>
                {t('index.loginOrRegister')}
              </Button>
            </>
          )}
        </div>
      </section>
      <nav aria-label={t('index.menu')}>
        <List>
          {MENU.map(({ key, path }) => (
            <List.Item key={key} onClick={() => host.navigation.navigate(path)} arrowIcon>
              {t(`index.${key}`)}
            </List.Item>
          ))}
        </List>
      </nav>
      {session.isLoggedIn && (
        <div style={{ padding: 16 }}>
          <Button
            block
            color="danger"
            fill="outline"
            onClick={async () => {
              await host.session.signOut();
              host.navigation.switchTab('/pages/index/index');
            }}
          >
            {t('index.logout')}
          </Button>
        </div>
      )}
    </main>
  );
}
