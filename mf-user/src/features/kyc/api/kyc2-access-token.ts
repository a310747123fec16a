import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { kyc2AccessTokenResult, type Kyc2AccessToken } from '@cardwallet/shared/schemas';

/** POST kyc/level2/accessToken — the provider's short-lived token and the URL of its flow. */
export async function getKyc2AccessToken(http: HttpClient, locale: string): Promise<Kyc2AccessToken> {
  return kyc2AccessTokenResult.parse(await http.post<unknown>('kyc/level2/accessToken', { locale }, { prompt: false }));
}

export function useKyc2AccessToken() {
  const { http } = useHost();
  return useMutation({ mutationFn: (locale: string) => getKyc2AccessToken(http, locale) });
}
