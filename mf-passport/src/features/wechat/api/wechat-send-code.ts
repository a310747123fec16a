import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatSendCodeResult } from '@cardwallet/shared/schemas';

/** POST passport/wechatSendCode — the SMS code of the browser's binding step (needs the live ticket). */
export async function wechatSendCode(http: HttpClient, ticket: string, mobile: string) {
  const data = await http.post<unknown>('passport/wechatSendCode', { form: { ticket, mobile } }, { prompt: false });
  return wechatSendCodeResult.parse(data);
}

export function useWechatSendCode(ticket: string) {
  const { http } = useHost();
  return (mobile: string) => wechatSendCode(http, ticket, mobile);
}
