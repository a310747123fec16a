import { COUNTRY_NAMES, GAZETTEER, type GazetteerEntry } from './gazetteer';
import type { NominatimPlace } from './types';

/**
 * The sandbox's stand-in for a Nominatim server and an OSM tile server: the same request
 * parameters and answer shapes (jsonv2, addressdetails=1), over the small gazetteer.
 */
type Lang = 'en' | 'zh' | 'ar' | 'tr';

function pickLang(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? 'en').split(',')[0]!.trim().toLowerCase();
  if (first.startsWith('zh')) return 'zh';
  if (first.startsWith('ar')) return 'ar';
  if (first.startsWith('tr')) return 'tr';
  return 'en';
}

const fold = (s: string) =>
  s.toLocaleLowerCase('en').normalize('NFKD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').replace(/[’'`]/g, '');

function toNominatim(g: GazetteerEntry, lang: Lang): NominatimPlace {
  const name = g.names[lang] ?? g.names.en;
  const country = COUNTRY_NAMES[g.countryCode][lang];
  const address: Record<string, string> = {};
  if (g.houseNumber) address.house_number = g.houseNumber;
  if (g.road) address.road = g.road;
  if (g.district) address.suburb = g.district;
  address.city = g.city;
  address.state = g.state;
  if (g.postcode) address.postcode = g.postcode;
  address.country = country;
  address.country_code = g.countryCode;
  const parts = [
    name,
    [g.houseNumber, g.road].filter(Boolean).join(' '),
    g.district,
    g.city,
    g.state,
    g.postcode,
    country,
  ];
  return {
    place_id: g.id,
    lat: g.lat.toFixed(7),
    lon: g.lon.toFixed(7),
    name,
    display_name: parts.filter((p) => p && p.length > 0).join(', '),
    address,
  };
}

export function sandboxSearch(params: {
  q: string;
  limit?: number;
  countrycodes?: string;
  'accept-language'?: string;
}): NominatimPlace[] {
  const lang = pickLang(params['accept-language']);
  const terms = fold(params.q)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (terms.length === 0) return [];
  const countries = params.countrycodes
    ? new Set(
        params.countrycodes
          .toLowerCase()
          .split(',')
          .map((c) => c.trim()),
      )
    : null;
  const limit = Math.min(Math.max(params.limit ?? 10, 1), 40);
  return GAZETTEER.filter((g) => !countries || countries.has(g.countryCode))
    .filter((g) => {
      const hay = fold(
        [
          ...Object.values(g.names),
          g.houseNumber ?? '',
          g.road ?? '',
          g.district ?? '',
          g.city,
          g.state,
          g.postcode ?? '',
          ...Object.values(COUNTRY_NAMES[g.countryCode]),
        ].join(' '),
      );
      return terms.every((t) => hay.includes(t));
    })
    .slice(0, limit)
    .map((g) => toNominatim(g, lang));
}

/** Great-circle distance in metres. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lon2 - lon1) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Like Nominatim: the nearest known place, or `{ error: 'Unable to geocode' }` when none is near (25 km). */
export function sandboxReverse(params: {
  lat: number;
  lon: number;
  'accept-language'?: string;
}): NominatimPlace | { error: string } {
  const lang = pickLang(params['accept-language']);
  let best: GazetteerEntry | null = null;
  let bestD = Infinity;
  for (const g of GAZETTEER) {
    const d = distanceMetres(params.lat, params.lon, g.lat, g.lon);
    if (d < bestD) {
      bestD = d;
      best = g;
    }
  }
  if (!best || bestD > 25_000) return { error: 'Unable to geocode' };
  const place = toNominatim(best, lang);
  // The point asked about, not the landmark's centre: the customer picked this exact spot.
  return { ...place, lat: params.lat.toFixed(7), lon: params.lon.toFixed(7) };
}

/** Tile x/y of a coordinate at zoom z (Web Mercator, as OSM tiles). */
export function tileOf(lat: number, lon: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = ((lon + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  return { x, y };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A 256×256 SVG tile: a plain land colour, a graticule, the tile's z/x/y and a marker with the name
 * of every gazetteer place on it. Enough for a customer to see where they are in the sandbox.
 */
export function sandboxTile(z: number, x: number, y: number): string {
  const parts: string[] = [];
  for (const g of GAZETTEER) {
    const t = tileOf(g.lat, g.lon, z);
    if (Math.floor(t.x) !== x || Math.floor(t.y) !== y) continue;
    const px = ((t.x - x) * 256).toFixed(1);
    const py = ((t.y - y) * 256).toFixed(1);
    parts.push(
      `<circle cx="${px}" cy="${py}" r="5" fill="#c0392b"/>` +
        (z >= 10
          ? `<text x="${px}" y="${Number(py) - 8}" font-size="11" text-anchor="middle" fill="#222">${esc(g.names.en)}</text>`
          : ''),
    );
  }
  const shade = (x + y) % 2 === 0 ? '#eef1e6' : '#e7ebdd';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" fill="${shade}"/>` +
    `<path d="M0 .5H256M.5 0V256M0 128H256M128 0V256" stroke="#cfd6c2" stroke-width="1" fill="none"/>` +
    `<text x="6" y="250" font-size="9" fill="#8a9478">${z}/${x}/${y}</text>` +
    parts.join('') +
    `</svg>`
  );
}
