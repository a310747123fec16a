import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardDisputeEligibility } from '@cardwallet/shared/schemas';

/** GET card/dispute/eligibility?orderId= — whether a statement line can be disputed, or its dispute. */
export async function getDisputeEligibility(http: HttpClient, orderId: string) {
  return cardDisputeEligibility.parse(
    await http.get<unknown>('card/dispute/eligibility', { orderId }, { prompt: false }),
  );
}

export const disputeEligibilityQueryOptions = (http: HttpClient, orderId: string) =>
  queryOptions({
    queryKey: ['card', 'dispute-eligibility', orderId],
    queryFn: () => getDisputeEligibility(http, orderId),
    enabled: orderId.length > 0,
  });

export function useDisputeEligibility(orderId: string) {
  const { http } = useHost();
  return useQuery(disputeEligibilityQueryOptions(http, orderId));
}
