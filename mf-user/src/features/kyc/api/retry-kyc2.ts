import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { KYC_STATUS_KEY } from './kyc-status';

/** POST kyc/level2/retry — after RED + RETRY the provider's flow may be run again. */
export async function retryKyc2(http: HttpClient): Promise<void> {
  await http.post<unknown>('kyc/level2/retry', {}, { prompt: false });
}

export function useRetryKyc2() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryKyc2(http),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY }),
  });
}
