import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNominatim, geoSelection, NominatimGeocoder, GeocoderUnavailable } from '../../src/providers/geo';
import { loadGeoConfig } from '../../src/config/geo';
import { tileOf } from '../../src/providers/geo/sandbox';
import { createTestApp, type TestApp } from '../support/harness';

// Pure logic over the sandbox gazetteer: PGlite only (nothing here is database-sensitive).
describe('places (issue 27) on pglite', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = (await t.createUser()).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('needs a signed-in customer', async () => {
    const res = await t.get('places/search', { q: 'Burj' });
    expect(res.code).not.toBe(200);
  });

  it('50 identical searches and reverse look-ups at once: every one answered the same, no 5xx', async () => {
    const [searches, reverses] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => t.get('places/search', { q: 'burj khalifa' }, { token }))),
      Promise.all(
        Array.from({ length: 50 }, () => t.get('places/reverse', { lat: '41.0256', lon: '28.9742' }, { token })),
      ),
    ]);
    expect(new Set(searches.map((r) => JSON.stringify([r.code, r.data])))).toEqual(
      new Set([JSON.stringify([200, searches[0]!.data])]),
    );
    expect(searches[0]!.data.places[0].name).toBe('Burj Khalifa');
    expect(new Set(reverses.map((r) => `${r.code} ${r.data.place.name}`))).toEqual(new Set(['200 Galata Tower']));
  });

  it('config: sandbox tiles on the same origin, the locale centre as fallback', async () => {
    const res = await t.get('places/config', {}, { token, locale: 'ar-AE' });
    expect(res.code).toBe(200);
    expect(res.data.tileUrl).toBe('/api/dev/geo/tiles/{z}/{x}/{y}.svg');
    expect(res.data.searchAvailable).toBe(true);
    expect(res.data.centre.latitude).toBeCloseTo(25.2, 1);
    const tr = await t.get('places/config', {}, { token, locale: 'tr-TR' });
    expect(tr.data.centre.longitude).toBeCloseTo(28.98, 1);
  });

  it('search goes through the Nominatim client to the sandbox server, in the customer language', async () => {
    const en = await t.get('places/search', { q: 'galata' }, { token });
    expect(en.code).toBe(200);
    expect(en.data.places).toHaveLength(1);
    expect(en.data.places[0]).toMatchObject({
      name: 'Galata Tower',
      address: { city: 'İstanbul', postcode: '34421', countryCode: 'TR' },
    });
    expect(en.data.places[0].latitude).toBeCloseTo(41.0256, 3);
    const tr = await t.get('places/search', { q: 'Galata Kulesi' }, { token, locale: 'tr-TR' });
    expect(tr.data.places[0].name).toBe('Galata Kulesi');
    const ar = await t.get('places/search', { q: 'burj khalifa' }, { token, locale: 'ar-AE' });
    expect(ar.data.places[0]).toMatchObject({ name: 'برج خليفة', address: { country: 'الإمارات العربية المتحدة' } });
    const zh = await t.get('places/search', { q: '天壇' }, { token, locale: 'zh-HK' });
    expect(zh.data.places[0].address.countryCode).toBe('HK');
    // country filter and diacritic folding ("izmir" finds İzmir)
    const filtered = await t.get('places/search', { q: 'times square', country: 'hk' }, { token });
    expect(filtered.data.places.map((p: { address: { countryCode: string } }) => p.address.countryCode)).toEqual([
      'HK',
    ]);
    const folded = await t.get('places/search', { q: 'izmir saat' }, { token });
    expect(folded.data.places[0].name).toBe('İzmir Clock Tower');
    const none = await t.get('places/search', { q: 'Atlantis Kansas' }, { token });
    expect(none.data.places).toEqual([]);
    // A saved shipping address as open-location geocodes it: house number and street included.
    const saved = await t.get(
      'places/search',
      { q: 'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Boulevard, Dubai, United Arab Emirates' },
      { token },
    );
    expect(saved.data.places.map((p: { name: string }) => p.name)).toEqual(['Burj Khalifa']);
    // The demo customer's London address: the whole address is unknown, its city and country are not.
    const whole = await t.get(
      'places/search',
      { q: '12 Example Street, Flat 3, Camden, London, England, United Kingdom' },
      { token },
    );
    expect(whole.data.places).toEqual([]);
    const city = await t.get('places/search', { q: 'London, United Kingdom' }, { token });
    expect(city.data.places[0]).toMatchObject({
      name: 'Camden Market',
      address: { district: 'Camden', countryCode: 'GB' },
    });
  });

  it('reverse: the picked point with the nearest address; nothing in the open sea', async () => {
    const res = await t.get('places/reverse', { lat: '22.2855', lon: '114.1585' }, { token });
    expect(res.data.place).toMatchObject({ latitude: 22.2855, longitude: 114.1585, address: { countryCode: 'HK' } });
    const sea = await t.get('places/reverse', { lat: '0', lon: '-30' }, { token });
    expect(sea.code).toBe(200);
    expect(sea.data.place).toBeNull();
    const bad = await t.get('places/reverse', { lat: '91', lon: '0' }, { token });
    expect(bad.code).not.toBe(200);
  });

  it('sandbox tiles are SVG images, with the gazetteer places drawn on them', async () => {
    const tile = tileOf(25.197197, 55.274376, 12); // Burj Khalifa
    const url = `/api/dev/geo/tiles/12/${Math.floor(tile.x)}/${Math.floor(tile.y)}.svg`;
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('Burj Khalifa');
    const out = await t.inject({ method: 'GET', url: '/api/dev/geo/tiles/2/4/0.svg' });
    expect(out.statusCode).toBe(404);
    // Nominatim's own error shape for bad parameters
    const bad = await t.inject({ method: 'GET', url: '/api/dev/geo/reverse?lat=x&lon=1' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: 400 } });
  });

  it('malformed queries answer a translated envelope, never a 5xx or a leak', async () => {
    const junk = ['', ' ', 'x'.repeat(5000), '\u0000', "' OR 1=1 --", '1e309', 'NaN', '<script>', '%00%ff'];
    for (const path of ['places/search', 'places/reverse', 'places/config'])
      for (const v of junk) {
        const res = await t.inject({
          method: 'GET',
          url: `/api/${path}?${new URLSearchParams({ q: v, lat: v, lon: v, country: v }).toString()}`,
          headers: { 'access-token': token },
        });
        expect(res.statusCode, `${path} ${v.slice(0, 9)}`).toBe(200);
        const body = JSON.parse(res.body);
        expect(body.key).not.toBe('internal_error');
        expect(res.body).not.toMatch(/\.ts:\d+|ZodError|TypeError/);
      }
  });

  it('a failing geocoder answers places_unavailable-shaped errors, never a 500', async () => {
    const down = new NominatimGeocoder('https://geo.example', async () => ({ status: 503, body: 'busy' }));
    await expect(down.search('x', { language: 'en', limit: 5 })).rejects.toBeInstanceOf(GeocoderUnavailable);
    const html = new NominatimGeocoder('https://geo.example', async () => ({ status: 200, body: '<html>' }));
    await expect(html.reverse(1, 1, { language: 'en' })).rejects.toBeInstanceOf(GeocoderUnavailable);
    const junk = new NominatimGeocoder('https://geo.example', async () => ({
      status: 200,
      body: JSON.stringify([{ place_id: 1, lat: 'x', lon: '1', display_name: 'bad' }]),
    }));
    expect(await junk.search('x', { language: 'en', limit: 5 })).toEqual([]);
    // Nominatim's address parts: the part of the city becomes the district (a shipping address's area).
    expect(
      fromNominatim({
        place_id: 2,
        lat: '25.1972',
        lon: '55.2744',
        name: 'Burj Khalifa',
        display_name: 'Burj Khalifa, Downtown Dubai, Dubai, United Arab Emirates',
        address: { suburb: 'Downtown Dubai', city: 'Dubai', state: 'Dubai', country_code: 'ae' },
      })?.address,
    ).toMatchObject({ district: 'Downtown Dubai', city: 'Dubai', road: null, countryCode: 'AE' });
    // production without servers configured: no geocoder, no tiles
    expect(geoSelection(false, {})).toMatchObject({ geocoder: null, tileUrl: null });
    const prod = geoSelection(
      false,
      loadGeoConfig({
        GEOCODER_URL: 'https://nominatim.example',
        MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      }).config,
    );
    expect(prod.tileOrigin).toBe('https://tiles.example');
    expect(prod.geocoder?.name).toBe('nominatim');
  });
});
