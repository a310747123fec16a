import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { securedAccountResult, type SecuredAccountResult } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET wallet/securedAccount — funds held and why (pending withdrawals). */
export async function getSecuredAccount(http: HttpClient): Promise<SecuredAccountResult> {
  const data = await http.get<unknown>('wallet/securedAccount', undefined, { prompt: false });
  return securedAccountResult.parse(data);
}

export const getSecuredAccountQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: QUERY_KEYS.walletSecuredAccount,
    queryFn: () => getSecuredAccount(http),
  });

export function useSecuredAccount() {
  const { http } = useHost();
  return useQuery(getSecuredAccountQueryOptions(http));
}
