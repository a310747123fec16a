import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient, type Paginated } from '@cardwallet/shared';
import type { Article, ArticleSummary } from '../../information/api/announcements';

export const newsKey = ['shell', 'news'] as const;
export const NEWS_DETAIL_PATH = '/pages/index/news-detail';
export const NEWS_LIST_PATH = '/pages/index/news';
export const newsDetailUrl = (id: string) => `${NEWS_DETAIL_PATH}?id=${encodeURIComponent(id)}`;

/** GET content/articles?kind=news — 15 per page (spec §9), pinned first, newest first. */
export const newsQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: [...newsKey, 'list'],
    queryFn: ({ pageParam }) =>
      http.get<Paginated<ArticleSummary>>('content/articles', { kind: 'news', page: pageParam }, { prompt: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useNews() {
  const { http } = useHost();
  return useInfiniteQuery(newsQueryOptions(http));
}

/** The newest few articles for the home page. */
export function useLatestNews(count: number) {
  const { http } = useHost();
  return useQuery({
    queryKey: [...newsKey, 'latest', count],
    queryFn: async () =>
      (
        await http.get<Paginated<ArticleSummary>>(
          'content/articles',
          { kind: 'news', page: 1, per_page: count },
          { prompt: false },
        )
      ).data,
  });
}

/** GET content/article?id= — one published article in the reader's language (HTML sanitised by the API). */
export function useNewsArticle(id: string) {
  const { http } = useHost();
  return useQuery({
    queryKey: [...newsKey, 'detail', id],
    queryFn: () => http.get<Article>('content/article', { id }, { prompt: false }),
    enabled: /^\d{1,18}$/.test(id),
    retry: false,
  });
}
