import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { inviterResult, type Inviter } from '@cardwallet/shared/schemas';

/** GET user/inviter?refereeId= (public) — the masked name and code of whoever shared the link. */
export async function getInviter(http: HttpClient, refereeId: string): Promise<Inviter> {
  const data = await http.get<unknown>('user/inviter', { refereeId }, { prompt: false, login: 'none' });
  return inviterResult.parse(data);
}

export const inviterQueryOptions = (http: HttpClient, refereeId: string) =>
  queryOptions({
    queryKey: ['passport', 'inviter', refereeId],
    queryFn: () => getInviter(http, refereeId),
    enabled: refereeId.length > 0,
    // An unknown inviter will not appear by asking again.
    retry: false,
  });

export function useInviter(refereeId: string) {
  const { http } = useHost();
  return useQuery(inviterQueryOptions(http, refereeId));
}
