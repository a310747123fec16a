import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { createCardDisputeResult, type CreateCardDisputeBody } from '@cardwallet/shared/schemas';

/**
 * POST card/dispute/create — free. The form makes its Idempotency-Key once, so a retry after a
 * network error (or a second tap) files the same dispute, never a second one.
 */
export async function createDispute(http: HttpClient, body: CreateCardDisputeBody, idempotencyKey: string) {
  return createCardDisputeResult.parse(
    await http.post<unknown>('card/dispute/create', body, { prompt: false, idempotencyKey, loading: true }),
  );
}

export function useCreateDispute(idempotencyKey: string) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'dispute', 'create'],
    mutationFn: (body: CreateCardDisputeBody) => createDispute(http, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
