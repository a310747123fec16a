import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardDetailsResult, cardRevealGrantResult, type CardDetails } from '@cardwallet/shared/schemas';
import { passkeyProof, type PasskeyProof } from '@cardwallet/shared/forms';

/** The proof card/detailsGrant takes: the transaction password or a passkey assertion. */
export type RevealBody = { cardId: string; payPassword: string } | { cardId: string; passkey: PasskeyProof };

/**
 * POST card/detailsGrant then POST card/details: the transaction password or a passkey unlocks a
 * single-use grant, redeemed at once. The answer lives only in this mutation's state (never in the
 * query cache, never in storage) and the page drops it after `visibleSeconds`.
 */
export async function revealDetails(http: HttpClient, body: RevealBody): Promise<CardDetails> {
  const { grant } = cardRevealGrantResult.parse(await http.post<unknown>('card/detailsGrant', body, { prompt: false }));
  return cardDetailsResult.parse(
    await http.post<unknown>('card/details', { cardId: body.cardId, grant }, { prompt: false }),
  );
}

/** The reveal with a passkey: the proof ceremony, the browser's dialog, then the same two calls. */
export async function revealDetailsWithPasskey(http: HttpClient, cardId: string): Promise<CardDetails> {
  return revealDetails(http, { cardId, passkey: await passkeyProof(http) });
}

export function useRevealDetails() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['card', 'details'],
    mutationFn: (body: RevealBody) => revealDetails(http, body),
    gcTime: 0,
  });
}
