import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardOperationRecord, type CardOperationRecord, type CardWithdrawBody } from '@cardwallet/shared/schemas';

/** POST card/withdraw — card → the wallet in USD, USDT or USDC (1:1); 5 USD fee; the card keeps 1 USD; transaction password. */
export async function withdrawCard(http: HttpClient, body: CardWithdrawBody): Promise<CardOperationRecord> {
  return cardOperationRecord.parse(
    await http.post<unknown>('card/withdraw', body, { prompt: false, idempotencyKey: true, loading: true }),
  );
}

export function useWithdrawCard() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'withdraw'],
    mutationFn: (body: CardWithdrawBody) => withdrawCard(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
