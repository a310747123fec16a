import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardReplaceResult, type CardReplaceResult } from '@cardwallet/shared/schemas';

/**
 * POST card/replace (Idempotency-Key) — a new card for a compromised one: the issuer reissues it with
 * a new number, the balance moves to it, the old card is closed. Free. The caller makes the key once
 * per confirmation, so a second tap or a retry after a network error replaces the card once.
 */
export async function replaceCard(
  http: HttpClient,
  cardId: string,
  idempotencyKey: string,
): Promise<CardReplaceResult> {
  return cardReplaceResult.parse(
    await http.post<unknown>('card/replace', { cardId }, { prompt: false, idempotencyKey, loading: true }),
  );
}

export function useReplaceCard(idempotencyKey: string) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'replace'],
    mutationFn: (cardId: string) => replaceCard(http, cardId, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
