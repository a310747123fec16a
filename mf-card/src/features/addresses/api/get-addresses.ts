import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardAddressesResult, type CardAddress } from '@cardwallet/shared/schemas';

/** GET card/addresses — the customer's shipping addresses. */
export async function getAddresses(http: HttpClient): Promise<CardAddress[]> {
  return cardAddressesResult.parse(await http.get<unknown>('card/addresses', undefined, { prompt: false })).addresses;
}

export const addressesQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: ['card', 'addresses'], queryFn: () => getAddresses(http) });

export function useAddresses() {
  const { http } = useHost();
  return useQuery(addressesQueryOptions(http));
}
