import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { BalancesResult } from '@cardwallet/shared/schemas';
import { parseBalances } from '../../../lib/light-parse';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET wallet/balances — every currency's available / held balance with its USD value, the total and the card-funding account. */
export async function getBalances(http: HttpClient): Promise<BalancesResult> {
  const data = await http.get<unknown>('wallet/balances', undefined, { prompt: false });
  return parseBalances(data);
}

export const getBalancesQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: QUERY_KEYS.walletBalances,
    queryFn: () => getBalances(http),
  });

export function useBalances() {
  const { http } = useHost();
  return useQuery(getBalancesQueryOptions(http));
}
