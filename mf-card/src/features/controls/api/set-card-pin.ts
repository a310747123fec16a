import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { SetCardPinBody } from '@cardwallet/shared/schemas';

/** POST card/setPin — card PIN or ATM PIN, straight to the issuer. */
export async function setCardPin(http: HttpClient, body: SetCardPinBody): Promise<void> {
  await http.post<unknown>('card/setPin', body, { prompt: false, loading: true });
}

export function useSetCardPin() {
  const { http } = useHost();
  return useMutation({ mutationKey: ['card', 'setPin'], mutationFn: (body: SetCardPinBody) => setCardPin(http, body) });
}
