import { useState } from 'react';
import { ErrorBlock, InfiniteScroll, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { CARD_ORDER_STATUSES, type CardOrder, type CardOrderStatus } from '@cardwallet/shared/schemas';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useCards } from '../../cards/api/get-cards';
import { useOrders } from '../api/get-orders';
import { ExportForm } from '../components/export-form';
import { OrderDetail } from '../components/order-detail';
import { OrderRow } from '../components/order-row';
import { DisputeEntry } from '../../disputes/components/dispute-entry';

/** Statement (card orders): filter by card and state, 15 per page with infinite scroll, detail, CSV export. */
export default function OrderListPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const [cardId, setCardId] = useState(useQueryParam('cardId'));
  const [status, setStatus] = useState<CardOrderStatus | ''>('');
  const [open, setOpen] = useState<CardOrder | null>(null);
  const cards = useCards();
  const orders = useOrders({ cardId, status });
  const rows = orders.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <main className="card-page">
      <div className="card-filters">
        <label>
          {t('orders.filterCard')}
          <select className="card-native-input" value={cardId} onChange={(e) => setCardId(e.target.value)}>
            <option value="">{t('orders.allCards')}</option>
            {(cards.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {t(`brand.${c.brand}`)} {c.maskedNumber}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('orders.filterStatus')}
          <select
            className="card-native-input"
            value={status}
            onChange={(e) => setStatus(e.target.value as CardOrderStatus | '')}
          >
            <option value="">{t('orders.allStates')}</option>
            {CARD_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`orderStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section aria-labelledby="card-orders-title">
        <h2 id="card-orders-title" className="cw-section-title">
          {t('orders.title')}
        </h2>
        {orders.isPending ? (
          <PageSkeleton label={t('common.loading')} />
        ) : orders.isError ? (
          <LoadError error={orders.error} retry={() => void orders.refetch()} />
        ) : rows.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={t('orders.emptyTitle')}
            description={t('orders.emptyDescription')}
            fullPage={false}
          />
        ) : (
          <>
            <ul className="card-orders">
              {rows.map((o) => (
                <li key={o.id}>
                  <OrderRow order={o} onOpen={() => setOpen(o)} />
                </li>
              ))}
            </ul>
            <InfiniteScroll loadMore={async () => void (await orders.fetchNextPage())} hasMore={orders.hasNextPage}>
              {orders.hasNextPage ? <span role="status">{t('common.loading')}</span> : <span>{t('orders.end')}</span>}
            </InfiniteScroll>
          </>
        )}
      </section>
      {rows.length === 0 && !orders.isPending && cards.data?.length === 0 ? (
        <div className="card-actions">
          <button type="button" className="card-link" onClick={() => navigation.navigate('/pages/card/apply')}>
            {t('index.apply')}
          </button>
        </div>
      ) : null}
      <ExportForm cardId={cardId} />
      <div className="card-actions">
        <button
          type="button"
          className="card-link"
          onClick={() =>
            navigation.navigate(`/pages/card/disputes${cardId ? `?cardId=${encodeURIComponent(cardId)}` : ''}`)
          }
        >
          {t('disputes.entry.list')}
        </button>
      </div>
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="card-order-popup"
        destroyOnClose
      >
        {open ? (
          <div role="dialog" aria-modal="true" aria-label={t('orders.detailTitle')}>
            <OrderDetail order={open} />
            <DisputeEntry order={open} />
            <div className="card-actions">
              <button
                type="button"
                className="adm-button adm-button-default adm-button-block"
                onClick={() => setOpen(null)}
              >
                {t('orders.closeDetail')}
              </button>
            </div>
          </div>
        ) : null}
      </Popup>
    </main>
  );
}
