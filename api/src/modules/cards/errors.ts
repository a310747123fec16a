import { ResultCode, type ErrorKey } from '@cardwallet/shared';
import { BusinessError } from '../../http/errors.js';

/** A refusal the customer can act on (translated `errors.<key>`), answered in the envelope. */
export class CardError extends BusinessError {
  constructor(key: ErrorKey, params: Record<string, string | number> = {}, code?: number, data?: unknown) {
    super(key, params, { ...(code !== undefined ? { code } : {}), ...(data !== undefined ? { data } : {}) });
    this.name = 'CardError';
  }
}

export const cardNotFound = () => new CardError('not_found', {}, ResultCode.notFound);
/** No operation holds the key although one claimed it a moment ago (it was unwound): retry. */
export const inFlight = () => new CardError('idempotency_key_in_flight', {}, ResultCode.conflict);
/** The gate refusals carry `data.fix`: the page that fixes them (the client links to it). */
export const gate = (key: ErrorKey, fix: string, params: Record<string, string | number> = {}) =>
  new CardError(key, params, ResultCode.forbidden, { fix });

/**
 * The transaction password (wallet/pay-password/paypass.ts: wrong tries count toward its lock) before money
 * leaves a card or the card-funding balance; a customer without one is sent to set it.
 */
export async function requirePayPassword(
  payPasswords: { verify(userId: string, password: string): Promise<void> },
  userId: string,
  password: string,
) {
  try {
    await payPasswords.verify(userId, password);
  } catch (e) {
    if (e instanceof BusinessError && e.key === 'paypass_not_set')
      throw new CardError('card_paypass_required', {}, ResultCode.forbidden, { fix: '/pages/user/paypass' });
    throw e;
  }
}
