import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  wechatPayPrepayResult,
  type WechatPayPrepayBody,
  type WechatPayPrepayResult,
} from '@cardwallet/shared/schemas';

/** POST card/wechatPay/prepay — one idempotency key per submission, reused by the client's re-sends. */
export async function wechatPayPrepay(http: HttpClient, body: WechatPayPrepayBody): Promise<WechatPayPrepayResult> {
  return wechatPayPrepayResult.parse(
    await http.post<unknown>('card/wechatPay/prepay', body, { prompt: false, idempotencyKey: true, loading: true }),
  );
}

export function useWechatPayPrepay() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['card', 'wechat-pay', 'prepay'],
    mutationFn: (body: WechatPayPrepayBody) => wechatPayPrepay(http, body),
  });
}
