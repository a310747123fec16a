import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** The part of GET wallet/balances the home page shows (USD valuations as decimal strings). */
export interface WalletTotals {
  totalUsd: string;
  cardFunding: string;
}

export const homeBalancesKey = QUERY_KEYS.homeBalances;

export const balancesQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: homeBalancesKey,
    queryFn: async () => {
      const data = await http.get<WalletTotals>('wallet/balances', undefined, { prompt: false });
      return { totalUsd: String(data.totalUsd), cardFunding: String(data.cardFunding) };
    },
  });

/** GET wallet/balances — the wallet's USD valuation (held withdrawals included) and the card-funding account. */
export function useWalletTotals() {
  const { http } = useHost();
  return useQuery(balancesQueryOptions(http));
}
