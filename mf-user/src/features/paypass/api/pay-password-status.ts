import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { payPasswordStatusResult } from '@cardwallet/shared/schemas';

/** GET user/payPasswordStatus — whether a transaction password is set, and minutes it stays locked. */
export async function getPayPasswordStatus(http: HttpClient) {
  return payPasswordStatusResult.parse(await http.get<unknown>('user/payPasswordStatus'));
}

export const payPasswordStatusKey = ['user', 'pay-password-status'] as const;
export function usePayPasswordStatus() {
  const { http } = useHost();
  return useQuery(queryOptions({ queryKey: payPasswordStatusKey, queryFn: () => getPayPasswordStatus(http) }));
}
