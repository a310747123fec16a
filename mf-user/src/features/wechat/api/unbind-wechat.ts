import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatUnbindResult } from '@cardwallet/shared/schemas';

/** POST user/wechat/unbind — needs a fresh 'wechat_unbind' step-up grant. */
export async function unbindWechat(http: HttpClient) {
  return wechatUnbindResult.parse(await http.post<unknown>('user/wechat/unbind', {}, { prompt: false }));
}

export function useUnbindWechat() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'wechat', 'unbind'],
    mutationFn: () => unbindWechat(http),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user', 'wechat'] }),
  });
}
