import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { withdrawalRecord, type WithdrawBody, type WithdrawalRecord } from '@cardwallet/shared/schemas';

/** POST wallet/withdraw — the idempotency key is the intent's, reused by every retry of it. */
export async function withdraw(
  http: HttpClient,
  body: WithdrawBody,
  idempotencyKey: string,
): Promise<WithdrawalRecord> {
  const data = await http.post<unknown>('wallet/withdraw', body, { prompt: false, loading: true, idempotencyKey });
  return withdrawalRecord.parse(data);
}

export function useWithdraw() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'withdraw'],
    mutationFn: ({ body, idempotencyKey }: { body: WithdrawBody; idempotencyKey: string }) =>
      withdraw(http, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
