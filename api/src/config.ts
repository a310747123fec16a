import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { APP_VERSION_CODE } from '@cardwallet/shared';
import { SANDBOX_OPERATOR_PROFILE, operatorProfileSchema, type OperatorProfile } from './config/operator.js';
import { loadReleaseConfig, type ReleaseConfig } from './config/releases.js';
import { loadTelemetryConfig, type TelemetryConfig } from './config/telemetry.js';
import { loadUploadsConfig, type UploadsConfig } from './config/uploads.js';
import { loadCardIssuerConfig, type CardIssuerConfig } from './config/cards.js';
import { readEvmEnv, type EvmEnv } from './config/evm.js';
import { loadGeoConfig, type GeoConfig } from './config/geo.js';
import { loadKycConfig, type KycConfig } from './config/kyc.js';
import { readReferralConfig, type ReferralConfig } from './config/referral.js';
import { loadWechatConfig, type WechatConfig } from './config/wechat.js';
import { publishedSecretProblems } from './config/published-secrets.js';

/** The api/ package directory, whatever the working directory is. */
export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(API_DIR, '..');

/** Documented sandbox default for the seeded admin (ADMIN_PASSWORD overrides; required outside sandbox). */
export const SANDBOX_ADMIN_PASSWORD = 'Admin1234!';
/**
 * Documented sandbox TOTP secret (base32, 20 bytes) of the admin's second factor, so tests, e2e and a
 * developer's authenticator app can compute codes. ADMIN_TOTP_SECRET overrides; required and must
 * differ from this one outside sandbox.
 */
export const SANDBOX_ADMIN_TOTP_SECRET = 'WKKDAQZXSEXLGQOX7SNYONKND5Y6JYAH';

/**
 * Documented sandbox key of the server's own signatures (device cookies, telemetry tickets).
 * SIGNING_SECRET overrides; required and must differ from this one outside sandbox.
 */
export const SANDBOX_SIGNING_SECRET = 'cardwallet-sandbox-signing-secret-not-for-production';

/** Passwords an attacker tries first: refused for the admin in production (compared case-insensitively). */
const COMMON_PASSWORDS = new Set(
  [
    'password',
    'password1',
    'password123',
    'admin',
    'admin123',
    'admin1234',
    'administrator',
    'changeme',
    'letmein',
    'welcome',
    'qwerty',
    '123456789012',
    'p@ssw0rd',
    'passw0rd',
    'cardwallet',
  ].map((p) => p.toLowerCase()),
);

