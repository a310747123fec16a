import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient, type Paginated } from '@cardwallet/shared';
import type { Coupon, CouponScope } from '@cardwallet/shared/schemas';
import { QUERY_KEYS } from '@cardwallet/shared/live-query-keys';

/** GET coupon/list?state=available&scope=<fee> — the coupons that can discount this fee (application, top-up gateway, withdrawal). */
export async function getFeeCoupons(http: HttpClient, scope: CouponScope = 'card_application_fee'): Promise<Coupon[]> {
  const page = await http.get<Paginated<Coupon>>(
    'coupon/list',
    { state: 'available', scope, per_page: 50 },
    { prompt: false },
  );
  return page.data;
}

export const feeCouponsQueryOptions = (http: HttpClient, scope: CouponScope = 'card_application_fee') =>
  queryOptions({ queryKey: [...QUERY_KEYS.cardFeeCoupons, scope], queryFn: () => getFeeCoupons(http, scope) });

export function useFeeCoupons(scope: CouponScope = 'card_application_fee') {
  const { http } = useHost();
  return useQuery(feeCouponsQueryOptions(http, scope));
}
