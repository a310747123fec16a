/**
 * Body codes of the `{ code, msg, data }` envelope. Every business outcome is HTTP 200 with one of
 * these; the client's rules (spec §8) key off the body code, not the HTTP status.
 */
export const ResultCode = {
  ok: 200,
  /** Not logged in, or the session expired/was revoked: the client logs out and asks to log in. */
  unauthenticated: 401,
  /** Logged in but not allowed (another user's object, an admin-only call, a missing KYC level). */
  forbidden: 403,
  notFound: 404,
  /** The same idempotency key was sent with another payload, or is still being processed. */
  conflict: 409,
  /** Invalid parameters; `data.fields` maps each bad field to a translated message. */
  invalidParams: 422,
  /** Too many attempts; `data.retryAfterSeconds` says when to try again. */
  rateLimited: 429,
  /** Operation failed: a business rule refused it, or an unexpected error (msg says which). */
  failed: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/**
 * Stable machine-readable error keys sent as `key` beside `msg`. The translated text of each lives
 * in the shared catalogue under `errors.<key>` in every locale. Add new keys here AND in all four
 * locale files (a unit test checks the catalogue is complete).
 */
export const ERROR_KEYS = [
  // generic
  'internal_error',
  'invalid_params',
  'illegal_request',
  // refused by the HTTP layer before a route runs (size, media type, URL length, method)
  'payload_too_large',
  'unsupported_media_type',
  'uri_too_long',
  'method_not_allowed',
  'unauthenticated',
  'session_expired',
  'forbidden',
  'host_not_allowed',
  'not_found',
  'rate_limited',
  'operation_failed',
  'idempotency_key_required',
  'idempotency_key_mismatch',
  'idempotency_key_in_flight',
  // accounts and sessions
  'account_exists',
  'invalid_credentials',
  'account_locked',
  'account_disabled',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'code_resend_cooldown',
  'code_delivery_failed',
  'reset_ticket_invalid',
  'referee_not_found',
  'admin_only',
  'csrf_header_required',
  'binding_exists',
  'password_same_as_old',
  // wallet
  'recharge_address_failed',
  'address_invalid',
  'address_is_contract',
  'insufficient_balance',
  'choose_currency_first',
  'currency_unsupported',
  'network_unsupported',
  'withdraw_below_minimum',
  'transfer_below_minimum',
  'transfer_above_maximum',
  'exchange_out_of_limits',
  'quote_expired',
  'kyc1_required',
  'kyc2_required',
  'paypass_not_set',
  'paypass_already_set',
  'paypass_wrong',
  'paypass_locked',
  'withdrawal_not_pending',
  'address_not_found',
  // notifications
  'message_not_found',
  // cards
  'card_apply_limit_reached',
  'card_apply_failed',
  'insufficient_wallet_balance',
  'insufficient_card_balance',
  'card_under_age',
  'email_binding_required',
  'card_product_unavailable',
  'card_address_required',
  'card_not_active',
  'card_already_active',
  'card_amount_out_of_limits',
  'card_first_topup_minimum',
  'card_must_keep_minimum',
  'card_issuer_timeout',
  // coupons and member centre
  'coupon_not_found',
  'coupon_expired',
  'coupon_already_bound',
  'coupon_bound_by_other',
  'coupon_used',
  'coupon_not_applicable',
  'reauth_required',
  // kyc
  'kyc_field_required',
  'kyc_field_name',
  'kyc_field_document_number',
  'kyc_field_birth_date',
  'kyc_field_country',
  'kyc_field_images',
  'kyc_under_18',
  'kyc_document_mismatch',
  'kyc1_already_verified',
  'kyc2_already_verified',
  'kyc2_in_review',
  'kyc2_final_rejection',
  'kyc2_retry_not_allowed',
  'kyc_provider_unavailable',
  'webhook_signature_invalid',
  'webhook_stale',
  'upload_not_multipart',
  'upload_empty',
  'upload_not_image',
  'upload_too_large',
  'upload_too_many_files',
  'upload_incomplete',
  'upload_expired',
  // cards, part 2 (statement, controls, binding)
  'card_frozen',
  'card_not_frozen',
  'card_risk_frozen',
  'card_unfreeze_already_applied',
  'card_unfreeze_too_early',
  'card_unfreeze_fee_insufficient',
  'card_paypass_required',
  'card_details_unavailable',
  'card_pending_transactions',
  'card_number_invalid',
  'card_not_product',
  'card_bind_refused',
  'card_export_period_invalid',
  // releases (issue 15): feature-app releases, canaries, rollbacks
  'release_refused',
  'release_conflict',
  // step-up before takeover paths (issue 22)
  'step_up_required',
  'step_up_proof_not_accepted',
  'step_up_channel_too_new',
  // one verified identity, one account (issue 21, docs/kyc.md)
  'kyc_identity_in_use',
  // passkeys (issue 22)
  'passkey_unavailable',
  'passkey_ceremony_expired',
  'passkey_invalid',
  'passkey_exists',
  'passkey_not_found',
  'passkey_reauth_required',
  // card money back to the wallet (issue 21)
  'card_funding_insufficient',
  // 3-D Secure in the app and spending controls (issue 23)
  'card_threeds_answered',
  'card_threeds_expired',
  'card_limit_above_product',
  // card disputes (issue 23)
  'card_dispute_not_purchase',
  'card_dispute_not_completed',
  'card_dispute_too_old',
  'card_dispute_exists',
  'card_dispute_evidence_invalid',
  'card_already_replaced',
  'card_replace_pending_transactions',
  // WeChat sign-in and WeChat Pay (issue 27)
  'wechat_unavailable',
  'wechat_code_invalid',
  'wechat_code_used',
  'wechat_code_expired',
  'wechat_ticket_invalid',
  'wechat_state_invalid',
  'wechat_already_bound',
  'wechat_not_bound',
  'wechat_agreement_required',
  'wechat_pay_unavailable',
  'wechat_pay_order_not_found',
  'wechat_pay_order_closed',
  'wechat_pay_notification_invalid',
  // location pages (issue 27)
  'places_unavailable',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  /** Present on errors: the stable key behind `msg`. */
  key?: ErrorKey;
  data: T;
}

/** `data` of an invalid-params answer. Field messages are already translated. */
export interface InvalidParamsData {
  fields: Record<string, string>;
}

export interface RateLimitedData {
  retryAfterSeconds: number;
}

/** The error the host HTTP client rejects with; remotes may rely on its fields. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP-ish status: 0 for client-side failures (missing URL, network, timeout). */
    readonly status: number,
    /** Body code when the server answered, else undefined. */
    readonly code?: number,
    readonly key?:
      | ErrorKey
      | 'network_error'
      | 'timeout'
      | 'http_status_error'
      | 'not_json'
      | 'missing_url'
      | 'interceptor_rejected',
    readonly data?: unknown,
  ) {
    super(message);
  }

  get fields(): Record<string, string> | undefined {
    const d = this.data as Partial<InvalidParamsData> | undefined;
    return d && typeof d === 'object' && d.fields ? d.fields : undefined;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'ApiError';
}
