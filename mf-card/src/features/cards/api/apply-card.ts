import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardSummary, type ApplyCardBody, type CardSummary } from '@cardwallet/shared/schemas';

/** POST card/apply — one idempotency key per submission, reused by the client's re-sends. */
export async function applyCard(http: HttpClient, body: ApplyCardBody): Promise<CardSummary> {
  return cardSummary.parse(
    await http.post<unknown>('card/apply', body, { prompt: false, idempotencyKey: true, loading: true }),
  );
}

export function useApplyCard() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'apply'],
    mutationFn: (body: ApplyCardBody) => applyCard(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
