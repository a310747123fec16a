import { Button, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, useHost, useLiveEvents, type Locale } from '@cardwallet/shared';
import { messagesKey, useMarkAllRead, useMessages, useUnreadCount, type Message } from './api/messages';
import { useInformationTranslation } from './i18n';
import { relativeTime } from './relative-time';
import './information.css';

/** Message centre (spec §2 index/information): the customer's messages, 15 per page, newest first. */
export default function InformationPage() {
  const { t, i18n } = useInformationTranslation();
  const host = useHost();
  const queryClient = useQueryClient();
  const messages = useMessages();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  // The API announces each message it creates: refetch while the page is open.
  useLiveEvents(['notifications.'], () => void queryClient.invalidateQueries({ queryKey: messagesKey }));

  const locale = i18n.language as Locale;
  const items = messages.data?.pages.flatMap((p) => p.data) ?? [];
  const unreadCount = unread.data?.messages ?? 0;

  if (messages.isPending) {
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
  if (messages.isError) {
    return (
      <ErrorBlock status="default" title={t('loadFailed')} description={<span role="alert">{isApiError(messages.error) ? messages.error.message : ''}</span>}>
        <Button color="primary" onClick={() => void messages.refetch()}>
          {t('retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (items.length === 0) return <ErrorBlock status="empty" title={t('emptyTitle')} description={t('emptyBody')} />;

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
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onSuccess: () => host.toast.show(t('markedAllRead'), { icon: 'success' }) })}
        >
          {t('markAllRead')}
        </Button>
      </div>
      <ul className="cw-messages-list">
        {items.map((m) => (
          <MessageItem key={m.id} message={m} locale={locale} justNow={t('justNow')} unreadLabel={t('unreadLabel')} onOpen={() => host.navigation.navigate(`/pages/index/information-detail?id=${m.id}`)} />
        ))}
      </ul>
      <InfiniteScroll loadMore={async () => void (await messages.fetchNextPage())} hasMore={messages.hasNextPage}>
        {messages.hasNextPage ? t('loadingMore') : t('noMore')}
      </InfiniteScroll>
    </>
  );
}

function MessageItem({ message, locale, justNow, unreadLabel, onOpen }: { message: Message; locale: Locale; justNow: string; unreadLabel: string; onOpen: () => void }) {
  return (
    <li className="cw-message-item">
      <button type="button" className="cw-message-link" data-read={message.read} onClick={onOpen}>
        <span className="cw-message-dot" data-read={message.read} aria-hidden />
        <span className="cw-message-head">
          <span className="cw-message-title">
            {!message.read && <span className="cw-visually-hidden">{unreadLabel}: </span>}
            {message.title}
          </span>
          <time className="cw-message-time" dateTime={message.createdAt}>
            {relativeTime(message.createdAt, locale, justNow)}
          </time>
        </span>
        <span className="cw-message-preview">{message.body}</span>
      </button>
    </li>
  );
}
