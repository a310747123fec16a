import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useTranslation } from 'react-i18next';
import type { CashbackKind } from '@cardwallet/shared/schemas';
import { EmptyState } from '../../../components/empty-state';
import { InviteFriendsLink } from '../../../components/invite-friends-link';
import { LoadError } from '../../../components/load-error';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useFormat } from '../../../lib/format';
import { useCashbacks } from '../api/get-cashbacks';

/** The cashback records of one kind, newest first, 15 per page with infinite scroll. */
export function CashbackList({ kind }: { kind: CashbackKind }) {
  const { t } = useTranslation('share');
  const fmt = useFormat();
  const records = useCashbacks(kind);
  const items = records.data?.pages.flatMap((p) => p.data) ?? [];

  if (records.isPending) return <PageSkeleton rows={8} />;
  if (records.isError) return <LoadError error={records.error} onRetry={() => void records.refetch()} />;
  if (items.length === 0) {
    return (
      <EmptyState
        title={t('records.emptyTitle')}
        description={t(`records.empty.${kind}`)}
        action={<InviteFriendsLink />}
      />
    );
  }
  return (
    <>
      <ul
        className="cw-list share-list"
        aria-label={t(kind === 'open_card' ? 'titles.openCard' : 'titles.rechargeCash')}
      >
        {items.map((r) => (
          <li key={r.id} className="cw-list-row">
            <div className="cw-list-row-main">
              <span className="cw-ltr share-friend">{r.friend}</span>
              <span className={`cw-ltr ${r.status === 'paid' ? 'share-amount' : 'share-muted'}`}>
                {fmt.usd(r.amount)}
              </span>
            </div>
            <div className="share-row-meta">
              <span>{t('records.level', { level: r.level })}</span>
              {r.baseAmount && (
                <span>
                  {' · '}
                  {t('records.topUp')} <span className="cw-ltr">{fmt.usd(r.baseAmount)}</span>
                </span>
              )}
              <span>
                {' · '}
                <time dateTime={r.createdAt}>{fmt.date(r.createdAt, true)}</time>
              </span>
              {r.status !== 'paid' && (
                <span className={`share-badge share-badge-${r.status}`}>{t(`records.status.${r.status}`)}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={async () => void (await records.fetchNextPage())} hasMore={records.hasNextPage}>
        {records.hasNextPage ? t('common.loading') : t('common.noMore')}
      </InfiniteScroll>
    </>
  );
}
