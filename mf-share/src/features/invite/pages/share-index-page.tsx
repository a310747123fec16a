import { ErrorBlock, List } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

/** Invite friends (no nav bar: the page draws its own header). Referral data comes with the share API. */
export default function ShareIndexPage() {
  const { t } = useTranslation('share');
  const host = useHost();
  return (
    <main>
      <header style={{ background: 'var(--adm-color-primary)', padding: '12px 16px 28px', color: 'var(--cw-brand-dark)' }}>
        <button type="button" className="cw-back" aria-label={t('index.back')} onClick={() => host.navigation.back()}>
          <LeftOutline />
        </button>
        <h1 style={{ margin: '12px 0 8px', fontSize: 24 }}>{t('index.title')}</h1>
        <p style={{ margin: 0 }}>{t('index.subtitle')}</p>
      </header>
      <section aria-labelledby="share-levels" style={{ background: '#fff', margin: 12, borderRadius: 12, padding: 16 }}>
        <h2 id="share-levels" style={{ margin: '0 0 8px', fontSize: 16 }}>{t('index.howItWorks')}</h2>
        <ol style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.6 }}>
          <li>{t('index.levelOpenCard')}</li>
          <li>{t('index.levelRecharge')}</li>
        </ol>
      </section>
      <section aria-labelledby="share-code">
        <h2 id="share-code" className="cw-section-title">{t('index.myInvitation')}</h2>
        <ErrorBlock status="empty" title={t('index.invitationUnavailable')} description="" fullPage={false} />
      </section>
      <List>
        <List.Item onClick={() => host.navigation.navigate('/pages/share/my-friend')}>{t('index.myFriends')}</List.Item>
        <List.Item onClick={() => host.navigation.navigate('/pages/share/detail')}>{t('index.rewards')}</List.Item>
      </List>
    </main>
  );
}
