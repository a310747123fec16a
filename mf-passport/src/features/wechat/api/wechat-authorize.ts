import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatAuthorizeResult, type WechatAuthorizeResult } from '@cardwallet/shared/schemas';

/** GET passport/wechatAuthorize — WeChat's authorisation page (the sandbox's in sandbox mode) and its state. */
export async function wechatAuthorize(http: HttpClient): Promise<WechatAuthorizeResult> {
  const data = await http.get<unknown>(
    'passport/wechatAuthorize',
    { scope: 'snsapi_login', redirectPath: '/pages/passport/wechat' },
    { prompt: false, login: 'none' },
  );
  return wechatAuthorizeResult.parse(data);
}

export function useWechatAuthorize() {
  const { http } = useHost();
  return useMutation({ mutationKey: ['passport', 'wechat-authorize'], mutationFn: () => wechatAuthorize(http) });
}
