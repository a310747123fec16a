import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { walletAddressSchema, type AddAddressBody } from '@cardwallet/shared/schemas';
import type { z } from '@cardwallet/shared/zod';

/** POST wallet/addAddress */
export async function addAddress(http: HttpClient, body: AddAddressBody): Promise<z.infer<typeof walletAddressSchema>> {
  const data = await http.post<unknown>('wallet/addAddress', body, { prompt: false });
  return walletAddressSchema.parse(data);
}

export function useAddAddress() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'addAddress'],
    mutationFn: (body: AddAddressBody) => addAddress(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet', 'addresses'] }),
  });
}
