import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { currenciesResult } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';

/** GET wallet/currencies — currencies, networks, limits and USD rates. */
export async function getCurrencies(http: HttpClient): Promise<z.infer<typeof currenciesResult>> {
  const data = await http.get<unknown>('wallet/currencies', undefined, { prompt: false });
  return currenciesResult.parse(data);
}

export const getCurrenciesQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: ['wallet', 'currencies'],
    queryFn: () => getCurrencies(http),
    // Limits and networks change with releases, not while a page is open.
    staleTime: 5 * 60_000,
  });

export function useCurrencies() {
  const { http } = useHost();
  return useQuery(getCurrenciesQueryOptions(http));
}
