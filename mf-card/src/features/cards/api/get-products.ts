import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardProductsResult, type CardProductsResult } from '@cardwallet/shared/schemas';

/** GET card/products — the catalogue with every benefit field, fees and limits. */
export async function getProducts(http: HttpClient): Promise<CardProductsResult> {
  return cardProductsResult.parse(await http.get<unknown>('card/products', undefined, { prompt: false }));
}

export const productsQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: ['card', 'products'], queryFn: () => getProducts(http), staleTime: 10 * 60_000 });

export function useProducts() {
  const { http } = useHost();
  return useQuery(productsQueryOptions(http));
}
