import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { RegisterData } from '@cardwallet/shared/schemas';
import { loadSchemas } from '../../../lib/lazy-schemas';

/** GET user/getRegisterData — countries with dial codes and the rules the register page shows. */
export async function getRegisterData(http: HttpClient): Promise<RegisterData> {
  const [data, { registerDataResult }] = await Promise.all([
    http.get<unknown>('user/getRegisterData', undefined, { prompt: false }),
    loadSchemas(),
  ]);
  return registerDataResult.parse(data);
}

export const registerDataQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: ['passport', 'register-data'],
    queryFn: () => getRegisterData(http),
    // Country list and rules change with a deploy, not within a visit.
    staleTime: 60 * 60 * 1000,
  });

/** `enabled: false` until the countries are needed (the login page: its mobile tab). */
export function useRegisterData(enabled = true) {
  const { http } = useHost();
  return useQuery({ ...registerDataQueryOptions(http), enabled });
}
