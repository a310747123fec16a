import { ResultCode, type ErrorKey } from '@cardwallet/shared';

type Params = Record<string, string | number>;

/** Default body code of each error key; a BusinessError may override it. */
const CODE_BY_KEY: Partial<Record<ErrorKey, number>> = {
  unauthenticated: ResultCode.unauthenticated,
  session_expired: ResultCode.unauthenticated,
  forbidden: ResultCode.forbidden,
  admin_only: ResultCode.forbidden,
  csrf_header_required: ResultCode.forbidden,
  kyc1_required: ResultCode.forbidden,
  kyc2_required: ResultCode.forbidden,
  account_disabled: ResultCode.forbidden,
  not_found: ResultCode.notFound,
  address_not_found: ResultCode.notFound,
  message_not_found: ResultCode.notFound,
  referee_not_found: ResultCode.notFound,
  coupon_not_found: ResultCode.notFound,
  idempotency_key_mismatch: ResultCode.conflict,
  idempotency_key_in_flight: ResultCode.conflict,
  invalid_params: ResultCode.invalidParams,
  illegal_request: ResultCode.invalidParams,
  idempotency_key_required: ResultCode.invalidParams,
  rate_limited: ResultCode.rateLimited,
  account_locked: ResultCode.rateLimited,
  code_resend_cooldown: ResultCode.rateLimited,
  paypass_locked: ResultCode.rateLimited,
  // step-up (issue 22)
  step_up_required: ResultCode.forbidden,
  step_up_proof_not_accepted: ResultCode.forbidden,
  step_up_channel_too_new: ResultCode.forbidden,
  passkey_not_found: ResultCode.notFound,
  // 3-D Secure and spending controls (issue 23)
  card_threeds_answered: ResultCode.conflict,
  card_threeds_expired: ResultCode.conflict,
  card_limit_above_product: ResultCode.invalidParams,
};

/** The body code an error key answers with by default. */
export function defaultCodeOf(key: ErrorKey): number {
  return CODE_BY_KEY[key] ?? ResultCode.failed;
}

/**
 * A business outcome that is not success: thrown anywhere in a request, answered as
 * `{ code, msg: translate(errors.<key>, params), key, data }` with HTTP 200.
 * Throwing inside `withTransaction` also rolls the transaction back.
 */
export class BusinessError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(
    readonly key: ErrorKey,
    readonly params: Params = {},
    opts: { code?: number; data?: unknown } = {},
  ) {
    super(key);
    this.name = 'BusinessError';
    this.code = opts.code ?? defaultCodeOf(key);
    this.data = opts.data ?? null;
  }
}

/** 429 with `data.retryAfterSeconds` (and the same number in the message params). */
export function rateLimited(key: ErrorKey, retryAfterSeconds: number, params: Params = {}): BusinessError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new BusinessError(
    key,
    { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)), ...params },
    {
      code: ResultCode.rateLimited,
      data: { retryAfterSeconds: seconds },
    },
  );
}

/** 422 with per-field messages; `fields` values are translation keys (validation.*) or plain text. */
export class InvalidParamsError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('invalid_params');
    this.name = 'InvalidParamsError';
  }
}

export function isBusinessError(e: unknown): e is BusinessError {
  return e instanceof BusinessError;
}
