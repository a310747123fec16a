import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { UnseenEventsResult } from '@cardwallet/shared/schemas';
import { parseUnseenEvents } from '../../../lib/light-parse';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET wallet/unseenEvents — deposits credited and withdrawals decided the customer has not seen (the tab badge). */
export async function getUnseenEvents(http: HttpClient): Promise<UnseenEventsResult> {
  const data = await http.get<unknown>('wallet/unseenEvents', undefined, { prompt: false });
  return parseUnseenEvents(data);
}

export const getUnseenEventsQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: QUERY_KEYS.walletUnseenEvents,
    queryFn: () => getUnseenEvents(http),
  });

export function useUnseenEvents() {
  const { http } = useHost();
  return useQuery(getUnseenEventsQueryOptions(http));
}
