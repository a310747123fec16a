import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  withdrawFeeResult,
  type CryptoCurrency,
  type WalletNetwork,
  type WithdrawFeeResult,
} from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET wallet/withdrawFee — network fee, minimum and available balance, shown before confirming. */
export async function getWithdrawFee(
  http: HttpClient,
  currency: CryptoCurrency,
  network: WalletNetwork,
): Promise<WithdrawFeeResult> {
  const data = await http.get<unknown>('wallet/withdrawFee', { currency, network }, { prompt: false });
  return withdrawFeeResult.parse(data);
}

export const withdrawFeeQueryOptions = (http: HttpClient, currency: CryptoCurrency, network: WalletNetwork) =>
  queryOptions({
    queryKey: [...QUERY_KEYS.walletWithdrawFee, currency, network],
    queryFn: () => getWithdrawFee(http, currency, network),
    placeholderData: keepPreviousData,
  });

export function useWithdrawFee(currency: CryptoCurrency, network: WalletNetwork) {
  const { http } = useHost();
  return useQuery(withdrawFeeQueryOptions(http, currency, network));
}
