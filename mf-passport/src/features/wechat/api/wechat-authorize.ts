import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import type { WechatAuthorizeResult } from '@cardwallet/shared/schemas';
import { loadSchemas } from '../../../lib/lazy-schemas';

/** GET passport/wechatAuthorize — WeChat's authorisation page (the sandbox's in sandbox mode) and its state. */
export async function wechatAuthorize(http: HttpClient): Promise<WechatAuthorizeResult> {
  const [data, { wechatAuthorizeResult }] = await Promise.all([
    http.get<unknown>(
      'passport/wechatAuthorize',
      { scope: 'snsapi_login', redirectPath: '/pages/passport/wechat' },
      { prompt: false, login: 'none' },
    ),
    loadSchemas(),
  ]);
  return wechatAuthorizeResult.parse(data);
}

export function useWechatAuthorize() {
  const { http } = useHost();
  return useMutation({ mutationKey: ['passport', 'wechat-authorize'], mutationFn: () => wechatAuthorize(http) });
}
