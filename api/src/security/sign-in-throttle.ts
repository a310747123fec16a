import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { BusinessError, rateLimited } from '../http/errors.js';

/**
 * Per-address sign-in throttling (OWASP ASVS V6.3) that cannot lock others out:
 * - only FAILURES count: each attempt reserves a slot before it is evaluated (so a burst cannot
 *   overshoot the limit) and a success gives its slot back;
 * - customer passwords, passkeys and the administrator count in separate buckets, so failures of
 *   customers behind one NAT or proxy do not lock the administrator out, nor passkey sign-in;
 * - a device that signed in to the account before (a signed device cookie, device-cookie.ts) is not
 *   held back by the per-address bucket at all — only by the account's own lockout;
 * - per account, failures are counted by the database lockout (lockout.ts), separately.
 *
 * The counts live in Redis when `REDIS_URL` is set (one atomic script per reservation, shared by
 * every process behind the load balancer), else in process memory. A Redis that cannot be reached
 * fails OPEN, like the other per-address limits: the per-account lockout still holds.
 */
export type SignInBucket = 'customer' | 'passkey' | 'admin';

export interface SignInSlot {
  /** The attempt succeeded (or was not evaluated): its slot is given back. */
  release(): Promise<void>;
}

export interface SignInThrottle {
  /** Reserves one failure slot of the caller's address; `wait` > 0 (seconds) when the bucket is full. */
  reserve(request: FastifyRequest, bucket: SignInBucket): Promise<{ wait: number; slot?: SignInSlot }>;
}

// INCR; the first one sets the window; over the limit → undo and answer the time left.
const RESERVE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if n > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return {0, redis.call('PTTL', KEYS[1])}
end
return {n, 0}`;
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export function createSignInThrottle(opts: {
  redis: Redis | undefined;
  keyPrefix: string;
  max: number;
  windowSeconds: number;
  now?: () => number;
}): SignInThrottle {
  const { redis, keyPrefix, max, windowSeconds } = opts;
  const now = opts.now ?? Date.now;
  const windowMs = windowSeconds * 1000;
  const memory = new Map<string, { count: number; until: number }>();
  const keyOf = (request: FastifyRequest, bucket: SignInBucket) => `${keyPrefix}signin:${bucket}:${request.ip}`;

  return {
    async reserve(request, bucket) {
      const key = keyOf(request, bucket);
      if (redis) {
        try {
          const [n, ttl] = (await redis.eval(RESERVE, 1, key, String(windowMs), String(max))) as [number, number];
          if (n === 0) return { wait: Math.max(1, Math.ceil(Number(ttl) / 1000)) };
          return {
            wait: 0,
            slot: {
              release: async () => {
                await redis.eval(RELEASE, 1, key).catch(() => undefined);
              },
            },
          };
        } catch (err) {
          request.log.warn({ err: { message: (err as Error).message } }, 'sign-in throttle unavailable (failing open)');
          return { wait: 0 };
        }
      }
      const t = now();
      let entry = memory.get(key);
      if (!entry || entry.until <= t) {
        entry = { count: 0, until: t + windowMs };
        memory.set(key, entry);
        if (memory.size > 100_000) for (const [k, v] of memory) if (v.until <= t) memory.delete(k);
      }
      if (entry.count >= max) return { wait: Math.max(1, Math.ceil((entry.until - t) / 1000)) };
      entry.count++;
      const held = entry;
      return {
        wait: 0,
        slot: {
          release: async () => {
            if (held.count > 0) held.count--;
          },
        },
      };
    },
  };
}

/** `app.signInThrottle`, on the same Redis as the other per-address limits. */
export function registerSignInThrottle(app: FastifyInstance): void {
  app.decorate(
    'signInThrottle',
    createSignInThrottle({
      redis: app.ipLimiter.redis,
      keyPrefix: app.config.redisKeyPrefix,
      max: app.config.limits.ipLoginMax,
      windowSeconds: app.config.limits.ipWindowSeconds,
    }),
  );
}

/** Answers that mean "these credentials were wrong" — the ones the per-address bucket keeps counted. */
const CREDENTIAL_FAILURES = new Set(['invalid_credentials', 'account_locked', 'passkey_invalid']);

/**
 * Runs one sign-in attempt under the caller address's `bucket`: refused with 429 `rate_limited`
 * when the bucket is full (unless `knownDevice`), a wrong credential keeps its slot, a success or
 * any other outcome gives it back.
 */
export async function throttledSignIn<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  bucket: SignInBucket,
  knownDevice: boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  if (knownDevice) return attempt();
  const { wait, slot } = await app.signInThrottle.reserve(request, bucket);
  if (wait > 0) throw rateLimited('rate_limited', wait);
  try {
    const result = await attempt();
    await slot?.release();
    return result;
  } catch (e) {
    if (!(e instanceof BusinessError && CREDENTIAL_FAILURES.has(e.key))) await slot?.release();
    throw e;
  }
}
