import { NavListItem } from '@cardwallet/shared/ui';
import { useEffect, useState } from 'react';
import List from 'antd-mobile/es/components/list';
import { ReceivePaymentOutline, SendOutline, LoopOutline, BankcardOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { AmountReveal } from '@cardwallet/shared/forms';
import { useMoney } from '../../../lib/format';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { EmptyState } from '../../../components/empty-state';
import { useBalances } from '../api/get-balances';
import { useUnseenEvents } from '../api/get-unseen-events';
import { useMarkEventsSeen } from '../api/mark-events-seen';

const ACTIONS = [
  { key: 'recharge', path: '/pages/wallet/recharge', Icon: ReceivePaymentOutline },
  { key: 'withdraw', path: '/pages/wallet/withdraw', Icon: SendOutline },
  { key: 'exchange', path: '/pages/wallet/currency_exchange', Icon: LoopOutline },
  { key: 'transfer', path: '/pages/wallet/transfer', Icon: BankcardOutline },
] as const;

/**
 * Marks the wallet events seen once they are shown: the count read on arrival stays on the page
 * (as a notice) while the tab badge clears.
 */
function useClearBadge() {
  const { tabBadge } = useHost();
  const unseen = useUnseenEvents();
  const markSeen = useMarkEventsSeen();
  const [arrivalCount, setArrivalCount] = useState<number | null>(null);
  const count = unseen.data?.count ?? 0;
  const { mutate } = markSeen;
  useEffect(() => {
    if (!unseen.isSuccess || arrivalCount !== null) return;
    setArrivalCount(count);
    tabBadge.set('wallet', 0);
    if (count > 0) mutate();
  }, [unseen.isSuccess, arrivalCount, count, mutate, tabBadge]);
  return arrivalCount ?? 0;
}

/** Wallet tab: total assets, the money actions, every currency's balances and the records. */
export default function WalletIndexPage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const balances = useBalances();
  const newEvents = useClearBadge();
  const funded = balances.data?.balances.some((b) => b.available !== '0' || b.held !== '0') ?? false;

  return (
    <main className="wallet-page">
      {newEvents > 0 && (
        <div className="wallet-news" role="status">
          <span>{t('index.newEvents', { n: newEvents })}</span>
          <button
            type="button"
            className="wallet-link-button"
            onClick={() => navigation.navigate('/pages/wallet/cash-flow')}
          >
            {t('index.seeCashFlow')}
          </button>
        </div>
      )}
      <section className="wallet-hero" aria-labelledby="wallet-total">
        <h2 id="wallet-total" className="wallet-hero-label">
          {t('index.totalAssets')}
        </h2>
        <p className="wallet-hero-amount">
          {balances.data ? (
            <span className="cw-ltr">{fmt.usd(balances.data.totalUsd)}</span>
          ) : (
            <span aria-label={t('common.loading')}>--</span>
          )}
        </p>
        <p className="wallet-hero-sub">
          {t('index.cardFunding')}{' '}
          <span className="cw-ltr">{balances.data ? fmt.usd(balances.data.cardFunding) : '--'}</span>{' '}
          {balances.data && Number(balances.data.cardFunding) > 0 && (
            <button
              type="button"
              className="wallet-link-button"
              onClick={() => navigation.navigate('/pages/wallet/card-funding')}
            >
              {t('index.moveCardFunding')}
            </button>
          )}
        </p>
      </section>

      <nav aria-label={t('index.actions')} className="wallet-actions">
        {ACTIONS.map(({ key, path, Icon }) => (
          <button key={key} type="button" className="wallet-action" onClick={() => navigation.navigate(path)}>
            <Icon fontSize={24} aria-hidden />
            <span>{t(`index.${key}`)}</span>
          </button>
        ))}
      </nav>

      <section aria-labelledby="wallet-currencies">
        <h2 id="wallet-currencies" className="cw-section-title">
          {t('index.currencies')}
        </h2>
        {balances.isPending && <PageSkeleton rows={5} />}
        {balances.isError && <LoadError error={balances.error} onRetry={() => void balances.refetch()} />}
        {balances.data && !funded && (
          <EmptyState
            title={t('index.emptyTitle')}
            description={t('index.emptyBody')}
            action={
              <button
                type="button"
                className="wallet-link-button"
                onClick={() => navigation.navigate('/pages/wallet/recharge')}
              >
                {t('index.recharge')}
              </button>
            }
          />
        )}
        {balances.data && funded && (
          <ul className="cw-list wallet-balance-list">
            {balances.data.balances.map((b) => (
              <li key={b.currency} className="cw-list-row">
                <div className="cw-list-row-main">
                  <span className="wallet-balance-currency">{b.currency}</span>
                  <span
                    className="cw-ltr wallet-balance-usd"
                    aria-label={t('index.usdValueOf', { currency: b.currency, value: fmt.usd(b.usdValue) })}
                  >
                    ≈ {fmt.usd(b.usdValue)}
                  </span>
                </div>
                <dl className="cw-facts wallet-balance-figures">
                  <div>
                    <dt>{t('index.available')}</dt>
                    <dd className="cw-ltr">
                      <AmountReveal amount={b.available} currency={b.currency} withCurrency={false} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('index.held')}</dt>
                    <dd className="cw-ltr">
                      <AmountReveal amount={b.held} currency={b.currency} withCurrency={false} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>

      <List header={<h2 className="wallet-list-header">{t('index.records')}</h2>}>
        <NavListItem to="/pages/wallet/secured-account">{t('index.securedAccount')}</NavListItem>
        <NavListItem to="/pages/wallet/cash-flow">{t('index.cashFlow')}</NavListItem>
        <NavListItem to="/pages/wallet/exchange-record">{t('index.exchangeRecord')}</NavListItem>
        <NavListItem to="/pages/wallet/card-funding">{t('titles.cardFunding')}</NavListItem>
        <NavListItem to="/pages/wallet/select-address">{t('index.addressBook')}</NavListItem>
      </List>
    </main>
  );
}
