import type { Geocoder, GeoTransport, NominatimPlace, Place } from './types';
import { GeocoderUnavailable } from './types';

const city = (a: Record<string, string>) =>
  a.city ?? a.town ?? a.village ?? a.municipality ?? a.city_district ?? a.suburb ?? null;

/** Maps one Nominatim jsonv2 result (addressdetails=1) to a Place; null when its coordinates are unusable. */
export function fromNominatim(p: NominatimPlace): Place | null {
  const latitude = Number(p.lat);
  const longitude = Number(p.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const a = p.address ?? {};
  const displayName = String(p.display_name ?? '').slice(0, 500);
  return {
    name: (p.name && p.name.trim()) || displayName.split(',')[0]!.trim(),
    displayName,
    latitude,
    longitude,
    address: {
      road: a.road ?? a.pedestrian ?? null,
      houseNumber: a.house_number ?? null,
      district: a.suburb ?? a.city_district ?? a.quarter ?? a.neighbourhood ?? null,
      city: city(a),
      state: a.state ?? a.region ?? null,
      postcode: a.postcode ?? null,
      country: a.country ?? null,
      countryCode: a.country_code ? a.country_code.toUpperCase() : null,
    },
  };
}

/**
 * A Nominatim-compatible geocoder (nominatim.org's API: /search and /reverse, format=jsonv2,
 * addressdetails=1, accept-language). Any error, timeout or non-JSON answer → GeocoderUnavailable.
 */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';
  constructor(
    private readonly baseUrl: string,
    private readonly transport: GeoTransport,
    private readonly userAgent = 'CardWallet/1.0',
  ) {}

  private async get(path: string, params: Record<string, string>): Promise<unknown> {
    const qs = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params }).toString();
    let res: { status: number; body: string };
    try {
      res = await this.transport(`${this.baseUrl.replace(/\/+$/, '')}${path}?${qs}`, {
        accept: 'application/json',
        'user-agent': this.userAgent,
      });
    } catch (e) {
      throw new GeocoderUnavailable(e instanceof Error ? e.message : 'transport');
    }
    if (res.status !== 200) throw new GeocoderUnavailable(`status ${res.status}`);
    try {
      return JSON.parse(res.body) as unknown;
    } catch {
      throw new GeocoderUnavailable('not json');
    }
  }

  async search(query: string, opts: { language: string; countryCodes?: string[]; limit: number }): Promise<Place[]> {
    const body = await this.get('/search', {
      q: query,
      limit: String(opts.limit),
      'accept-language': opts.language,
      ...(opts.countryCodes?.length ? { countrycodes: opts.countryCodes.join(',').toLowerCase() } : {}),
    });
    if (!Array.isArray(body)) throw new GeocoderUnavailable('not a list');
    return (body as NominatimPlace[])
      .map(fromNominatim)
      .filter((p): p is Place => p !== null)
      .slice(0, opts.limit);
  }

  async reverse(latitude: number, longitude: number, opts: { language: string }): Promise<Place | null> {
    const body = (await this.get('/reverse', {
      lat: String(latitude),
      lon: String(longitude),
      'accept-language': opts.language,
    })) as (NominatimPlace & { error?: string }) | null;
    if (!body || typeof body !== 'object') throw new GeocoderUnavailable('not an object');
    // Nominatim answers {"error":"Unable to geocode"} with status 200 where there is nothing.
    if (body.error) return null;
    return fromNominatim(body);
  }
}
