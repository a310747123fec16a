import { isApiError } from '@cardwallet/shared';
import type { TFunction } from 'i18next';

/**
 * The text to show for a failed call. The server already translates `msg` into the request's
 * Accept-Language, so it is preferred; client-side failures (network, timeout) fall back to the
 * shared catalogue by key.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.message) return error.message;
    if (error.key)
      return t(`errors.${error.key}`, { ns: 'common', defaultValue: t('errors.operation_failed', { ns: 'common' }) });
  }
  return t('errors.operation_failed', { ns: 'common' });
}

/** Field-level messages of an invalid-params answer (`data.fields`), already translated. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? (error.fields ?? {}) : {};
}
