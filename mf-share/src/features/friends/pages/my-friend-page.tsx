import { useState } from 'react';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { ReferralLevel } from '@cardwallet/shared/schemas';
import { EmptyState } from '../../../components/empty-state';
import { InviteFriendsLink } from '../../../components/invite-friends-link';
import { LoadError } from '../../../components/load-error';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useFormat } from '../../../lib/format';
import { useFriends } from '../api/get-friends';

/** My friends: level 1 / level 2 tabs, masked, registration time, cards, recharge total; 15 per page. */
export default function MyFriendPage() {
  const { t } = useTranslation('share');
  const rtl = useHost().i18n.useLanguage() === 'ar-AE';
  const fmt = useFormat();
  const [level, setLevel] = useState<ReferralLevel>(1);
  const friends = useFriends(level);
  const items = friends.data?.pages.flatMap((p) => p.data) ?? [];
  const total = friends.data?.pages[0]?.total;

  return (
    <main className="share-page">
      <Tabs
        activeKey={String(level)}
        onChange={(k) => setLevel(Number(k) as ReferralLevel)}
        direction={rtl ? 'rtl' : 'ltr'}
        className="share-tabs"
      >
        <Tabs.Tab key="1" title={t('friends.level1')} />
        <Tabs.Tab key="2" title={t('friends.level2')} />
      </Tabs>
      <p className="share-intro">{t(level === 1 ? 'friends.level1Help' : 'friends.level2Help')}</p>
      {friends.isPending && <PageSkeleton rows={8} />}
      {friends.isError && <LoadError error={friends.error} onRetry={() => void friends.refetch()} />}
      {friends.data && items.length === 0 && (
        <EmptyState
          title={t('friends.emptyTitle')}
          description={t(level === 1 ? 'friends.empty1' : 'friends.empty2')}
          action={<InviteFriendsLink />}
        />
      )}
      {items.length > 0 && (
        <>
          <p className="share-count">{t('friends.count', { count: total ?? items.length })}</p>
          <ul className="cw-list share-list" aria-label={t(level === 1 ? 'friends.level1' : 'friends.level2')}>
            {items.map((f, i) => (
              <li key={`${f.displayName}-${f.registeredAt}-${i}`} className="cw-list-row">
                <div className="cw-list-row-main">
                  <span className="cw-ltr share-friend">{f.displayName}</span>
                  <span className="share-amount">{t('friends.earned', { amount: fmt.usd(f.earned) })}</span>
                </div>
                <dl className="cw-facts share-friend-facts">
                  <div>
                    <dt>{t('friends.registered')}</dt>
                    <dd>
                      <time dateTime={f.registeredAt}>{fmt.date(f.registeredAt, true)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('friends.cards')}</dt>
                    <dd className="cw-ltr">{fmt.number(f.cardCount)}</dd>
                  </div>
                  <div>
                    <dt>{t('friends.recharged')}</dt>
                    <dd className="cw-ltr">{fmt.usd(f.rechargeTotal)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={async () => void (await friends.fetchNextPage())} hasMore={friends.hasNextPage}>
            {friends.hasNextPage ? t('common.loading') : t('common.noMore')}
          </InfiniteScroll>
        </>
      )}
    </main>
  );
}
