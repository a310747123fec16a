import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { addressListResult, type CryptoCurrency } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';

/** GET wallet/addresses?currency= — the address book. */
export async function getAddresses(
  http: HttpClient,
  currency?: CryptoCurrency,
): Promise<z.infer<typeof addressListResult>> {
  const data = await http.get<unknown>('wallet/addresses', currency ? { currency } : undefined, { prompt: false });
  return addressListResult.parse(data);
}

export const addressesQueryOptions = (http: HttpClient, currency?: CryptoCurrency) =>
  queryOptions({
    queryKey: ['wallet', 'addresses', currency ?? 'all'],
    queryFn: () => getAddresses(http, currency),
  });

export function useAddresses(currency?: CryptoCurrency) {
  const { http } = useHost();
  return useQuery(addressesQueryOptions(http, currency));
}
