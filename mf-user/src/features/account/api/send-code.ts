import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { sendCodeResult, type SendCodeBody, type SendCodeResult } from '@cardwallet/shared/schemas';

/** POST user/sendCode — e-mails or texts a 6-digit code for `purpose`. */
export async function sendCode(http: HttpClient, body: SendCodeBody): Promise<SendCodeResult> {
  const data = await http.post<unknown>('user/sendCode', body, { prompt: false });
  return sendCodeResult.parse(data);
}

export const sendCodeMutationOptions = (http: HttpClient) =>
  mutationOptions({
    mutationKey: ['user', 'send-code'],
    mutationFn: (body: SendCodeBody) => sendCode(http, body),
  });

export function useSendCode() {
  const { http } = useHost();
  return useMutation(sendCodeMutationOptions(http));
}
