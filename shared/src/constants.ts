// Business constants of the product spec §9 — one place, used by the front end and the API.
export const APP_VERSION_CODE = 1138;
export const SESSION_LIFETIME_SECONDS = 2_592_000; // 30 days
export const PAGE_SIZE = 15;
export const MAX_CONTENT_WIDTH_PX = 500;

export const TOAST_DEFAULT_MS = 1500;
export const TOAST_ERROR_MS = 2500;
export const TOAST_NETWORK_ERROR_MS = 3000;

export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const SCREEN_SLIDE_MS = 300;
export const UPGRADE_POPUP_FADE_MS = 200;

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_COUNTDOWN_SECONDS = 60;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const PIN_LENGTH = 6; // card PIN, ATM PIN and transaction password
export const ADULT_AGE = 18;

export const TRANSFER_MIN_USD = '50';
export const CRYPTO_WITHDRAW_MIN_USDT = '10';
export const DEPOSIT_CREDIT_THRESHOLD_USDT = '0.5'; // deposits must exceed this
export const CARD_WITHDRAW_FEE_USD = '5';
export const CARD_UNFREEZE_FEE_USD = '1';
export const CARD_MIN_KEEP_USD = '1';
export const GATEWAY_FEE_FREE_FROM_USD = '50';
export const GATEWAY_FEE_USD = '0.3';
export const CARD_ORGANISATION_FEE_USD = '0.5';
export const PHYSICAL_CARD_DELIVERY_WORKING_DAYS = 7;

export const UPLOAD_MAX_FILES = 52;
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const TEXTAREA_MAX_LENGTH = 140;
export const RATING_STARS = 5;
export const BADGE_MAX = 999;
export const SWIPE_DURATION_MS = 300;
export const RELATIVE_TIME_JUST_NOW_MINUTES = 5;
export const RELATIVE_TIME_MAX_DAYS = 30;
