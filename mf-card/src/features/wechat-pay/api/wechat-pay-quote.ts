import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatPayQuoteResult, type WechatPayQuoteResult } from '@cardwallet/shared/schemas';

/** GET card/wechatPay/quote — the application fee in CNY at the current rate. */
export async function getWechatPayQuote(http: HttpClient, productId: string): Promise<WechatPayQuoteResult> {
  return wechatPayQuoteResult.parse(await http.get<unknown>('card/wechatPay/quote', { productId }, { prompt: false }));
}

export const wechatPayQuoteQueryOptions = (http: HttpClient, productId: string) =>
  queryOptions({
    queryKey: ['card', 'wechat-pay', 'quote', productId],
    queryFn: () => getWechatPayQuote(http, productId),
    staleTime: 10_000,
  });

export function useWechatPayQuote(productId: string, enabled: boolean) {
  const { http } = useHost();
  return useQuery({ ...wechatPayQuoteQueryOptions(http, productId), enabled });
}