/** Why the admin password is too weak for production, or undefined when it is acceptable. */
export function weakAdminPasswordReason(password: string): string | undefined {
  if (password === SANDBOX_ADMIN_PASSWORD) return 'is the documented sandbox default';
  if (password.length < 12) return 'must be at least 12 characters in production';
  const bare = password.toLowerCase().replace(/[^a-z0-9@]+/g, '');
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || COMMON_PASSWORDS.has(bare))
    return 'is a commonly guessed password';
  if (new Set(password).size < 6) return 'repeats too few different characters';
  return undefined;
}

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true/false/1/0/yes/no/on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const positiveInt = (def: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be an integer').positive('must be > 0').default(def);

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0)
      .max(65535, 'must be 0..65535')
      .default(8080),
    /**
     * Address to listen on. Default: loopback (127.0.0.1) in sandbox mode — the sandbox's dev routes
     * (one-time codes, minted deposits, KYC levels) and documented secrets must not reach the network
     * unless someone asks for it (README "Open the sandbox to a phone"); 0.0.0.0 in production.
     */
    HOST: z.string().min(1).optional(),
    /**
     * Host names (comma-separated, no port) the API answers to; any other `Host` gets 421 before
     * routing (DNS rebinding, forged Host). Required in production; the sandbox adds them to the
     * loopback names and HOST (src/security/host-allowlist.ts).
     */
    ALLOWED_HOSTS: z
      .string()
      .regex(
        /^\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)(\s*,\s*(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+))*\s*$/,
        'must be a comma-separated list of host names without ports',
      )
      .optional(),
    /** postgres://… — when set, the API uses this PostgreSQL server instead of the embedded PGlite. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** PGlite data directory (relative paths resolve against api/). Default api/.data/pglite. */
    DATA_DIR: z.string().min(1).optional(),
    /** sandbox: sandbox providers, demo data, dev outbox. production: real providers only. */
    APP_MODE: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }).optional(),
    SANDBOX: bool.optional(),
    WEB_ROOT: z.string().min(1).optional(),
    /**
     * Send `103 Early Hints` with the shell's start files before the per-client page is made. Off by
     * default: Chromium acts on 103 only over HTTP/2 or later, and a proxy that predates 1xx
     * forwarding (nginx before 1.29, Debian's 1.22 in scripts/cluster.mjs) would take the 103 for
     * the answer. Turn it on behind an HTTP/2 front that forwards them (nginx ≥ 1.29 `early_hints`,
     * HAProxy, Envoy, a CDN).
     */
    EARLY_HINTS: bool.optional(),
    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number({ error: 'must be a number' }).int().min(1).max(65535).optional(),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_FROM: z.string().min(3).optional(),
    SMTP_SECURE: bool.optional(),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
    /** Base32 TOTP secret of the admin's second factor (RFC 6238, 30 s, 6 digits); ≥ 16 bytes. */
    ADMIN_TOTP_SECRET: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z2-7]{26,128}=*$/, 'must be base32 of at least 16 bytes (26+ characters A-Z, 2-7)')
      .optional(),
    /** HMAC key of the server's own signatures (device cookies, telemetry tickets); ≥ 32 characters. */
    SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
    /** Lifetime of an admin session (default 30 min; customers keep theirs 30 days). */
    ADMIN_SESSION_MINUTES: positiveInt(30).refine((n) => n <= 24 * 60, 'must be at most 1440'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal|error|warn|info|debug|trace|silent',
      })
      .default('info'),
    /**
     * Slow clients (docs/operations.md "Timeouts"): the request line and headers must arrive within
     * HEADERS_TIMEOUT_MS, the whole request (headers and body) within REQUEST_TIMEOUT_MS, and a
     * connection on which nothing moves for IDLE_TIMEOUT_MS is closed (an event stream writes a
     * heartbeat every 25 s, so it stays open). KEEP_ALIVE_TIMEOUT_MS: how long an idle kept-alive
     * connection waits for its next request — above nginx's 50 s upstream keepalive_timeout.
     */
    HEADERS_TIMEOUT_MS: positiveInt(10_000),
    REQUEST_TIMEOUT_MS: positiveInt(30_000),
    IDLE_TIMEOUT_MS: positiveInt(60_000),
    KEEP_ALIVE_TIMEOUT_MS: positiveInt(72_000),
    /** Upper bound of a JSON request body in bytes. */
    BODY_LIMIT_BYTES: positiveInt(64 * 1024),
    /** Failed logins per account within LOGIN_LOCK_WINDOW_SECONDS before the account is locked. */
    LOGIN_MAX_FAILURES: positiveInt(5),
    LOGIN_LOCK_WINDOW_SECONDS: positiveInt(15 * 60),
    LOGIN_LOCK_SECONDS: positiveInt(15 * 60),
    /**
     * redis://… — when set, the per-IP limits live in this Redis and are shared by every API process
     * (docs/operations.md); unset = process memory (the single-process default).
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Prefix of every Redis key this deployment writes (several deployments may share one Redis). */
    REDIS_KEY_PREFIX: z.string().min(1).max(64).default('cardwallet:'),
    /**
     * Which proxies' X-Forwarded-For to believe for the client IP (Fastify trustProxy): unset = none
     * (the socket address is the client), `loopback`, or a comma-separated address/CIDR list.
     */
    TRUST_PROXY: z.string().min(1).optional(),
    /** Per-IP limits (shared through Redis when REDIS_URL is set, else per process): requests per window. */
    IP_LOGIN_MAX: positiveInt(30),
    IP_SEND_CODE_MAX: positiveInt(20),
    /** Inviter look-ups (user/inviter) per IP per window: a share link opens a handful, a walk of ids thousands. */
    IP_INVITER_MAX: positiveInt(30),
    IP_WINDOW_SECONDS: positiveInt(15 * 60),
    /** Codes per account per hour (on top of the 60 s resend cooldown). */
    CODE_MAX_PER_HOUR: positiveInt(10),
    CODE_RESEND_SECONDS: positiveInt(60),
    CODE_TTL_SECONDS: positiveInt(600),
    CODE_MAX_ATTEMPTS: positiveInt(5),
    /** scrypt cost parameter N (power of two). Tests lower it for speed. */
    SCRYPT_N: positiveInt(2 ** 15).refine((n) => (n & (n - 1)) === 0, 'must be a power of two'),
    IDEMPOTENCY_TTL_HOURS: positiveInt(48).refine((n) => n >= 24, 'must be at least 24'),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
    /**
     * Sandbox card issuer: how often it sends again the webhooks our API did not accept (down,
     * restarting, answering an error) — as a real issuer retries; 0 = never (tests that want to see
     * an event stay undelivered).
     */
    SANDBOX_CARD_WEBHOOK_RETRY_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must be ≥ 0')
      .default(15_000),
    /** How often the sandbox card issuer runs its monthly-fee job (charges this month's fees and owed ones the balance now covers). 0 = off. */
    SANDBOX_CARD_FEE_RUN_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must be ≥ 0')
      .default(3_600_000),
    /** Sandbox chain: how often it mines a block (confirmations, broadcasts). 0 = only on request (POST /api/dev/chain/mine). */
    SANDBOX_CHAIN_BLOCK_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must be ≥ 0')
      .default(3_000),
    /** Newest front-end version code (app/version); clients below it are offered the upgrade. */
    APP_LATEST_VERSION_CODE: positiveInt(APP_VERSION_CODE),
    /** Oldest version code still allowed; clients below it must upgrade (no "later"). */
    APP_MIN_VERSION_CODE: positiveInt(APP_VERSION_CODE),
    /** The operator's legal entity, licences and support contacts (about page, help centre); JSON of OperatorProfile. */
    OPERATOR_PROFILE_JSON: z
      .string()
      .transform((text, ctx) => {
        try {
          return operatorProfileSchema.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be JSON of { legalName, registration, address, licences[], support{ email, hours, groups[] } }',
          });
          return z.NEVER;
        }
      })
      .optional(),
    /** Passkeys (WebAuthn): the RP ID (a domain), its display name, and the exact origins allowed (comma-separated).
     * Sandbox defaults: localhost and any http(s)://localhost:<port>; outside sandbox passkeys stay off until both are set. */
    PASSKEY_RP_ID: z
      .string()
      .regex(/^[a-z0-9.-]+$/, 'must be a domain such as wallet.example.com')
      .optional(),
    PASSKEY_RP_NAME: z.string().min(1).max(64).default('CardWallet'),
    // Prefixed to the redirect path of the WeChat website sign-in (docs/wechat.md); '' = same origin.
    WECHAT_REDIRECT_ORIGIN: z.string().max(200).default(''),
    PASSKEY_ORIGINS: z
      .string()
      .regex(/^https?:\/\/[^,\s]+(,https?:\/\/[^,\s]+)*$/, 'must be a comma-separated list of origins')
      .optional(),
    /** The deposit-address derivation secret of the sandbox chain (docs/ledger.md); its documented default in sandbox. */
    WALLET_ADDRESS_SECRET: z.string().min(16, 'must be at least 16 characters').max(512).optional(),
    /** Spread the sandbox exchange rates add on each side of the mid rate (a fraction below 1, at most 6 decimals). */
    EXCHANGE_SPREAD: z
      .string()
      .regex(/^0(\.\d{1,6})?$/, 'must be a fraction such as 0.005')
      .default('0.005'),
  })
  .superRefine((env, ctx) => {
    const sandbox = env.APP_MODE ? env.APP_MODE === 'sandbox' : (env.SANDBOX ?? true);
    if (env.APP_MODE && env.SANDBOX !== undefined && env.SANDBOX !== (env.APP_MODE === 'sandbox')) {
      ctx.addIssue({ code: 'custom', path: ['SANDBOX'], message: 'contradicts APP_MODE' });
    }
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not exceed REQUEST_TIMEOUT_MS' });
    }
    if (env.APP_MIN_VERSION_CODE > env.APP_LATEST_VERSION_CODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_MIN_VERSION_CODE'],
        message: 'must not exceed APP_LATEST_VERSION_CODE',
      });
    }
    if (!sandbox && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required outside sandbox mode' });
    }
    const weak = !sandbox && env.ADMIN_PASSWORD ? weakAdminPasswordReason(env.ADMIN_PASSWORD) : undefined;
    if (weak)
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: `${weak} (production refuses a weak admin password)`,
      });
    if (!sandbox && !env.ADMIN_TOTP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_TOTP_SECRET'],
        message: 'is required outside sandbox mode (the admin signs in with a second factor)',
      });
    }
    if (!sandbox && env.ADMIN_TOTP_SECRET === SANDBOX_ADMIN_TOTP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_TOTP_SECRET'],
        message: 'is the documented sandbox secret: generate your own',
      });
    }
    if (!sandbox && !env.SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_SECRET'],
        message: 'is required outside sandbox mode (signs device cookies and telemetry tickets)',
      });
    }
    if (!sandbox && env.SIGNING_SECRET === SANDBOX_SIGNING_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_SECRET'],
        message: 'is the documented sandbox secret: generate your own',
      });
    }
    if (!sandbox && !env.TRUST_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'is required outside sandbox mode (the TLS proxy in front: without it the client address is the proxy and https requests look like http, so cookies lose Secure)',
      });
    }
    if (!sandbox && !env.ALLOWED_HOSTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOWED_HOSTS'],
        message: 'is required outside sandbox mode (the host names the service answers to, e.g. wallet.example.com)',
      });
    }
    if (!sandbox && !env.OPERATOR_PROFILE_JSON) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPERATOR_PROFILE_JSON'],
        message: 'is required outside sandbox mode (the about page states who operates the service)',
      });
    }
    if (env.SMTP_HOST && !env.SMTP_FROM) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_FROM'], message: 'is required when SMTP_HOST is set' });
    }
  });

