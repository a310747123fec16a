import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { couponListResult, type CouponList, type CouponState } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET coupon/list?state=&page= — 15 per page, with how many coupons are in each state. */
export async function listCoupons(http: HttpClient, state: CouponState, page: number): Promise<CouponList> {
  return couponListResult.parse(await http.get<unknown>('coupon/list', { state, page }));
}

export const couponsQueryKey = QUERY_KEYS.userCoupons;
export const couponListQueryOptions = (http: HttpClient, state: CouponState) =>
  infiniteQueryOptions({
    queryKey: [...couponsQueryKey, state],
    queryFn: ({ pageParam }) => listCoupons(http, state, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

export function useCouponList(state: CouponState) {
  const { http } = useHost();
  return useInfiniteQuery(couponListQueryOptions(http, state));
}
