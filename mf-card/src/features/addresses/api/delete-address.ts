import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';

/** POST card/deleteAddress — removes one of the customer's addresses (issued cards keep their copy). */
export async function deleteAddress(http: HttpClient, id: string): Promise<void> {
  await http.post<unknown>('card/deleteAddress', { id }, { prompt: false });
}

export function useDeleteAddress() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'deleteAddress'],
    mutationFn: (id: string) => deleteAddress(http, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card', 'addresses'] }),
  });
}
