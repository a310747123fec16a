import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { registerDataResult, type RegisterData } from '@cardwallet/shared/schemas';

/** GET user/getRegisterData — countries with dial codes and the rules the register page shows. */
export async function getRegisterData(http: HttpClient): Promise<RegisterData> {
  const data = await http.get<unknown>('user/getRegisterData', undefined, { prompt: false });
  return registerDataResult.parse(data);
}

export const registerDataQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: ['passport', 'register-data'],
    queryFn: () => getRegisterData(http),
    // Country list and rules change with a deploy, not within a visit.
    staleTime: 60 * 60 * 1000,
  });

export function useRegisterData() {
  const { http } = useHost();
  return useQuery(registerDataQueryOptions(http));
}
