import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardOperationRecord, type CardOperationRecord, type CardTopUpBody } from '@cardwallet/shared/schemas';

/** POST card/topUp — from the wallet's card-funding balance; gateway fee under 50 USD. */
export async function topUpCard(http: HttpClient, body: CardTopUpBody): Promise<CardOperationRecord> {
  return cardOperationRecord.parse(
    await http.post<unknown>('card/topUp', body, { prompt: false, idempotencyKey: true, loading: true }),
  );
}

export function useTopUpCard() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'topUp'],
    mutationFn: (body: CardTopUpBody) => topUpCard(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
