import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { referralFriendsResult, type ReferralLevel } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET referral/friends?level=&page= (15 per page, spec §9) */
export async function getFriends(
  http: HttpClient,
  level: ReferralLevel,
  page: number,
): Promise<z.infer<typeof referralFriendsResult>> {
  return referralFriendsResult.parse(await http.get<unknown>('referral/friends', { level, page }, { prompt: false }));
}

export const friendsQueryOptions = (http: HttpClient, level: ReferralLevel) =>
  infiniteQueryOptions({
    queryKey: [...QUERY_KEYS.referral, 'friends', level],
    queryFn: ({ pageParam }) => getFriends(http, level, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useFriends(level: ReferralLevel) {
  const { http } = useHost();
  return useInfiniteQuery(friendsQueryOptions(http, level));
}
