import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardEligibilityResult, type CardEligibility } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET card/eligibility — KYC level, bound e-mail, age, card-funding balance and each gate's verdict. */
export async function getEligibility(http: HttpClient): Promise<CardEligibility> {
  return cardEligibilityResult.parse(await http.get<unknown>('card/eligibility', undefined, { prompt: false }));
}

export const eligibilityQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: QUERY_KEYS.cardEligibility, queryFn: () => getEligibility(http) });

export function useEligibility() {
  const { http } = useHost();
  return useQuery(eligibilityQueryOptions(http));
}
