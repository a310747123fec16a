import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  cardSummary,
  cardUnfreezeRequestResult,
  type CardSummary,
  type CardWalletCurrency,
} from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

export type CardAction = 'freeze' | 'unfreeze' | 'close' | 'requestUnfreeze';

/** The card; for a close the wallet currency its balance returns to (default USD); for an unfreeze request an unfreeze-fee coupon. */
export type CardActionInput = string | { cardId: string; currency?: CardWalletCurrency; couponId?: string };

/**
 * POST card/freeze | card/unfreeze | card/close (Idempotency-Key) | card/requestUnfreeze — the
 * card controls behind a confirmation; each answers the card as it is now.
 */
export async function cardAction(http: HttpClient, action: CardAction, input: CardActionInput): Promise<CardSummary> {
  const body = typeof input === 'string' ? { cardId: input } : input;
  const answer = await http.post<unknown>(`card/${action}`, body, {
    prompt: false,
    loading: true,
    ...(action === 'close' ? { idempotencyKey: true as const } : {}),
  });
  return action === 'requestUnfreeze' ? cardUnfreezeRequestResult.parse(answer).card : cardSummary.parse(answer);
}

export function useCardAction(action: CardAction) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', action],
    mutationFn: (input: CardActionInput) => cardAction(http, action, input),
    onSuccess: (card) => {
      queryClient.setQueryData([...QUERY_KEYS.cardDetail, card.id], card);
      return queryClient.invalidateQueries({ queryKey: ['card'] });
    },
  });
}
