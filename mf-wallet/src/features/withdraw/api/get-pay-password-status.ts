import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { payPasswordStatusResult } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';

/** GET user/payPasswordStatus — whether a transaction password is set (else the way to set one). */
export async function getPayPasswordStatus(http: HttpClient): Promise<z.infer<typeof payPasswordStatusResult>> {
  const data = await http.get<unknown>('user/payPasswordStatus', undefined, { prompt: false });
  return payPasswordStatusResult.parse(data);
}

export const getPayPasswordStatusQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: ['wallet', 'payPasswordStatus'],
    queryFn: () => getPayPasswordStatus(http),
  });

export function usePayPasswordStatus() {
  const { http } = useHost();
  return useQuery(getPayPasswordStatusQueryOptions(http));
}
