import { Grid } from 'antd-mobile';
import { BankcardOutline, GiftOutline, MessageOutline, QuestionCircleOutline, ReceivePaymentOutline, SendOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

const SHORTCUTS = [
  { key: 'recharge', path: '/pages/wallet/recharge', Icon: ReceivePaymentOutline },
  { key: 'withdraw', path: '/pages/wallet/withdraw', Icon: SendOutline },
  { key: 'applyCard', path: '/pages/card/apply', Icon: BankcardOutline },
  { key: 'invite', path: '/pages/share/index', Icon: GiftOutline },
  { key: 'messages', path: '/pages/index/information', Icon: MessageOutline },
  { key: 'help', path: '/pages/about/help', Icon: QuestionCircleOutline },
  { key: 'about', path: '/pages/about/index', Icon: InformationCircleOutline },
] as const;

/** Home tab (no nav bar): brand header and entries into the feature apps. */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const host = useHost();
  return (
    <main>
      <header style={{ background: 'var(--cw-brand-dark)', color: '#fff', padding: '32px 20px 28px' }}>
        <h1 style={{ margin: 0, fontSize: 24 }}>{t('appName')}</h1>
        <p style={{ margin: '8px 0 0', opacity: 0.8 }}>{t('home.welcome')}</p>
      </header>
      <section aria-labelledby="home-shortcuts" style={{ background: '#fff', margin: 12, borderRadius: 12, padding: '12px 0' }}>
        <h2 id="home-shortcuts" className="cw-section-title" style={{ marginTop: 4 }}>
          {t('home.shortcuts')}
        </h2>
        <Grid columns={4} gap={8}>
          {SHORTCUTS.map(({ key, path, Icon }) => (
            <Grid.Item key={key}>
              <button
                type="button"
                onClick={() => host.navigation.navigate(path)}
                style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, width: '100%', background: 'none', border: 0, padding: '8px 0', fontSize: 12, color: 'inherit' }}
              >
                <Icon fontSize={26} aria-hidden />
                <span>{t(`home.${key}`)}</span>
              </button>
            </Grid.Item>
          ))}
        </Grid>
      </section>
    </main>
  );
}
