import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { transferRecord, type TransferBody, type TransferRecord } from '@cardwallet/shared/schemas';

/** POST wallet/transfer — wallet → card-funding account; the key is reused by every retry. */
export async function transfer(http: HttpClient, body: TransferBody, idempotencyKey: string): Promise<TransferRecord> {
  const data = await http.post<unknown>('wallet/transfer', body, { prompt: false, loading: true, idempotencyKey });
  return transferRecord.parse(data);
}

export function useTransfer() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'transfer'],
    mutationFn: ({ body, idempotencyKey }: { body: TransferBody; idempotencyKey: string }) =>
      transfer(http, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
