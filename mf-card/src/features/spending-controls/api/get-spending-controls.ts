import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardSpendingControls } from '@cardwallet/shared/schemas';

/** GET card/controls?cardId — the card's toggles, blocked categories and own monthly limit. */
export async function getSpendingControls(http: HttpClient, cardId: string) {
  return cardSpendingControls.parse(await http.get<unknown>('card/controls', { cardId }, { prompt: false }));
}

export const spendingControlsQueryOptions = (http: HttpClient, cardId: string) =>
  queryOptions({
    queryKey: ['card', 'spendingControls', cardId],
    queryFn: () => getSpendingControls(http, cardId),
  });

export function useSpendingControls(cardId: string) {
  const { http } = useHost();
  return useQuery({ ...spendingControlsQueryOptions(http, cardId), enabled: cardId !== '' });
}
