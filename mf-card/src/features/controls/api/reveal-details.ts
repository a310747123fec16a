import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardDetailsResult, cardRevealGrantResult, type CardDetails } from '@cardwallet/shared/schemas';

/**
 * POST card/detailsGrant then POST card/details: the transaction password unlocks a single-use
 * grant, redeemed at once. The answer lives only in this mutation's state (never in the query
 * cache, never in storage) and the page drops it after `visibleSeconds`.
 */
export async function revealDetails(http: HttpClient, body: { cardId: string; payPassword: string }): Promise<CardDetails> {
  const { grant } = cardRevealGrantResult.parse(await http.post<unknown>('card/detailsGrant', body, { prompt: false }));
  return cardDetailsResult.parse(await http.post<unknown>('card/details', { cardId: body.cardId, grant }, { prompt: false }));
}

export function useRevealDetails() {
  const { http } = useHost();
  return useMutation({ mutationKey: ['card', 'details'], mutationFn: (body: { cardId: string; payPassword: string }) => revealDetails(http, body), gcTime: 0 });
}
