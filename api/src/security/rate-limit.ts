import { createRequire } from 'node:module';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Per-IP fixed-window limits (login, code sending), through @fastify/rate-limit's stores:
 * - `REDIS_URL` set → its Redis store (one atomic INCR + PEXPIRE script per hit), so every API
 *   process behind the load balancer counts into the same window: 30 attempts spread over two
 *   processes are limited exactly as 30 on one.
 * - unset → its in-memory LRU store, correct for the single process `npm start` runs.
 * Per-account lockouts and verification-code cooldowns are NOT here: they live in the database
 * (src/security/lockout.ts, verification_codes), which every process already shares and which keeps
 * them across restarts (docs/operations.md "Shared state").
 *
 * A Redis that cannot be reached fails OPEN (the request is not limited, a warning is logged): the
 * per-account lockouts in the database still stop password guessing, and an outage of the limiter's
 * store must not take sign-in down with it.
 */
export interface IpLimiter {
  readonly store: 'redis' | 'memory';
  /** Counts one hit of `bucket` for the caller's IP; resolves the seconds to wait when over `max` in the window, else 0. */
  hit(request: FastifyRequest, bucket: string, max: number, windowSeconds: number): Promise<number>;
  /** The Redis client when the store is Redis (health checks, tests). */
  readonly redis: Redis | undefined;
}

type Check = (req: FastifyRequest) => Promise<{ isExceeded?: boolean; ttlInSeconds?: number; ttl?: number }>;

interface WindowCount {
  current: number;
  ttl: number;
}
interface RateLimitStore {
  incr(key: string, callback: (err: Error | null, result?: WindowCount) => void, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}
type LocalStoreClass = new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => RateLimitStore;
// The plugin's own in-memory store (it has no export map; the file is part of its published package).
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as LocalStoreClass;

/**
 * @fastify/rate-limit's memory store hands every caller the SAME mutable counter object, and the
 * plugin reads `current` from it only after an await: a burst of N > max hits in one tick all read N
 * and all are refused, not just the ones over the limit. This store passes each caller a snapshot
 * taken at its own increment (the Redis store already answers a fresh object per call).
 */
export class SnapshotMemoryStore implements RateLimitStore {
  private readonly inner: RateLimitStore;
  constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number } = {}) {
    this.inner = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
  }
  incr(
    key: string,
    callback: (err: Error | null, result?: WindowCount) => void,
    timeWindow: number,
    max: number,
  ): void {
    this.inner.incr(
      key,
      (err, result) => callback(err, result && { current: result.current, ttl: result.ttl }),
      timeWindow,
      max,
    );
  }
  child(routeOptions: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }): RateLimitStore {
    return new SnapshotMemoryStore(routeOptions);
  }
}

/** Connects to Redis without queueing commands while it is away (a hit fails fast and the limit fails open). */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    // Keep trying in the background, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

/** Registers @fastify/rate-limit (no global limit: only what `hit` is asked for) and decorates `app.ipLimiter`. */
export async function registerIpLimiter(app: FastifyInstance): Promise<void> {
  const { redisUrl, redisKeyPrefix } = app.config;
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = createRedisClient(redisUrl);
    // A failed connection is reported once per outage, not per reconnect attempt.
    let reported = false;
    redis.on('error', (err) => {
      if (reported) return;
      reported = true;
      app.log.warn({ err: { message: err.message } }, 'redis unreachable: per-IP limits fail open until it is back');
    });
    redis.on('ready', () => {
      reported = false;
    });
    await redis.connect().catch(() => undefined);
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisKeyPrefix}rl:` } : { store: SnapshotMemoryStore as never, cache: 50_000 }),
  });

  const checks = new Map<string, Check>();
  const checkFor = (bucket: string, max: number, windowSeconds: number): Check => {
    const id = `${bucket}|${max}|${windowSeconds}`;
    let check = checks.get(id);
    if (!check) {
      check = app.createRateLimit({
        max,
        timeWindow: windowSeconds * 1000,
        keyGenerator: (req) => `${bucket}:${req.ip}`,
      }) as Check;
      checks.set(id, check);
    }
    return check;
  };

  const limiter: IpLimiter = {
    store: redis ? 'redis' : 'memory',
    redis,
    async hit(request, bucket, max, windowSeconds) {
      try {
        const result = await checkFor(bucket, max, windowSeconds)(request);
        return result.isExceeded ? Math.max(1, result.ttlInSeconds ?? windowSeconds) : 0;
      } catch (err) {
        request.log.warn(
          { err: { message: (err as Error).message }, bucket },
          'per-IP limit unavailable (failing open)',
        );
        return 0;
      }
    },
  };
  app.decorate('ipLimiter', limiter);
}
