import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { depositsResult, type DepositRecord } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** How often the open recharge page asks again while a deposit is confirming (one block ≈ 3 s in the sandbox). */
export const CONFIRMING_POLL_MS = 4000;
/** Otherwise the customer is usually waiting for the transfer they just sent to show up. */
export const WAITING_POLL_MS = 10_000;

/** GET wallet/deposits — the latest deposits, confirming ones first to change. */
export async function getDeposits(http: HttpClient, page = 1): Promise<z.infer<typeof depositsResult>> {
  const data = await http.get<unknown>('wallet/deposits', { page }, { prompt: false });
  return depositsResult.parse(data);
}

export const depositsQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: QUERY_KEYS.walletDeposits,
    queryFn: () => getDeposits(http),
    // Confirmations move on chain: poll briskly while a shown deposit is confirming, slowly while
    // the page waits for a new one (only while the recharge page is open: it is its only user).
    refetchInterval: (query) =>
      query.state.data?.data.some((d: DepositRecord) => d.status === 'confirming')
        ? CONFIRMING_POLL_MS
        : WAITING_POLL_MS,
  });

export function useDeposits() {
  const { http } = useHost();
  return useQuery(depositsQueryOptions(http));
}
