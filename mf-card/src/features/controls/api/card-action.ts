import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardSummary, cardUnfreezeRequestResult, type CardSummary } from '@cardwallet/shared/schemas';

export type CardAction = 'freeze' | 'unfreeze' | 'close' | 'requestUnfreeze';

/**
 * POST card/freeze | card/unfreeze | card/close (Idempotency-Key) | card/requestUnfreeze — the
 * card controls behind a confirmation; each answers the card as it is now.
 */
export async function cardAction(http: HttpClient, action: CardAction, cardId: string): Promise<CardSummary> {
  const answer = await http.post<unknown>(`card/${action}`, { cardId }, { prompt: false, loading: true, ...(action === 'close' ? { idempotencyKey: true as const } : {}) });
  return action === 'requestUnfreeze' ? cardUnfreezeRequestResult.parse(answer).card : cardSummary.parse(answer);
}

export function useCardAction(action: CardAction) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', action],
    mutationFn: (cardId: string) => cardAction(http, action, cardId),
    onSuccess: (card) => {
      queryClient.setQueryData(['card', 'detail', card.id], card);
      return queryClient.invalidateQueries({ queryKey: ['card'] });
    },
  });
}
