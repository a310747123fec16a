import type { FastifyInstance } from 'fastify';
import type { GeoConfig } from '../../config/geo.js';
import { NominatimGeocoder } from './nominatim';
import type { Geocoder, GeoTransport } from './types';

export * from './types';
export { NominatimGeocoder, fromNominatim } from './nominatim';
export { sandboxSearch, sandboxReverse, sandboxTile } from './sandbox';
export { LOCALE_CENTRES } from './gazetteer';

/** The sandbox's Nominatim-compatible server and tile server (this API, sandbox mode only). */
export const SANDBOX_GEO = '/api/dev/geo';
export const SANDBOX_TILE_URL = `${SANDBOX_GEO}/tiles/{z}/{x}/{y}.svg`;

export interface GeoSelection {
  geocoder: Geocoder | null;
  /** Leaflet tile URL template ({z}/{x}/{y}); null → the location pages say the map is unavailable. */
  tileUrl: string | null;
  attribution: string;
  /** The tile server's origin for the CSP's img-src (null when tiles are same-origin or off). */
  tileOrigin: string | null;
}

/** A GET over fetch with a timeout (production). */
export function fetchTransport(timeoutMs: number): GeoTransport {
  return async (url, headers) => {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    return { status: res.status, body: await res.text() };
  };
}

/** Carries a GET to this API's own sandbox geocoder, as HTTP would. */
export function injectGeoTransport(app: FastifyInstance): GeoTransport {
  return async (url, headers) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.body };
  };
}

function originOf(template: string): string | null {
  if (template.startsWith('/')) return null;
  try {
    // {s} subdomains are not allowed: the CSP names exactly one origin.
    const u = new URL(template.replace(/\{[a-z]\}/g, '0'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Geocoder and tiles by configuration (app.config.geo, docs/places.md): GEOCODER_URL
 * (Nominatim-compatible base URL) and MAP_TILE_URL (OSM-compatible template with {z}/{x}/{y}),
 * MAP_ATTRIBUTION, GEOCODER_TIMEOUT_MS. In sandbox mode, without them, this API's own sandbox servers answer.
 */
export function geoSelection(
  sandbox: boolean,
  geo: Partial<GeoConfig> = {},
  inject?: () => GeoTransport,
): GeoSelection {
  let geocoder: Geocoder | null = null;
  if (geo.geocoderUrl) geocoder = new NominatimGeocoder(geo.geocoderUrl, fetchTransport(geo.timeoutMs ?? 4000));
  else if (sandbox && inject) geocoder = new NominatimGeocoder(SANDBOX_GEO, inject());
  const tileUrl = geo.tileUrl ?? (sandbox ? SANDBOX_TILE_URL : null);
  const tileOrigin = tileUrl ? originOf(tileUrl) : null;
  return {
    geocoder,
    tileUrl: tileUrl && (tileUrl.startsWith('/') || tileOrigin) ? tileUrl : null,
    attribution: geo.attribution ?? (geo.tileUrl ? '© OpenStreetMap contributors' : 'CardWallet sandbox map'),
    tileOrigin,
  };
}
