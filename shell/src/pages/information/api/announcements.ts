import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient, type Paginated } from '@cardwallet/shared';

export interface ArticleSummary {
  id: string;
  kind: string;
  title: string;
  summary: string;
  pinned: boolean;
  publishedAt: string;
  read?: boolean;
  /** The locale the texts are in (en-US when the reader's is missing). */
  locale?: string;
}
export interface Article extends ArticleSummary {
  bodyHtml: string;
}

export const announcementsKey = ['shell', 'announcements'] as const;

/** GET content/announcements — with the customer's read state, pinned first. */
export const announcementsQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: [...announcementsKey, 'list'],
    queryFn: ({ pageParam }) =>
      http.get<Paginated<ArticleSummary>>('content/announcements', { page: pageParam }, { prompt: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useAnnouncements() {
  const { http } = useHost();
  return useInfiniteQuery(announcementsQueryOptions(http));
}

/** GET content/announcements/unreadCount */
export function useUnreadAnnouncements() {
  const { http } = useHost();
  return useQuery({
    queryKey: [...announcementsKey, 'unread'],
    queryFn: () =>
      http.get<{ announcements: number }>('content/announcements/unreadCount', undefined, { prompt: false }),
  });
}

/** GET content/announcement?id= — opening marks it read. */
export function useAnnouncement(id: string, enabled: boolean) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...announcementsKey, 'detail', id],
    queryFn: async () => {
      const article = await http.get<Article>('content/announcement', { id }, { prompt: false });
      void queryClient.invalidateQueries({ queryKey: [...announcementsKey, 'unread'] });
      void queryClient.invalidateQueries({ queryKey: [...announcementsKey, 'list'] });
      return article;
    },
    enabled: enabled && /^\d{1,18}$/.test(id),
    retry: false,
  });
}

/** POST content/announcements/readAll */
export function useReadAllAnnouncements() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ updated: number }>('content/announcements/readAll', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  });
}
