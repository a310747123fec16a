import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { isApiError, type Locale } from '@cardwallet/shared';
import { useInformationTranslation } from '../i18n';
import { relativeTime } from '../relative-time';

export interface InboxItem {
  id: string;
  title: string;
  preview: string;
  at: string;
  read: boolean;
  pinned?: boolean;
}

export interface InboxListProps {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    hasNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  items: InboxItem[];
  unreadCount: number;
  markAll: { run: () => void; pending: boolean };
  empty: { title: string; body: string };
  onOpen: (id: string) => void;
}

/** One tab of the message centre: unread count, mark-all-read, the list with infinite scroll. */
export function InboxList({ query, items, unreadCount, markAll, empty, onOpen }: InboxListProps) {
  const { t, i18n } = useInformationTranslation();
  const locale = i18n.language as Locale;
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label={t('loadingMore')}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="cw-message-skeleton">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorBlock
        status="default"
        title={t('loadFailed')}
        description={<span role="alert">{isApiError(query.error) ? query.error.message : ''}</span>}
      >
        <Button color="primary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (items.length === 0) return <ErrorBlock status="empty" title={empty.title} description={empty.body} />;
  return (
    <>
      <div className="cw-messages-toolbar">
        <p className="cw-messages-count" aria-live="polite">
          {unreadCount > 0 ? t('unread', { count: unreadCount }) : t('allRead')}
        </p>
        <Button
          size="small"
          fill="outline"
          color="primary"
          disabled={unreadCount === 0}
          loading={markAll.pending}
          onClick={markAll.run}
        >
          {t('markAllRead')}
        </Button>
      </div>
      <ul className="cw-messages-list">
        {items.map((item) => (
          <li key={item.id} className="cw-message-item">
            <button type="button" className="cw-message-link" data-read={item.read} onClick={() => onOpen(item.id)}>
              <span className="cw-message-dot" data-read={item.read} aria-hidden />
              <span className="cw-message-head">
                <span className="cw-message-title">
                  {!item.read && <span className="cw-visually-hidden">{`${t('unreadLabel')}: `}</span>}
                  {item.pinned && <span className="cw-message-pinned">{t('pinned')}</span>}
                  {item.title}
                </span>
                <time className="cw-message-time" dateTime={item.at}>
                  {relativeTime(item.at, locale, t('justNow'))}
                </time>
              </span>
              <span className="cw-message-preview">{item.preview}</span>
            </button>
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={async () => void (await query.fetchNextPage())} hasMore={query.hasNextPage}>
        {query.hasNextPage ? t('loadingMore') : t('noMore')}
      </InfiniteScroll>
    </>
  );
}
