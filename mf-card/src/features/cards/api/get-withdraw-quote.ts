import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  cardWithdrawQuote,
  type CardWalletCurrency,
  type CardWithdrawQuote,
  type CardWithdrawQuoteQuery,
} from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/**
 * GET card/withdrawQuote — the fee, the card balance left and what arrives in `currency`: 1:1 as
 * USD or up to what came in as that coin, the rest priced as an exchange (spread); refuses what
 * card/withdraw refuses before its proof.
 */
export async function getWithdrawQuote(http: HttpClient, query: CardWithdrawQuoteQuery): Promise<CardWithdrawQuote> {
  return cardWithdrawQuote.parse(await http.get<unknown>('card/withdrawQuote', query, { prompt: false }));
}

/** `amount`: the canonical figure the field accepted; null while there is none (nothing is asked). */
export const withdrawQuoteQueryOptions = (
  http: HttpClient,
  cardId: string,
  amount: string | null,
  currency: CardWalletCurrency,
) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardWithdrawQuote, cardId, amount, currency],
    queryFn: () => getWithdrawQuote(http, { cardId, amount: amount!, currency }),
    enabled: amount !== null,
    // A refusal is the answer for this amount (shown at the field), not a failure to retry.
    retry: false,
  });

export function useWithdrawQuote(cardId: string, amount: string | null, currency: CardWalletCurrency) {
  const { http } = useHost();
  return useQuery(withdrawQuoteQueryOptions(http, cardId, amount, currency));
}
