import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardsResult, type CardSummary } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/list — the customer's cards, newest first (masked numbers only). */
export async function getCards(http: HttpClient): Promise<CardSummary[]> {
  return cardsResult.parse(await http.get<unknown>('card/list', undefined, { prompt: false })).cards;
}

export const cardsQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: QUERY_KEYS.cardList, queryFn: () => getCards(http) });

export function useCards() {
  const { http } = useHost();
  return useQuery(cardsQueryOptions(http));
}
