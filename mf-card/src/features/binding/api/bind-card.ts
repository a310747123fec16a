import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardSummary, type BindCardBody, type CardSummary } from '@cardwallet/shared/schemas';

/** POST card/bind — a physical card received by post: number + the code on its carrier. */
export async function bindCard(http: HttpClient, body: BindCardBody): Promise<CardSummary> {
  return cardSummary.parse(await http.post<unknown>('card/bind', body, { prompt: false, loading: true }));
}

export function useBindCard() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'bind'],
    mutationFn: (body: BindCardBody) => bindCard(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
