import { useQuery } from '@tanstack/react-query';
import { useHost, type Paginated } from '@cardwallet/shared';
import { announcementsKey, type ArticleSummary } from '../../information/api/announcements';

export const BANNER_SIZE = 5;

/** GET content/announcements — the newest few (pinned first) for the home banner, with read state. */
export function useLatestAnnouncements() {
  const { http } = useHost();
  return useQuery({
    // Under the message centre's key: marking announcements read there refreshes the banner too.
    queryKey: [...announcementsKey, 'latest'],
    queryFn: async () =>
      (
        await http.get<Paginated<ArticleSummary>>(
          'content/announcements',
          { page: 1, per_page: BANNER_SIZE },
          { prompt: false },
        )
      ).data,
  });
}
