import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useHost, type Paginated } from '@cardwallet/shared';

export interface OperatorProfile {
  legalName: string;
  registration: string;
  address: string;
  licences: Array<{ authority: string; licence: string; number: string; jurisdiction: string }>;
  support: {
    email: string;
    hours: string;
    groups: Array<{ channel: 'telegram' | 'whatsapp' | 'line' | 'wechat'; name: string; url: string }>;
  };
}
export interface HelpArticle {
  id: string;
  topic: string | null;
  title: string;
  summary: string;
}
export interface ArticleBody extends HelpArticle {
  bodyHtml: string;
}

/** GET content/about — operator, licences, support contacts. */
export function useOperatorProfile() {
  const { http } = useHost();
  return useQuery({
    queryKey: ['shell', 'about'],
    queryFn: () => http.get<OperatorProfile>('content/about', undefined, { prompt: false }),
    staleTime: 3600_000,
  });
}

/** GET content/articles?kind=help — by topic and search words; the previous answer stays while typing. */
export function useHelpArticles(topic: string, q: string) {
  const { http } = useHost();
  return useQuery({
    queryKey: ['shell', 'help', topic, q],
    queryFn: () =>
      http.get<Paginated<HelpArticle>>(
        'content/articles',
        { kind: 'help', per_page: 50, ...(topic === 'all' ? {} : { topic }), ...(q ? { q } : {}) },
        { prompt: false },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET content/article?id= — loaded when a help article is opened. */
export function useArticle(id: string | null) {
  const { http } = useHost();
  return useQuery({
    queryKey: ['shell', 'article', id],
    queryFn: () => http.get<ArticleBody>('content/article', { id: id! }, { prompt: false }),
    enabled: Boolean(id),
  });
}

/** GET content/agreement */
export function useAgreement() {
  const { http } = useHost();
  return useQuery({
    queryKey: ['shell', 'agreement'],
    queryFn: () => http.get<ArticleBody>('content/agreement', undefined, { prompt: false }),
  });
}

/** POST content/feedback */
export function useSendFeedback() {
  const { http } = useHost();
  return useMutation({
    mutationFn: (body: { rating: number; message: string }) =>
      http.post<{ id: string }>('content/feedback', body, { prompt: false }),
  });
}
