import './zod-config';
import { z } from 'zod';

/**
 * A place as places/search and places/reverse answer it, and as choose-location returns it to the
 * page that opened it (issue 27, docs/places.md). One shape for the API's response schema, the
 * geocoder provider, mf-user's parsers and the return contract.
 */
export const placeSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.object({
    road: z.string().nullable(),
    houseNumber: z.string().nullable(),
    /** The part of the city (Nominatim's suburb, city_district, quarter or neighbourhood). */
    district: z.string().nullable().optional(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
    countryCode: z.string().nullable(),
  }),
});
export type Place = z.infer<typeof placeSchema>;
