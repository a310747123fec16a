import { STORAGE_KEYS } from './session';

/** Same-origin by default; a stored `apiUrl` (e.g. a staging API) overrides it. */
export const DEFAULT_API_BASE_URL = '/api/';

export function resolveApiBaseUrl(storage: Storage): string {
  const override = storage.getItem(STORAGE_KEYS.apiUrl)?.trim();
  if (override && (/^https?:\/\//i.test(override) || override.startsWith('/')))
    return override.endsWith('/') ? override : `${override}/`;
  return DEFAULT_API_BASE_URL;
}
