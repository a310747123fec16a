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
  host_not_allowed: ResultCode.forbidden,
  not_found: ResultCode.notFound,
  address_not_found: ResultCode.notFound,
  message_not_found: ResultCode.notFound,
  referee_not_found: ResultCode.notFound,
  coupon_not_found: ResultCode.notFound,
  idempotency_key_mismatch: ResultCode.conflict,
  idempotency_key_in_flight: ResultCode.conflict,
  invalid_params: ResultCode.invalidParams,
  illegal_request: ResultCode.invalidParams,
  payload_too_large: ResultCode.invalidParams,
  unsupported_media_type: ResultCode.invalidParams,
  uri_too_long: ResultCode.invalidParams,
  method_not_allowed: ResultCode.invalidParams,
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
  // wallet input refused after the schema (the same key answers the same code wherever it is raised)
  address_invalid: ResultCode.invalidParams,
  address_is_contract: ResultCode.invalidParams,
  network_unsupported: ResultCode.invalidParams,
  currency_unsupported: ResultCode.invalidParams,
  choose_currency_first: ResultCode.invalidParams,
  // cards
  card_under_age: ResultCode.forbidden,
  card_product_unavailable: ResultCode.notFound,
  card_address_required: ResultCode.invalidParams,
  card_not_active: ResultCode.forbidden,
  card_paypass_required: ResultCode.forbidden,
  card_number_invalid: ResultCode.invalidParams,
  card_not_product: ResultCode.invalidParams,
  card_dispute_exists: ResultCode.conflict,
  card_dispute_too_old: ResultCode.forbidden,
  card_dispute_evidence_invalid: ResultCode.invalidParams,
  card_dispute_not_completed: ResultCode.forbidden,
  card_risk_frozen: ResultCode.forbidden,
  card_not_frozen: ResultCode.forbidden,
  card_already_replaced: ResultCode.conflict,
  email_binding_required: ResultCode.forbidden,
  // signed webhooks (card issuer, KYC provider, WeChat Pay)
  webhook_stale: ResultCode.invalidParams,
  webhook_signature_invalid: ResultCode.unauthenticated,
  wechat_pay_notification_invalid: ResultCode.unauthenticated,
  wechat_pay_order_not_found: ResultCode.notFound,
  // releases
  release_refused: ResultCode.invalidParams,
  release_conflict: ResultCode.conflict,
  // KYC
  kyc_under_18: ResultCode.invalidParams,
  upload_not_multipart: ResultCode.invalidParams,
  upload_empty: ResultCode.invalidParams,
  upload_not_image: ResultCode.invalidParams,
  upload_too_large: ResultCode.invalidParams,
  upload_too_many_files: ResultCode.invalidParams,
  upload_incomplete: ResultCode.invalidParams,
  upload_expired: ResultCode.invalidParams,
};

/** The key of a refusal by Fastify itself (content-type parser, body size, URL), by its FST_ code. */
export function clientErrorKey(fastifyCode: string | undefined): ErrorKey {
  switch (fastifyCode) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'uri_too_long';
    default:
      return 'illegal_request';
  }
}

/**
 * The body code of an error key — THE one code it answers with, wherever it is raised (keys not in the
 * table are business refusals: 500 "operation failed" with the key's own message).
 */
export function defaultCodeOf(key: ErrorKey): number {
  return CODE_BY_KEY[key] ?? ResultCode.failed;
}

/**
 * A business outcome that is not success: thrown anywhere in a request, answered as
 * `{ code, msg: translate(errors.<key>, params), key, data }` with HTTP 200.
 * Throwing inside `withTransaction` also rolls the transaction back.
 * The code is always the key's (defaultCodeOf): a `code` a caller states says what it expects and
 * must equal the table (api/test/foundation/error-codes.test.ts reads every call site); it never
 * changes the answer, so one key never answers two codes.
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
    this.code = defaultCodeOf(key);
    this.data = opts.data ?? null;
  }
}

/** A throttling refusal (429: `key` must be a 429 key) with `data.retryAfterSeconds` (and the same number in the message params). */
export function rateLimited(key: ErrorKey, retryAfterSeconds: number, params: Params = {}): BusinessError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new BusinessError(
    key,
    { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)), ...params },
    { data: { retryAfterSeconds: seconds } },
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
