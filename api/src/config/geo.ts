import { z } from 'zod';
import { readSection, type Section } from './section.js';

/** Geocoder and map tiles of the location pages (docs/places.md); unset = sandbox servers in sandbox mode, else off. */
export interface GeoConfig {
  /** Nominatim-compatible base URL (GEOCODER_URL). */
  geocoderUrl?: string;
  /** GEOCODER_TIMEOUT_MS (default 4000). */
  timeoutMs: number;
  /** OSM-compatible tile template with {z}/{x}/{y} (MAP_TILE_URL). */
  tileUrl?: string;
  /** MAP_ATTRIBUTION; default by tile source. */
  attribution?: string;
}

const schema = z.object({
  GEOCODER_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL')
    .optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().positive('must be > 0').default(4000),
  MAP_TILE_URL: z.string().min(1).optional(),
  MAP_ATTRIBUTION: z.string().min(1).max(300).optional(),
});

export function loadGeoConfig(env: Record<string, string | undefined>): Section<GeoConfig> {
  return readSection(schema, env, (e) => ({
    geocoderUrl: e.GEOCODER_URL,
    timeoutMs: e.GEOCODER_TIMEOUT_MS,
    tileUrl: e.MAP_TILE_URL,
    attribution: e.MAP_ATTRIBUTION,
  }));
}
