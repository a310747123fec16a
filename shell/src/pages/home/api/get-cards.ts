import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** A card as GET card/list returns it (masked number only — never more). */
export interface HomeCard {
  id: string;
  type: 'virtual' | 'physical';
  brand: 'visa' | 'mastercard';
  tier: string;
  status: 'inactivated' | 'active' | 'risk_frozen' | 'cancelling' | 'closed';
  maskedNumber: string;
  balance: string;
  currency: 'USD';
}

export const homeCardsKey = QUERY_KEYS.homeCards;

export const cardsQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: homeCardsKey,
    queryFn: async () => (await http.get<{ cards: HomeCard[] }>('card/list', undefined, { prompt: false })).cards,
  });

/** GET card/list — the customer's cards with their USD balances. */
export function useHomeCards() {
  const { http } = useHost();
  return useQuery(cardsQueryOptions(http));
}
