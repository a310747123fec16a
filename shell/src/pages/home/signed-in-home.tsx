import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@cardwallet/shared';
import { announcementsKey } from '../information/api/announcements';
import { useLatestAnnouncements } from './api/get-latest-announcements';
import { AnnouncementBanner } from './components/announcement-banner';
import { BalanceCard } from './components/balance-card';
import { CardsGlance } from './components/cards-glance';
import { InboxSummary } from './components/inbox-summary';
import { NewsPreview } from './components/news-preview';
import { QuickActions } from './components/quick-actions';
import { QueryProvider } from '../../services/query-client';

/**
 * Balances, cards and unread counts follow the live stream through the shell's query sync
 * (services/live-query-sync.ts); the page itself only catches up on announcements after a
 * (re)connection (announcements are not the customer's events).
 */
const LIVE_RECONNECTED = ['live.connected'] as const;

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
  useLiveEvents(LIVE_RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: announcementsKey }));
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
