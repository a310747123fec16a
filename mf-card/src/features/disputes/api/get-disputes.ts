import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardDisputesResult } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/dispute/list?cardId= — the customer's disputes (of one card), newest first (the first 100). */
export async function getDisputes(http: HttpClient, cardId: string) {
  return cardDisputesResult.parse(
    await http.get<unknown>(
      'card/dispute/list',
      { ...(cardId ? { cardId } : {}), page: 1, per_page: 100 },
      { prompt: false },
    ),
  );
}

export const disputesQueryOptions = (http: HttpClient, cardId: string) =>
  queryOptions({ queryKey: [...QUERY_KEYS.cardDisputes, cardId], queryFn: () => getDisputes(http, cardId) });

export function useDisputes(cardId: string) {
  const { http } = useHost();
  return useQuery(disputesQueryOptions(http, cardId));
}
