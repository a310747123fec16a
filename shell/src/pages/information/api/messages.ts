import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useHost, type HttpClient, type Paginated } from '@cardwallet/shared';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

export interface Message {
  id: string;
  category: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export const messagesKey = QUERY_KEYS.messages;

/** GET notifications/messages — 15 per page, newest first. */
export const messagesQueryOptions = (http: HttpClient) =>
  infiniteQueryOptions({
    queryKey: [...messagesKey, 'list'],
    queryFn: ({ pageParam }) =>
      http.get<Paginated<Message>>('notifications/messages', { page: pageParam }, { prompt: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useMessages() {
  const { http } = useHost();
  return useInfiniteQuery(messagesQueryOptions(http));
}

/** GET notifications/unreadCount */
export const unreadCountQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: [...messagesKey, 'unread'],
    queryFn: () => http.get<{ messages: number }>('notifications/unreadCount', undefined, { prompt: false }),
  });

export function useUnreadCount() {
  const { http } = useHost();
  return useQuery(unreadCountQueryOptions(http));
}

/** GET notifications/message?id= — opening marks it read. */
export function useMessage(id: string) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...messagesKey, 'detail', id],
    queryFn: async () => {
      const message = await http.get<Message>('notifications/message', { id }, { prompt: false });
      void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'unread'] });
      void queryClient.invalidateQueries({ queryKey: [...messagesKey, 'list'] });
      return message;
    },
    enabled: /^\d{1,18}$/.test(id),
    retry: false,
  });
}

/** POST notifications/readAll */
export function useMarkAllRead() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ updated: number }>('notifications/readAll', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}
