import { useState } from 'react';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { CASH_FLOW_FILTERS } from '@cardwallet/shared/schemas';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { EmptyState } from '../../../components/empty-state';
import { useCashFlow, type CashFlowFilter } from '../api/get-cash-flow';
import { CashFlowRow } from '../components/cash-flow-item';

/** The wallet statement: all / income / expense / withdrawing, 15 per page with infinite scroll. */
export default function CashFlowPage() {
  const { t } = useTranslation('wallet');
  const { navigation, i18n } = useHost();
  const rtl = i18n.useLanguage() === 'ar-AE';
  const [filter, setFilter] = useState<CashFlowFilter>('all');
  const flow = useCashFlow(filter);
  const items = flow.data?.pages.flatMap((p) => p.data) ?? [];
  // One "now" per render of the list, so rows loaded together agree.
  const now = flow.dataUpdatedAt || Date.now();

  return (
    <main className="wallet-page">
      <Tabs
        activeKey={filter}
        onChange={(k) => setFilter(k as CashFlowFilter)}
        direction={rtl ? 'rtl' : 'ltr'}
        className="wallet-tabs"
      >
        {CASH_FLOW_FILTERS.map((f) => (
          <Tabs.Tab key={f} title={t(`cashFlow.filters.${f}`)} />
        ))}
      </Tabs>
      {flow.isPending && <PageSkeleton rows={8} />}
      {flow.isError && <LoadError error={flow.error} onRetry={() => void flow.refetch()} />}
      {flow.data && items.length === 0 && (
        <EmptyState
          title={t('cashFlow.emptyTitle')}
          description={t(filter === 'withdrawing' ? 'cashFlow.emptyWithdrawing' : 'cashFlow.emptyBody')}
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
      {items.length > 0 && (
        <>
          <ul className="wallet-flow-list" aria-label={t(`cashFlow.filters.${filter}`)}>
            {items.map((item) => (
              <CashFlowRow key={item.id} item={item} now={now} />
            ))}
          </ul>
          <InfiniteScroll
            loadMore={async () => {
              await flow.fetchNextPage();
            }}
            hasMore={flow.hasNextPage}
          >
            {flow.hasNextPage ? t('common.loading') : t('common.noMore')}
          </InfiniteScroll>
        </>
      )}
    </main>
  );
}
