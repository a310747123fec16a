import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardTopUpQuote, type CardTopUpQuote, type CardTopUpQuoteQuery } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/topUpQuote — the gateway fee, the total taken from card funding; refuses what card/topUp refuses. */
export async function getTopUpQuote(http: HttpClient, query: CardTopUpQuoteQuery): Promise<CardTopUpQuote> {
  return cardTopUpQuote.parse(await http.get<unknown>('card/topUpQuote', query, { prompt: false }));
}

/** `amount`: the canonical figure the field accepted; null while there is none (nothing is asked). */
export const topUpQuoteQueryOptions = (http: HttpClient, cardId: string, amount: string | null) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardTopUpQuote, cardId, amount],
    queryFn: () => getTopUpQuote(http, { cardId, amount: amount! }),
    enabled: amount !== null,
    // A refusal is the answer for this amount (shown at the field), not a failure to retry.
    retry: false,
  });

export function useTopUpQuote(cardId: string, amount: string | null) {
  const { http } = useHost();
  return useQuery(topUpQuoteQueryOptions(http, cardId, amount));
}
