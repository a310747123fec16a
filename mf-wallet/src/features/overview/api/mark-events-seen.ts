import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { UnseenEventsResult } from '@cardwallet/shared/schemas';
import { parseUnseenEvents } from '../../../lib/light-parse';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** POST wallet/markEventsSeen — the customer has looked at the wallet; the badge count goes to 0. */
export async function markEventsSeen(http: HttpClient): Promise<UnseenEventsResult> {
  const data = await http.post<unknown>('wallet/markEventsSeen', {}, { prompt: false });
  return parseUnseenEvents(data);
}

export function useMarkEventsSeen() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'markEventsSeen'],
    mutationFn: () => markEventsSeen(http),
    onSuccess: (data) => queryClient.setQueryData(QUERY_KEYS.walletUnseenEvents, data),
  });
}
