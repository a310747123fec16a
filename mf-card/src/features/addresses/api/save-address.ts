import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardAddress, type CardAddress, type ShippingAddressInput } from '@cardwallet/shared/schemas';

/** POST card/addAddress, or card/updateAddress when editing (`id`). */
export async function saveAddress(
  http: HttpClient,
  body: ShippingAddressInput & { id?: string },
): Promise<CardAddress> {
  const url = body.id ? 'card/updateAddress' : 'card/addAddress';
  return cardAddress.parse(await http.post<unknown>(url, body, { prompt: false }));
}

export function useSaveAddress() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'saveAddress'],
    mutationFn: (body: ShippingAddressInput & { id?: string }) => saveAddress(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card', 'addresses'] }),
  });
}
