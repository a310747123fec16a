import { ResultCode, type ErrorKey } from '@cardwallet/shared';
import { BusinessError } from '../../http/errors.js';

/**
 * A refusal the customer can act on: a translated `key` (shared catalogue `errors.<key>`) with
 * interpolation values in `params`. It is the API's BusinessError, so the app's error handler
 * answers it as the `{ code, msg, key, data }` envelope; `code` defaults by key (http/errors.ts).
 */
export class WalletError extends BusinessError {
  constructor(key: ErrorKey, params: Record<string, string | number> = {}, code?: number) {
    super(key, params, {
      ...(code !== undefined ? { code } : {}),
      ...(key === 'paypass_locked' && typeof params.minutes === 'number'
        ? { data: { retryAfterSeconds: params.minutes * 60 } }
        : {}),
    });
    this.name = 'WalletError';
  }
}

export const notFound = () => new WalletError('not_found', {}, ResultCode.notFound);
