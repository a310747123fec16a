import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { AmountReveal } from '@cardwallet/shared/forms';
import { formatDateTime, useMoney } from '../../../lib/format';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { EmptyState } from '../../../components/empty-state';
import { useSecuredAccount } from '../api/get-secured-account';

/** Funds held (amount + fee of pending withdrawals) until an administrator decides. */
export default function SecuredAccountPage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const secured = useSecuredAccount();

  if (secured.isPending) return <PageSkeleton rows={6} />;
  if (secured.isError) return <LoadError error={secured.error} onRetry={() => void secured.refetch()} />;
  const { totalUsd, totals, holdings } = secured.data;

  return (
    <main className="wallet-page">
      <section className="wallet-hero" aria-labelledby="secured-total">
        <h2 id="secured-total" className="wallet-hero-label">
          {t('secured.total')}
        </h2>
        <p className="wallet-hero-amount">
          <span className="cw-ltr">{fmt.usd(totalUsd)}</span>
        </p>
        <p className="wallet-hero-sub">{t('secured.explain')}</p>
      </section>
      {holdings.length === 0 ? (
        <EmptyState
          title={t('secured.emptyTitle')}
          description={t('secured.emptyBody')}
          action={
            <button
              type="button"
              className="wallet-link-button"
              onClick={() => navigation.navigate('/pages/wallet/cash-flow')}
            >
              {t('index.cashFlow')}
            </button>
          }
        />
      ) : (
        <>
          <List header={<h2 className="wallet-list-header">{t('secured.byCurrency')}</h2>}>
            {totals.map((x) => (
              <List.Item key={x.currency} extra={<span className="cw-ltr">≈ {fmt.usd(x.usdValue)}</span>}>
                <AmountReveal amount={x.amount} currency={x.currency} />
              </List.Item>
            ))}
          </List>
          <List header={<h2 className="wallet-list-header">{t('secured.holdings')}</h2>}>
            {holdings.map((h) => (
              <List.Item
                key={h.withdrawalId}
                description={formatDateTime(fmt.locale, h.createdAt)}
                extra={<AmountReveal amount={h.amount} currency={h.currency} />}
              >
                {t(`secured.reasons.${h.reason}`)}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </main>
  );
}
