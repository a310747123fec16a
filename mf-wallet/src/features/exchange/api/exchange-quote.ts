import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { exchangeQuoteResult, type ExchangeQuote, type ExchangeQuoteBody } from '@cardwallet/shared/schemas';

/** POST wallet/exchangeQuote — a price honoured for 30 s (moves no money). */
export async function exchangeQuote(http: HttpClient, body: ExchangeQuoteBody): Promise<ExchangeQuote> {
  const data = await http.post<unknown>('wallet/exchangeQuote', body, { prompt: false });
  return exchangeQuoteResult.parse(data);
}

export function useExchangeQuote() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['wallet', 'exchangeQuote'],
    mutationFn: (body: ExchangeQuoteBody) => exchangeQuote(http, body),
  });
}
