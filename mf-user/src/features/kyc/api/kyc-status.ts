import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { kycStatusResult, type KycStatus } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

export const KYC_STATUS_KEY = QUERY_KEYS.kycStatus;
/** While the provider reviews, the state is asked again this often (the page updates without a reload). */
export const PENDING_POLL_MS = 3000;

/** GET kyc/status — level and the state of each level. */
export async function getKycStatus(http: HttpClient): Promise<KycStatus> {
  return kycStatusResult.parse(await http.get<unknown>('kyc/status', undefined, { prompt: false }));
}

export const kycStatusQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: KYC_STATUS_KEY,
    queryFn: () => getKycStatus(http),
    refetchInterval: (query) => (query.state.data?.level2.state === 'pending' ? PENDING_POLL_MS : false),
  });

export function useKycStatus() {
  const { http } = useHost();
  const query = useQuery(kycStatusQueryOptions(http));
  return query;
}
