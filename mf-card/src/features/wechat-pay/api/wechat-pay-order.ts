import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { wechatPayOrder, type WechatPayOrder } from '@cardwallet/shared/schemas';

/** GET card/wechatPay/order — the order's state; polled while the payment is being confirmed. */
export async function getWechatPayOrder(http: HttpClient, orderId: string): Promise<WechatPayOrder> {
  return wechatPayOrder.parse(await http.get<unknown>('card/wechatPay/order', { orderId }, { prompt: false }));
}

const SETTLED: ReadonlySet<WechatPayOrder['status']> = new Set(['COMPLETED', 'CLOSED', 'REFUNDED']);

export const wechatPayOrderQueryOptions = (http: HttpClient, orderId: string) =>
  queryOptions({
    queryKey: ['card', 'wechat-pay', 'order', orderId],
    queryFn: () => getWechatPayOrder(http, orderId),
    // Every 2 s until settled, at most 3 minutes (the page then says to check later).
    refetchInterval: (q) =>
      q.state.data && SETTLED.has(q.state.data.status) ? false : q.state.dataUpdateCount < 90 ? 2_000 : false,
  });

export function useWechatPayOrder(orderId: string) {
  const { http } = useHost();
  return useQuery({ ...wechatPayOrderQueryOptions(http, orderId), enabled: orderId.length > 0 });
}
