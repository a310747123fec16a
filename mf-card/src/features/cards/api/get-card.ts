import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardSummary, type CardSummary } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/detail?cardId= — one card (a physical card's shipping state is fresh from the issuer). */
export async function getCard(http: HttpClient, cardId: string): Promise<CardSummary> {
  return cardSummary.parse(await http.get<unknown>('card/detail', { cardId }, { prompt: false }));
}

export const cardQueryOptions = (http: HttpClient, cardId: string) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardDetail, cardId],
    queryFn: () => getCard(http, cardId),
    enabled: cardId.length > 0,
  });

export function useCard(cardId: string) {
  const { http } = useHost();
  return useQuery(cardQueryOptions(http, cardId));
}
