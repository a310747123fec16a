import { useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { z } from '@cardwallet/shared/zod';
import { placeSchema, type Place } from '@cardwallet/shared/schemas';

const searchResult = z.object({ places: z.array(placeSchema) });

/** GET places/search?q= — up to 10 places in the customer's language (places_unavailable when no geocoder). */
export async function searchPlaces(http: HttpClient, q: string): Promise<Place[]> {
  // The error is shown next to the search field, not as a toast.
  return searchResult.parse(await http.get<unknown>('places/search', { q }, { prompt: false })).places;
}

/** The search for `q` (none while q is shorter than 2 characters, the API's minimum). */
export function useSearchPlaces(q: string) {
  const { http } = useHost();
  const query = q.trim();
  return useQuery({
    queryKey: ['places', 'search', query],
    queryFn: () => searchPlaces(http, query),
    enabled: query.length >= 2,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The first of `queries` the geocoder finds (a whole address, then a shorter one); null when none. */
export function useGeocodeAddress(queries: string[]) {
  const { http } = useHost();
  return useQuery({
    queryKey: ['places', 'geocode', queries],
    queryFn: async (): Promise<Place | null> => {
      for (const q of queries) {
        const [first] = await searchPlaces(http, q);
        if (first) return first;
      }
      return null;
    },
    enabled: queries.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
