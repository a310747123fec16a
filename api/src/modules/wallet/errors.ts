import { ResultCode, type ErrorKey } from '@cardwallet/shared';

/**
 * A refusal the customer can act on: a translated `key` (shared catalogue `errors.<key>`) with
 * interpolation values in `params`. The route layer turns it into the `{ code, msg, key, data }`
 * envelope.
 */
export class WalletError extends Error {
  override readonly name = 'WalletError';
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
    readonly code: number = ResultCode.failed,
  ) {
    super(key);
  }
}

export const notFound = () => new WalletError('not_found', {}, ResultCode.notFound);
export const idempotencyMismatch = () => new WalletError('idempotency_key_mismatch', {}, ResultCode.conflict);
