import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { body, requireRedis, TEST_REDIS_URL, twoReplicas, uniquePrefix } from './support';

/**
 * Everything a second API process needs is shared (docs/operations.md "Shared state"): the per-IP
 * limits through Redis, the per-account lockouts and code cooldowns through the database.
 */
const redisUp = await requireRedis();
/** Building an app takes seconds on an idle machine and much longer on the shared one (load average 20–30 seen). */
const SLOW = 180_000;

const login = (t: { inject: TestApp['inject'] }, ip: string, account: string) =>
  t.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password: 'Wrong-pass1' },
    remoteAddress: ip,
  });

describe('per-IP limits without REDIS_URL', () => {
  it(
    'use process memory (the single-process default)',
    async () => {
      const t = await createTestApp('pglite', { IP_LOGIN_MAX: '2' });
      try {
        expect(t.app.ipLimiter.store).toBe('memory');
        for (let i = 0; i < 2; i++)
          expect(body(await login(t, '10.3.0.1', `m${i}@example.com`)).key).toBe('invalid_credentials');
        expect(body(await login(t, '10.3.0.1', 'm9@example.com'))).toMatchObject({ code: 429, key: 'rate_limited' });
      } finally {
        await t.close();
      }
    },
    SLOW,
  );

  it(
    'a burst in one tick lets exactly the limit through (each hit reads its own count, not the last one)',
    async () => {
      const t = await createTestApp('pglite', {});
      try {
        // What the plugin reads of a request: its IP and the route's config.
        const request = { ip: '10.3.0.9', log: t.app.log, routeOptions: { config: {} } } as unknown as Parameters<
          typeof t.app.ipLimiter.hit
        >[0];
        const waits = await Promise.all(
          Array.from({ length: 60 }, () => t.app.ipLimiter.hit(request, 'burst-test', 40, 60)),
        );
        expect(waits.filter((w) => w === 0)).toHaveLength(40);
        expect(waits.filter((w) => w > 0)).toHaveLength(20);
      } finally {
        await t.close();
      }
    },
    SLOW,
  );

  it(
    'fail open when the configured Redis is unreachable (per-account lockouts still apply)',
    async () => {
      const t = await createTestApp('pglite', {
        REDIS_URL: 'redis://127.0.0.1:1',
        IP_LOGIN_MAX: '1',
        LOGIN_MAX_FAILURES: '3',
      });
      try {
        expect(t.app.ipLimiter.store).toBe('redis');
        // Over the per-IP limit of 1, yet answered: the limiter's store is down, so it does not limit.
        for (let i = 0; i < 2; i++)
          expect(body(await login(t, '10.3.0.2', 'same@example.com')).key).toBe('invalid_credentials');
        expect(body(await login(t, '10.3.0.2', 'same@example.com')).key).toBe('account_locked');
      } finally {
        await t.close();
      }
    },
    SLOW,
  );
});

describe.skipIf(!redisUp)('per-IP limits in Redis, across two API instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: uniquePrefix(),
      IP_LOGIN_MAX: '30',
      IP_SEND_CODE_MAX: '4',
    };
    // Two instances with their own memory (and own embedded databases): only Redis is common.
    [a, b] = await Promise.all([createTestApp('pglite', env), createTestApp('pglite', env)]);
  }, SLOW);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('30 login attempts spread over both instances are limited as 30 on one would be', async () => {
    expect(a.app.ipLimiter.store).toBe('redis');
    for (let i = 0; i < 30; i++) {
      const res = body(await login(i % 2 === 0 ? a : b, '10.4.0.1', `spread${i}@example.com`));
      expect(res.key, `attempt ${i + 1}`).toBe('invalid_credentials');
    }
    for (const t of [a, b]) {
      const over = body(await login(t, '10.4.0.1', 'spread-over@example.com'));
      expect(over).toMatchObject({ code: 429, key: 'rate_limited' });
      expect(over.data.retryAfterSeconds).toBeGreaterThan(0);
      expect(over.data.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    // Another address has its own window.
    expect(body(await login(b, '10.4.0.2', 'other@example.com')).key).toBe('invalid_credentials');
  });

  it('the code-sending limit is shared too', async () => {
    const send = (t: TestApp, i: number) =>
      t.inject({
        method: 'POST',
        url: '/api/user/sendCode',
        payload: { account: `code${i}@example.com`, purpose: 'register' },
        remoteAddress: '10.4.0.3',
      });
    for (let i = 0; i < 4; i++) expect(body(await send(i % 2 ? b : a, i)).code).toBe(200);
    expect(body(await send(a, 8))).toMatchObject({ code: 429, key: 'rate_limited' });
    expect(body(await send(b, 9))).toMatchObject({ code: 429, key: 'rate_limited' });
  });
});

describe.skipIf(!inject('pgReachable'))(
  'per-account lockouts and code cooldowns, across two instances on one PostgreSQL',
  () => {
    let cluster: Awaited<ReturnType<typeof twoReplicas>>;
    beforeAll(async () => {
      // Memory per-IP limits on purpose: the per-account state must be shared without Redis.
      cluster = await twoReplicas({ IP_LOGIN_MAX: '1000', IP_SEND_CODE_MAX: '1000', LOGIN_MAX_FAILURES: '4' });
    }, SLOW);
    afterAll(async () => {
      await cluster?.close();
    });

    it('failed logins on both instances add up to one lockout', async () => {
      const [a, b] = cluster.replicas.map((r) => r.app);
      const results = [];
      for (let i = 0; i < 4; i++)
        results.push(body(await login(i % 2 ? b! : a!, `10.5.0.${i}`, 'victim@example.com')).key);
      expect(results).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'account_locked']);
      expect(body(await login(a!, '10.5.0.9', 'victim@example.com')).key).toBe('account_locked');
      expect(body(await login(b!, '10.5.0.9', 'victim@example.com')).key).toBe('account_locked');
    });

    it('a code sent through one instance starts the resend cooldown on the other', async () => {
      const [a, b] = cluster.replicas.map((r) => r.app);
      const send = (app: typeof a) =>
        app!.inject({
          method: 'POST',
          url: '/api/user/sendCode',
          payload: { account: 'cooldown@example.com', purpose: 'register' },
        });
      expect(body(await send(a)).code).toBe(200);
      expect(body(await send(b))).toMatchObject({ code: 429, key: 'code_resend_cooldown' });
    });
  },
);
