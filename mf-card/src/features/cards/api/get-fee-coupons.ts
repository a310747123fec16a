import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient, type Paginated } from '@cardwallet/shared';
import type { Coupon } from '@cardwallet/shared/schemas';

/** GET coupon/list?state=available&scope=card_application_fee — the coupons that can discount the application fee. */
export async function getFeeCoupons(http: HttpClient): Promise<Coupon[]> {
  const page = await http.get<Paginated<Coupon>>('coupon/list', { state: 'available', scope: 'card_application_fee', per_page: 50 }, { prompt: false });
  return page.data;
}

export const feeCouponsQueryOptions = (http: HttpClient) => queryOptions({ queryKey: ['card', 'fee-coupons'], queryFn: () => getFeeCoupons(http) });

export function useFeeCoupons() {
  const { http } = useHost();
  return useQuery(feeCouponsQueryOptions(http));
}
