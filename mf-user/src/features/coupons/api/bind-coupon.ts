import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { couponSchema, type BindCouponBody, type Coupon } from '@cardwallet/shared/schemas';
import { couponsQueryKey } from './list-coupons';

/** POST coupon/bind — adds a coupon code to the customer's coupons. */
export async function bindCoupon(http: HttpClient, body: BindCouponBody): Promise<Coupon> {
  return couponSchema.parse(await http.post<unknown>('coupon/bind', body, { prompt: false }));
}

export function useBindCoupon() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'bind-coupon'],
    mutationFn: (body: BindCouponBody) => bindCoupon(http, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  });
}
