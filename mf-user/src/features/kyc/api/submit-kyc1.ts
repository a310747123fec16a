import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { kycStatusResult, type Kyc1Body, type KycStatus } from '@cardwallet/shared/schemas';
import { KYC_STATUS_KEY } from './kyc-status';

/** POST kyc/level1 — the provider decides in the call; a failure is kept so it can be corrected. */
export async function submitKyc1(http: HttpClient, body: Kyc1Body): Promise<KycStatus> {
  return kycStatusResult.parse(await http.post<unknown>('kyc/level1', body, { prompt: false }));
}

export function useSubmitKyc1() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Kyc1Body) => submitKyc1(http, body),
    onSuccess: (status) => queryClient.setQueryData(KYC_STATUS_KEY, status),
    // A refusal (e.g. document number or name wrong) changed the stored state too.
    onError: () => queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY }),
  });
}
