import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeSchema } from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError } from '../../http/errors.js';
import {
  GeocoderUnavailable,
  geoSelection,
  injectGeoTransport,
  LOCALE_CENTRES,
  sandboxReverse,
  sandboxSearch,
  sandboxTile,
  SANDBOX_GEO,
} from '../../providers/geo/index.js';

const LANGUAGE_OF: Record<string, string> = { 'en-US': 'en', 'zh-HK': 'zh-HK,zh', 'ar-AE': 'ar', 'tr-TR': 'tr' };

/**
 * Location pages (issue 27): places/config (tile server and the locale's fallback centre),
 * places/search and places/reverse (through the configured Nominatim-compatible geocoder; the
 * browser never talks to the geocoder, so the CSP only has to allow the tile origin). In sandbox
 * mode dev/geo/* stands in for Nominatim and the tile server (docs/places.md).
 */
const placesModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const geo = geoSelection(app.config.sandbox, app.config.geo, () => injectGeoTransport(app));
  const user = { tags: ['places'], security: [{ accessToken: [] }] };
  const language = (locale: string) => LANGUAGE_OF[locale] ?? 'en';
  const geocoder = () => {
    if (!geo.geocoder) throw new BusinessError('places_unavailable');
    return geo.geocoder;
  };
  const guard = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      if (e instanceof GeocoderUnavailable) {
        app.log.warn({ err: e.message }, 'geocoder unavailable');
        throw new BusinessError('places_unavailable');
      }
      throw e;
    }
  };

  app.get(
    '/places/config',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: "The map's tile URL template and attribution, and where to centre it without the device position",
        response: {
          200: envelope(
            z.object({
              tileUrl: z.string().nullable(),
              attribution: z.string(),
              searchAvailable: z.boolean(),
              centre: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number().int() }),
            }),
          ),
        },
      },
    },
    async (request) =>
      okEnvelope(request.locale, {
        tileUrl: geo.tileUrl,
        attribution: geo.attribution,
        searchAvailable: geo.geocoder !== null,
        centre: LOCALE_CENTRES[request.locale] ?? LOCALE_CENTRES['en-US']!,
      }),
  );

  app.get(
    '/places/search',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'Search places by name or address (places_unavailable when no geocoder answers)',
        querystring: z.object({
          q: z.string().trim().min(2).max(200),
          country: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .optional(),
        }),
        response: { 200: envelope(z.object({ places: z.array(placeSchema) })) },
      },
    },
    async (request) => {
      const { q, country } = request.query;
      const places = await guard(() =>
        geocoder().search(q, {
          language: language(request.locale),
          limit: 10,
          ...(country ? { countryCodes: [country] } : {}),
        }),
      );
      return okEnvelope(request.locale, { places });
    },
  );

  app.get(
    '/places/reverse',
    {
      config: { auth: 'user' },
      schema: {
        ...user,
        summary: 'The address at a point (place null when the geocoder knows none there)',
        querystring: z.object({
          lat: z.coerce.number().min(-90).max(90),
          lon: z.coerce.number().min(-180).max(180),
        }),
        response: { 200: envelope(z.object({ place: placeSchema.nullable() })) },
      },
    },
    async (request) => {
      const { lat, lon } = request.query;
      const place = await guard(() => geocoder().reverse(lat, lon, { language: language(request.locale) }));
      return okEnvelope(request.locale, { place });
    },
  );

  if (app.config.sandbox) {
    // The sandbox's stand-in for a Nominatim server and a tile server: a third party's API surface,
    // not ours, so one hidden wildcard like dev/wechat/api/* (no envelope; not in our document).
    const searchQuery = z.object({
      q: z.string().max(500).default(''),
      limit: z.coerce.number().int().min(1).max(40).default(10),
      countrycodes: z.string().max(100).optional(),
      'accept-language': z.string().max(100).optional(),
    });
    const reverseQuery = z.object({
      lat: z.coerce.number().min(-90).max(90),
      lon: z.coerce.number().min(-180).max(180),
      'accept-language': z.string().max(100).optional(),
    });
    base.get(`${SANDBOX_GEO.replace('/api', '')}/*`, { schema: { hide: true } }, async (request, reply) => {
      const url = new URL(request.url, 'http://sandbox.invalid');
      const path = url.pathname.slice(SANDBOX_GEO.length);
      const query = Object.fromEntries(url.searchParams);
      // Nominatim answers bad parameters with HTTP 400 and {"error":{"code":400,"message":…}}.
      const bad = (message: string) => reply.code(400).send({ error: { code: 400, message } });
      if (path === '/search') {
        const parsed = searchQuery.safeParse(query);
        if (!parsed.success) return bad('Invalid parameters');
        return reply.send(sandboxSearch(parsed.data));
      }
      if (path === '/reverse') {
        const parsed = reverseQuery.safeParse(query);
        if (!parsed.success) return bad('Parameter lat/lon missing or out of range');
        return reply.send(sandboxReverse(parsed.data));
      }
      const tile = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.svg$/.exec(path);
      if (tile) {
        const [zoom, x, y] = [Number(tile[1]), Number(tile[2]), Number(tile[3])];
        if (zoom > 19 || x >= 2 ** zoom || y >= 2 ** zoom)
          return reply.code(404).type('text/plain').send('Tile not found');
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .send(sandboxTile(zoom, x, y));
      }
      return reply.code(404).type('text/plain').send('Not found');
    });
  }
};

export default placesModule;
