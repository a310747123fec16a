import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { exchangeRecord, type ExchangeRecord } from '@cardwallet/shared/schemas';

/** POST wallet/exchange — executes a live quote once; the key is reused by every retry. */
export async function exchange(http: HttpClient, quoteId: string, idempotencyKey: string): Promise<ExchangeRecord> {
  const data = await http.post<unknown>(
    'wallet/exchange',
    { quoteId },
    { prompt: false, loading: true, idempotencyKey },
  );
  return exchangeRecord.parse(data);
}

export function useExchange() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'exchange'],
    mutationFn: ({ quoteId, idempotencyKey }: { quoteId: string; idempotencyKey: string }) =>
      exchange(http, quoteId, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
