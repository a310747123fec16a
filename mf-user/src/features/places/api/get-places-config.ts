import { queryOptions, useQuery } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { z } from '@cardwallet/shared/zod';

const placesConfig = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string(),
  searchAvailable: z.boolean(),
  centre: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number() }),
});
export type PlacesConfig = z.infer<typeof placesConfig>;

/** GET places/config — the map's tile template, attribution and the locale's fallback centre. */
export async function getPlacesConfig(http: HttpClient): Promise<PlacesConfig> {
  return placesConfig.parse(await http.get<unknown>('places/config'));
}

export function usePlacesConfig() {
  const { http } = useHost();
  return useQuery(queryOptions({ queryKey: ['places', 'config'], queryFn: () => getPlacesConfig(http) }));
}

/** The OSM tile (x, y) a point lies on at zoom z, and where in that tile (0–256 px). */
export function tileAt(latitude: number, longitude: number, z: number) {
  const n = 2 ** z;
  const fx = ((longitude + 180) / 360) * n;
  const r = (latitude * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  const x = Math.floor(fx);
  const y = Math.floor(fy);
  return { x, y, px: (fx - x) * 256, py: (fy - y) * 256 };
}

/** The phone's map apps for a point: the geo: URI (Android and others), Apple Maps and Google Maps. */
export function mapLinks(latitude: number, longitude: number, name: string) {
  const ll = `${latitude},${longitude}`;
  const q = encodeURIComponent(name);
  return {
    geo: `geo:${ll}?q=${ll}(${q})`,
    apple: `https://maps.apple.com/?ll=${ll}&q=${q}`,
    google: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ll)}`,
  };
}
