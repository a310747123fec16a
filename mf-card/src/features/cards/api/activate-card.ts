import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardOperationRecord, type ActivateCardBody, type CardOperationRecord } from '@cardwallet/shared/schemas';

/** POST card/activate — cardholder + the first top-up, which activates the card. */
export async function activateCard(http: HttpClient, body: ActivateCardBody): Promise<CardOperationRecord> {
  return cardOperationRecord.parse(
    await http.post<unknown>('card/activate', body, { prompt: false, idempotencyKey: true, loading: true }),
  );
}

export function useActivateCard() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'activate'],
    mutationFn: (body: ActivateCardBody) => activateCard(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
