import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  rechargeAddressResult,
  type CryptoCurrency,
  type RechargeAddressResult,
  type WalletNetwork,
} from '@cardwallet/shared/schemas';

/** GET wallet/rechargeAddress — the customer's stable deposit address for a currency on a network. */
export async function getRechargeAddress(
  http: HttpClient,
  currency: CryptoCurrency,
  network: WalletNetwork,
): Promise<RechargeAddressResult> {
  const data = await http.get<unknown>('wallet/rechargeAddress', { currency, network }, { prompt: false });
  return rechargeAddressResult.parse(data);
}

export const rechargeAddressQueryOptions = (http: HttpClient, currency: CryptoCurrency, network: WalletNetwork) =>
  queryOptions({
    queryKey: ['wallet', 'rechargeAddress', currency, network],
    queryFn: () => getRechargeAddress(http, currency, network),
    // The address never changes once issued.
    staleTime: Infinity,
  });

export function useRechargeAddress(currency: CryptoCurrency, network: WalletNetwork) {
  const { http } = useHost();
  return useQuery(rechargeAddressQueryOptions(http, currency, network));
}
