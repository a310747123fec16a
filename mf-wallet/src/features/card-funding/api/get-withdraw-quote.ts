import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  cardFundingWithdrawQuote,
  type CardFundingWithdrawQuote,
  type CardFundingWithdrawQuoteQuery,
  type CardWalletCurrency,
} from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/**
 * GET card/funding/withdrawQuote — what `amount` USD of card funding brings in `currency` now: 1:1
 * as USD or up to what came in as that coin, the rest priced as an exchange (spread); refuses what
 * card/funding/withdrawToWallet refuses.
 */
export async function getCardFundingWithdrawQuote(
  http: HttpClient,
  query: CardFundingWithdrawQuoteQuery,
): Promise<CardFundingWithdrawQuote> {
  return cardFundingWithdrawQuote.parse(
    await http.get<unknown>('card/funding/withdrawQuote', query, { prompt: false }),
  );
}

/** `amount`: the canonical figure the field accepted; null while there is none (nothing is asked). */
export const cardFundingWithdrawQuoteQueryOptions = (
  http: HttpClient,
  amount: string | null,
  currency: CardWalletCurrency,
) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.cardFundingWithdrawQuote, amount, currency],
    queryFn: () => getCardFundingWithdrawQuote(http, { amount: amount!, currency }),
    enabled: amount !== null,
    // A refusal is the answer for this amount (shown at the field), not a failure to retry.
    retry: false,
  });

export function useCardFundingWithdrawQuote(amount: string | null, currency: CardWalletCurrency) {
  const { http } = useHost();
  return useQuery(cardFundingWithdrawQuoteQueryOptions(http, amount, currency));
}
