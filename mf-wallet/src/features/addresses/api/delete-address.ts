import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';

/** POST wallet/deleteAddress */
export async function deleteAddress(http: HttpClient, id: string): Promise<void> {
  await http.post<unknown>('wallet/deleteAddress', { id }, { prompt: false });
}

export function useDeleteAddress() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'deleteAddress'],
    mutationFn: (id: string) => deleteAddress(http, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  });
}
