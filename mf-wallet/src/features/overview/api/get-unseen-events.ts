import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { unseenEventsResult, type UnseenEventsResult } from '@cardwallet/shared/schemas';


/** GET wallet/unseenEvents — deposits credited and withdrawals decided the customer has not seen (the tab badge). */
export async function getUnseenEvents(http: HttpClient): Promise<UnseenEventsResult> {
  const data = await http.get<unknown>('wallet/unseenEvents', undefined, { prompt: false });
  return unseenEventsResult.parse(data);
}

export const getUnseenEventsQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: ['wallet', 'unseenEvents'],
    queryFn: () => getUnseenEvents(http),
  });

export function useUnseenEvents() {
  const { http } = useHost();
  return useQuery(getUnseenEventsQueryOptions(http));
}
