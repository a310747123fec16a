import { ErrorBlock, Grid, List } from 'antd-mobile';
import { ReceivePaymentOutline, SendOutline, LoopOutline, BankcardOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

const ACTIONS = [
  { key: 'recharge', path: '/pages/wallet/recharge', Icon: ReceivePaymentOutline },
  { key: 'withdraw', path: '/pages/wallet/withdraw', Icon: SendOutline },
  { key: 'exchange', path: '/pages/wallet/currency_exchange', Icon: LoopOutline },
  { key: 'transfer', path: '/pages/wallet/transfer', Icon: BankcardOutline },
] as const;

/** Wallet tab: total assets, the money actions and the per-currency balances (from the wallet API). */
export default function WalletIndexPage() {
  const { t } = useTranslation('wallet');
  const host = useHost();
  return (
    <main>
      <section aria-labelledby="wallet-total" style={{ margin: 12, padding: 20, borderRadius: 12, background: 'var(--cw-brand-dark)', color: '#fff' }}>
        <h2 id="wallet-total" style={{ margin: 0, fontSize: 14, fontWeight: 400, opacity: 0.8 }}>{t('index.totalAssets')}</h2>
        <p style={{ margin: '8px 0 0', fontSize: 28, fontWeight: 600 }} aria-label={t('index.totalUnavailable')}>
          <span className="cw-ltr">--</span>
        </p>
      </section>
      <Grid columns={4} gap={8} style={{ background: '#fff', margin: '0 12px', borderRadius: 12, padding: '8px 0' }}>
        {ACTIONS.map(({ key, path, Icon }) => (
          <Grid.Item key={key}>
            <button
              type="button"
              onClick={() => host.navigation.navigate(path)}
              style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, width: '100%', background: 'none', border: 0, padding: '8px 0', fontSize: 12, color: 'inherit' }}
            >
              <Icon fontSize={24} aria-hidden />
              <span>{t(`index.${key}`)}</span>
            </button>
          </Grid.Item>
        ))}
      </Grid>
      <section aria-labelledby="wallet-currencies">
        <h2 id="wallet-currencies" className="cw-section-title">{t('index.currencies')}</h2>
        <ErrorBlock status="empty" title={t('index.balancesUnavailable')} description="" fullPage={false} />
      </section>
      <List header={t('index.records')}>
        <List.Item onClick={() => host.navigation.navigate('/pages/wallet/secured-account')}>{t('index.securedAccount')}</List.Item>
        <List.Item onClick={() => host.navigation.navigate('/pages/wallet/cash-flow')}>{t('index.cashFlow')}</List.Item>
        <List.Item onClick={() => host.navigation.navigate('/pages/wallet/exchange-record')}>{t('index.exchangeRecord')}</List.Item>
      </List>
    </main>
  );
}
