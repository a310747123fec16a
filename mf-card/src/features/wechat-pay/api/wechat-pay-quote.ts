import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatPayHeldQuote, type WechatPayHeldQuote } from '@cardwallet/shared/schemas';

/** Asks for a new quote this long before the held one expires, so the amount shown is always payable. */
const RENEW_BEFORE_EXPIRY_MS = 10_000;

/**
 * POST card/wechatPay/quote — the application fee in CNY, held for this customer (60 s): the prepay
 * that names its quoteId asks for exactly the amount shown.
 */
export async function holdWechatPayQuote(http: HttpClient, productId: string): Promise<WechatPayHeldQuote> {
  return wechatPayHeldQuote.parse(await http.post<unknown>('card/wechatPay/quote', { productId }, { prompt: false }));
}

export const wechatPayQuoteQueryOptions = (http: HttpClient, productId: string) =>
  queryOptions({
    queryKey: ['card', 'wechat-pay', 'quote', productId],
    queryFn: () => holdWechatPayQuote(http, productId),
    // A held quote is renewed shortly before it lapses, and never reused once stale.
    staleTime: ({ state }) =>
      state.data ? Math.max(0, Date.parse(state.data.expiresAt) - Date.now() - RENEW_BEFORE_EXPIRY_MS) : 0,
    refetchInterval: ({ state }) =>
      state.data ? Math.max(1_000, Date.parse(state.data.expiresAt) - Date.now() - RENEW_BEFORE_EXPIRY_MS) : false,
    gcTime: 0,
  });

export function useWechatPayQuote(productId: string, enabled: boolean) {
  const { http } = useHost();
  return useQuery({ ...wechatPayQuoteQueryOptions(http, productId), enabled });
}
