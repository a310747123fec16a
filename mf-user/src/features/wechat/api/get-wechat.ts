import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatBindingResult, type WechatBindingResult } from '@cardwallet/shared/schemas';

/** GET user/wechat — the WeChat bound to the account, if any. */
export async function getWechat(http: HttpClient): Promise<WechatBindingResult> {
  return wechatBindingResult.parse(await http.get<unknown>('user/wechat'));
}

export const wechatQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: ['user', 'wechat'], queryFn: () => getWechat(http) });

export function useWechat() {
  const { http } = useHost();
  return useQuery(wechatQueryOptions(http));
}