export interface Config {
  port: number;
  host: string;
  /** ALLOWED_HOSTS as given (the effective list adds the sandbox's names: src/security/host-allowlist.ts). */
  allowedHosts: string[];
  databaseUrl: string | undefined;
  dataDir: string;
  sandbox: boolean;
  webRoot: string | undefined;
  /** Send 103 Early Hints before each page (EARLY_HINTS). */
  earlyHints: boolean;
  smtp: { host: string; port: number; user?: string; password?: string; from: string; secure: boolean } | undefined;
  adminPassword: string;
  /** Base32 TOTP secret of the admin's second factor (sandbox: SANDBOX_ADMIN_TOTP_SECRET). */
  adminTotpSecret: string;
  adminSessionSeconds: number;
  /** SIGNING_SECRET (sandbox: SANDBOX_SIGNING_SECRET). */
  signingSecret: string;
  operator: OperatorProfile;
  logLevel: string;
  bodyLimit: number;
  /** Slow-client timeouts in ms (HEADERS_/REQUEST_/IDLE_/KEEP_ALIVE_TIMEOUT_MS). */
  timeouts: { headersMs: number; requestMs: number; idleMs: number; keepAliveMs: number };
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  trustProxy: string | undefined;
  limits: {
    loginMaxFailures: number;
    loginLockWindowSeconds: number;
    loginLockSeconds: number;
    ipLoginMax: number;
    ipSendCodeMax: number;
    ipInviterMax: number;
    ipWindowSeconds: number;
    codeMaxPerHour: number;
    codeResendSeconds: number;
    codeTtlSeconds: number;
    codeMaxAttempts: number;
  };
  scryptN: number;
  idempotencyTtlHours: number;
  shutdownTimeoutMs: number;
  /** Sandbox card issuer's redelivery interval of unaccepted webhooks (0 = off). */
  sandboxCardWebhookRetryMs: number;
  /** Sandbox card issuer's monthly-fee run interval (0 = off). */
  sandboxCardFeeRunMs: number;
  /** Sandbox chain's block interval (0 = blocks only on request). */
  sandboxChainBlockMs: number;
  appVersion: { latest: number; minimum: number };
  /** Release store and registry (RELEASE_* variables, src/modules/releases/config.ts). */
  releases: ReleaseConfig;
  /** Telemetry ingest, canary analysis, automatic rollouts (TELEMETRY_* variables, src/modules/telemetry/config.ts). */
  telemetry: TelemetryConfig;
  /** Object store and direct uploads (OBJECT_STORE, S3_*, UPLOAD_*, SANDBOX_BUCKET; src/config/uploads.ts). */
  uploads: UploadsConfig;
  /** WebAuthn relying party (PASSKEY_* variables); undefined = passkeys off (production without them). */
  passkeys: { rpId: string; rpName: string; origins: string[] | 'localhost' } | undefined;
  /** WECHAT_REDIRECT_ORIGIN: prefixed to the WeChat website sign-in's redirect path ('' = same origin). */
  wechatRedirectOrigin: string;
  /** WALLET_ADDRESS_SECRET: the sandbox chain's deposit-address secret (absent: its documented sandbox default). */
  walletAddressSecret: string | undefined;
  /** EXCHANGE_SPREAD: the sandbox exchange rates' spread, a decimal string (default 0.005). */
  exchangeSpread: string;
  /** Geocoder and map tiles (GEOCODER_*, MAP_*; src/config/geo.ts). */
  geo: GeoConfig;
  /** WeChat sign-in and WeChat Pay (WECHAT*, WECHATPAY*; src/config/wechat.ts). */
  wechat: WechatConfig;
  /** Card issuer and its webhooks (CARD_ISSUER*, CARD_WEBHOOK_SECRET; src/config/cards.ts). */
  cardIssuer: CardIssuerConfig;
  /** Identity verification (KYC_*, SANDBOX_KYC_*; src/config/kyc.ts). */
  kyc: KycConfig;
  /** Referral programme (REFERRAL_*; src/config/referral.ts). */
  referral: ReferralConfig;
  /** A real EVM chain (CHAIN_EVM_*; src/config/evm.ts). Its problems stop the wallet's start, not loadConfig. */
  evm: EvmEnv;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset so `FOO= npm start` does not trip validation.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? 'environment');
        const value = env[name];
        return `${name}${value !== undefined ? ` (got ${JSON.stringify(name.includes('PASSWORD') || name.includes('SECRET') ? '***' : value)})` : ''}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(API_DIR, e.DATA_DIR ?? '.data/pglite');
  const releases = loadReleaseConfig(cleaned, { apiDir: API_DIR, dataDir, pglite: !e.DATABASE_URL });
  if (!releases.config) throw new ConfigError(releases.errors);
  const telemetry = loadTelemetryConfig(cleaned);
  if (!telemetry.config) throw new ConfigError(telemetry.errors);
  const sandbox = e.APP_MODE ? e.APP_MODE === 'sandbox' : (e.SANDBOX ?? true);
  const uploads = loadUploadsConfig(cleaned, { dataDir, sandbox });
  if (!uploads.config) throw new ConfigError(uploads.errors);
  const sections = {
    geo: loadGeoConfig(cleaned),
    wechat: loadWechatConfig(cleaned),
    cardIssuer: loadCardIssuerConfig(cleaned),
    kyc: loadKycConfig(cleaned),
    referral: readReferralConfig(cleaned),
  };
  const sectionErrors = [
    ...Object.values(sections).flatMap((s) => s.errors),
    ...(sandbox ? [] : publishedSecretProblems(cleaned)),
  ];
  if (sectionErrors.length) throw new ConfigError(sectionErrors);
  return {
    port: e.PORT,
    host: e.HOST ?? (sandbox ? '127.0.0.1' : '0.0.0.0'),
    allowedHosts: (e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    sandbox,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
    earlyHints: e.EARLY_HINTS ?? false,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM!,
          secure: e.SMTP_SECURE ?? false,
        }
      : undefined,
    adminPassword: e.ADMIN_PASSWORD ?? SANDBOX_ADMIN_PASSWORD,
    adminTotpSecret: e.ADMIN_TOTP_SECRET ?? SANDBOX_ADMIN_TOTP_SECRET,
    adminSessionSeconds: e.ADMIN_SESSION_MINUTES * 60,
    signingSecret: e.SIGNING_SECRET ?? SANDBOX_SIGNING_SECRET,
    operator: e.OPERATOR_PROFILE_JSON ?? SANDBOX_OPERATOR_PROFILE,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    limits: {
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginLockWindowSeconds: e.LOGIN_LOCK_WINDOW_SECONDS,
      loginLockSeconds: e.LOGIN_LOCK_SECONDS,
      ipLoginMax: e.IP_LOGIN_MAX,
      ipSendCodeMax: e.IP_SEND_CODE_MAX,
      ipInviterMax: e.IP_INVITER_MAX,
      ipWindowSeconds: e.IP_WINDOW_SECONDS,
      codeMaxPerHour: e.CODE_MAX_PER_HOUR,
      codeResendSeconds: e.CODE_RESEND_SECONDS,
      codeTtlSeconds: e.CODE_TTL_SECONDS,
      codeMaxAttempts: e.CODE_MAX_ATTEMPTS,
    },
    scryptN: e.SCRYPT_N,
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sandboxCardWebhookRetryMs: e.SANDBOX_CARD_WEBHOOK_RETRY_MS,
    sandboxCardFeeRunMs: e.SANDBOX_CARD_FEE_RUN_MS,
    sandboxChainBlockMs: e.SANDBOX_CHAIN_BLOCK_MS,
    appVersion: { latest: e.APP_LATEST_VERSION_CODE, minimum: e.APP_MIN_VERSION_CODE },
    releases: releases.config,
    telemetry: telemetry.config,
    wechatRedirectOrigin: e.WECHAT_REDIRECT_ORIGIN,
    uploads: uploads.config,
    walletAddressSecret: e.WALLET_ADDRESS_SECRET,
    exchangeSpread: e.EXCHANGE_SPREAD,
    geo: sections.geo.config!,
    wechat: sections.wechat.config!,
    cardIssuer: sections.cardIssuer.config!,
    kyc: sections.kyc.config!,
    referral: sections.referral.config!,
    evm: readEvmEnv(cleaned, sandbox),
    passkeys:
      e.PASSKEY_RP_ID && e.PASSKEY_ORIGINS
        ? { rpId: e.PASSKEY_RP_ID, rpName: e.PASSKEY_RP_NAME, origins: e.PASSKEY_ORIGINS.split(',') }
        : sandbox
          ? {
              rpId: e.PASSKEY_RP_ID ?? 'localhost',
              rpName: e.PASSKEY_RP_NAME,
              origins: e.PASSKEY_ORIGINS?.split(',') ?? 'localhost',
            }
          : undefined,
  };
}
