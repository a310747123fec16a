import type { FastifyServerOptions } from 'fastify';

/**
 * What the log never holds, at any level: SQL parameters, request bodies and query strings, e-mail
 * addresses, mobile numbers, names, postal addresses, document numbers, secrets/tokens and card data.
 * THE one list: a logged object's key that matches it (any depth, case-insensitive, ignoring `_`/`-`)
 * has its value replaced by "[redacted]"; every string that is still logged (messages, error texts,
 * stacks) is scrubbed of e-mail addresses, phone numbers and card-length digit runs; a database error
 * keeps its SQL state, constraint and table but loses its parameters and `detail` (PostgreSQL puts the
 * offending values there: `Key (email)=(…) already exists`).
 */
export const PERSONAL_KEYS = [
  // secrets and tokens
  'password',
  'payPassword',
  'newPassword',
  'oldPassword',
  'pin',
  'otp',
  'verificationCode',
  'token',
  'accessToken',
  'refreshToken',
  'sessionToken',
  'ticket',
  'secret',
  'authorization',
  'cookie',
  'setCookie',
  'credential',
  'signature',
  // contact and identity
  'email',
  'mobile',
  'phone',
  'account',
  'to',
  'from',
  'name',
  'firstName',
  'lastName',
  'fullName',
  'username',
  'realName',
  'address',
  'addressLine1',
  'addressLine2',
  'street',
  'postcode',
  'postalCode',
  'birthDate',
  'dateOfBirth',
  'documentNumber',
  'idNumber',
  'passportNumber',
  'nationalId',
  // card data
  'pan',
  'cardNumber',
  'cvv',
  'cvc',
  'expiry',
  // raw input and SQL values
  'body',
  'payload',
  'query',
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'subject',
  'text',
  'html',
] as const;

const KEYS = new Set(PERSONAL_KEYS.map(normaliseKey));
function normaliseKey(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

export const REDACTED = '[redacted]';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// A phone number (+ and 7–15 digits, spaces/dashes allowed) or any run of 12+ digits (card numbers).
const PHONE = /\+\d[\d\s-]{5,18}\d/g;
const LONG_DIGITS = /\b\d{12,}\b/g;
// Drizzle's "Failed query: <sql>\nparams: <values>" and pg's key details.
const SQL_PARAMS = /\n?params:[^\n]*/g;
const KEY_DETAIL = /Key \([^)]*\)=\([^)]*\)/g;

export function scrubText(text: string): string {
  return text
    .replace(SQL_PARAMS, '\nparams: [redacted]')
    .replace(KEY_DETAIL, 'Key [redacted]')
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]')
    .replace(LONG_DIGITS, '[digits]');
}

/** A copy of `value` with personal keys redacted and every string scrubbed (cycles and depth bounded). */
export function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return serializeError(value, depth, seen);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] = KEYS.has(normaliseKey(key)) && v !== undefined && v !== null ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  return out;
}

/** Errors, database errors included: type, code and scrubbed message/stack; parameters and details dropped. */
export function serializeError(err: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (!(err instanceof Error)) return scrubValue(err, depth, seen);
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.name, message: scrubText(e.message) };
  if (e.stack) out.stack = scrubText(e.stack);
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'column', 'schema', 'routine', 'severity']) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = scrubValue(e[key]);
  }
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1, seen);
  return out;
}

type Req = { method?: string; url?: string; id?: string; ip?: string };

/**
 * pino options for the API's logger: the request is logged as method + path (no query string, no
 * headers, no body), errors through serializeError, every other logged object through scrubValue,
 * and message strings scrubbed.
 */
export function privateLoggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (req: Req) => ({ method: req.method, url: (req.url ?? '').split('?')[0], id: req.id }),
      err: (err: unknown) => serializeError(err) as { type: string; message: string; stack: string },
    },
    formatters: {
      // `req` / `res` are Fastify's own objects: their serializers above pick the safe fields.
      log: (object: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const [key, v] of Object.entries(object))
          out[key] = key === 'req' || key === 'res' ? v : (scrubValue({ [key]: v }) as Record<string, unknown>)[key];
        return out;
      },
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as typeof args;
        return method.apply(this, scrubbed);
      },
    },
  };
}
