import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@cardwallet/shared';
import { messagesKey } from '../information/api/messages';
import { announcementsKey } from '../information/api/announcements';
import { useLatestAnnouncements } from './api/get-latest-announcements';
import { AnnouncementBanner } from './components/announcement-banner';
import { BalanceCard } from './components/balance-card';
import { CardsGlance } from './components/cards-glance';
import { InboxSummary } from './components/inbox-summary';
import { NewsPreview } from './components/news-preview';
import { QuickActions } from './components/quick-actions';
import { QueryProvider } from '../../services/query-client';

/** What a signed-in customer's home shows: the live stream's events refetch balances and counts. */
const LIVE_PREFIXES = ['wallet.', 'cards.', 'notifications.'] as const;

/**
 * The signed-in home (its own chunk: the signed-out first paint never loads it): total balance,
 * quick actions, cards, unread counts, the announcement banner and news.
 */
export default function SignedInHome() {
  // The home route has no query layer of its own (its signed-out screen calls no API): this chunk brings it.
  return (
    <QueryProvider>
      <SignedInContent />
    </QueryProvider>
  );
}

function SignedInContent() {
  const queryClient = useQueryClient();
  const announcements = useLatestAnnouncements();
  // A deposit credited, a card operation, a new message — or a (re)connection, after which
  // whatever happened meanwhile is caught up — refreshes what the page shows without a reload.
  useLiveEvents(LIVE_PREFIXES, (event) => {
    void queryClient.invalidateQueries({ queryKey: ['shell', 'home'] });
    void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'unread'] });
    if (event.type === 'live.connected') void queryClient.invalidateQueries({ queryKey: announcementsKey });
  });
  return (
    <>
      <BalanceCard />
      <QuickActions />
      {announcements.data && announcements.data.length > 0 && <AnnouncementBanner items={announcements.data} />}
      <CardsGlance />
      <InboxSummary />
      <NewsPreview />
    </>
  );
}
