import { isApiError } from '@cardwallet/shared';
import type { TFunction } from 'i18next';

/** The text of a failed call: the server's translated `msg`, else the shared catalogue by key. */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.message) return error.message;
    if (error.key)
      return t(`errors.${error.key}`, { ns: 'common', defaultValue: t('errors.operation_failed', { ns: 'common' }) });
  }
  return t('errors.operation_failed', { ns: 'common' });
}
