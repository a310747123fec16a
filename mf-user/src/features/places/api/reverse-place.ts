import { useHost, type HttpClient } from '@cardwallet/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from '@cardwallet/shared/zod';
import { placeSchema, type Place } from '@cardwallet/shared/schemas';

const reverseResult = z.object({ place: placeSchema.nullable() });

/** GET places/reverse?lat=&lon= — the address at a picked point, null where the geocoder knows none. */
export async function reversePlace(http: HttpClient, latitude: number, longitude: number): Promise<Place | null> {
  const data = await http.get<unknown>(
    'places/reverse',
    { lat: latitude.toFixed(6), lon: longitude.toFixed(6) },
    { prompt: false },
  );
  return reverseResult.parse(data).place;
}

export function useReversePlace() {
  const { http } = useHost();
  return useMutation({
    mutationFn: ({ latitude, longitude }: { latitude: number; longitude: number }) =>
      reversePlace(http, latitude, longitude),
  });
}
