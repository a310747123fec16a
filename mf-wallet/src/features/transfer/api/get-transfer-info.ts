import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { transferInfoResult } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET wallet/transferInfo — limits, sources, the KYC 1 gate and the card-funding balance. */
export async function getTransferInfo(http: HttpClient): Promise<z.infer<typeof transferInfoResult>> {
  const data = await http.get<unknown>('wallet/transferInfo', undefined, { prompt: false });
  return transferInfoResult.parse(data);
}

export const getTransferInfoQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: QUERY_KEYS.walletTransferInfo,
    queryFn: () => getTransferInfo(http),
  });

export function useTransferInfo() {
  const { http } = useHost();
  return useQuery(getTransferInfoQueryOptions(http));
}
