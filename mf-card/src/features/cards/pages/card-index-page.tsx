import { Button, ErrorBlock, List } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

/** Card tab: the user's cards and the entries to get one. Card data arrives with the card API. */
export default function CardIndexPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  return (
    <main>
      <section aria-labelledby="card-apply" style={{ margin: 12, padding: 20, borderRadius: 12, background: 'var(--cw-brand-dark)', color: '#fff' }}>
        <BankcardOutline fontSize={32} aria-hidden />
        <h2 id="card-apply" style={{ margin: '8px 0 4px', fontSize: 18 }}>{t('index.applyTitle')}</h2>
        <p style={{ margin: '0 0 16px', opacity: 0.8 }}>{t('index.applyDescription')}</p>
        <Button color="primary" shape="rounded" onClick={() => host.navigation.navigate('/pages/card/apply')}>
          {t('index.apply')}
        </Button>
      </section>
      <section aria-labelledby="card-mine">
        <h2 id="card-mine" className="cw-section-title">{t('index.myCards')}</h2>
        <ErrorBlock status="empty" title={t('index.cardsUnavailable')} description="" fullPage={false} />
      </section>
      <List>
        <List.Item onClick={() => host.navigation.navigate('/pages/card/bind-card')}>{t('index.bindCard')}</List.Item>
        <List.Item onClick={() => host.navigation.navigate('/pages/card/benefits')}>{t('index.benefits')}</List.Item>
      </List>
    </main>
  );
}
