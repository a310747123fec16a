import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { formatDateTime, useMoney } from '../../../lib/format';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { EmptyState } from '../../../components/empty-state';
import { useExchangeRecords } from '../api/get-exchange-records';

/** Exchange history, 15 per page, more as the customer scrolls. */
export default function ExchangeRecordPage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const fmt = useMoney();
  const records = useExchangeRecords();

  if (records.isPending) return <PageSkeleton rows={6} />;
  if (records.isError) return <LoadError error={records.error} onRetry={() => void records.refetch()} />;
  const items = records.data.pages.flatMap((p) => p.data);
  if (items.length === 0)
    return (
      <main className="wallet-page">
        <EmptyState
          title={t('exchangeRecord.emptyTitle')}
          description={t('exchangeRecord.emptyBody')}
          action={
            <button
              type="button"
              className="wallet-link-button"
              onClick={() => navigation.navigate('/pages/wallet/currency_exchange')}
            >
              {t('index.exchange')}
            </button>
          }
        />
      </main>
    );

  return (
    <main className="wallet-page">
      <List>
        {items.map((r) => (
          <List.Item
            key={r.id}
            description={
              <>
                {formatDateTime(fmt.locale, r.createdAt)} ·{' '}
                <span className="cw-ltr">
                  1 {r.from} = {fmt.amount(r.rate, r.to)} {r.to}
                </span>
              </>
            }
            extra={<span className="cw-ltr wallet-amount-positive">+{fmt.money(r.receive, r.to)}</span>}
          >
            <span className="cw-ltr">{fmt.money(r.amount, r.from)}</span> → {r.to}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll
        loadMore={async () => {
          await records.fetchNextPage();
        }}
        hasMore={records.hasNextPage}
      >
        {records.hasNextPage ? t('common.loading') : t('common.noMore')}
      </InfiniteScroll>
    </main>
  );
}
