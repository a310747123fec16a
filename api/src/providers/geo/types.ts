import type { Place } from '@cardwallet/shared/schemas';

export type { Place };

/** Nominatim's jsonv2 answer for one place (with addressdetails=1), the fields we read. */
export interface NominatimPlace {
  place_id: number;
  lat: string;
  lon: string;
  name?: string;
  display_name: string;
  address?: Record<string, string>;
}

/** Forward and reverse geocoding (a Nominatim-compatible server in production). */
export interface Geocoder {
  readonly name: string;
  search(query: string, opts: { language: string; countryCodes?: string[]; limit: number }): Promise<Place[]>;
  reverse(latitude: number, longitude: number, opts: { language: string }): Promise<Place | null>;
}

/** The same transport shape as the other HTTP providers: a GET answered with status and body. */
export type GeoTransport = (url: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;

export class GeocoderUnavailable extends Error {
  constructor(reason: string) {
    super(`geocoder unavailable: ${reason}`);
    this.name = 'GeocoderUnavailable';
  }
}
