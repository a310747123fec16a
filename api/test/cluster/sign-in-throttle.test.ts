import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { generate } from 'otplib';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { insertUser } from '../../src/modules/accounts/users';
import { createScratchDatabase, scratchPool } from '../support/pg';
import { TEST_SIGNING_SECRET } from '../support/harness';
import { requireRedis, spawnApi, TEST_REDIS_URL, uniquePrefix, type ApiProcess } from './support';

/**
 * Sign-in throttling that cannot lock others out (issue 43, OWASP ASVS V6.3), across two real API
 * processes sharing PostgreSQL and Redis: per address only FAILURES count (successes give their
 * slot back), the administrator has a bucket of its own, and a browser that signed in to an account
 * before (a signed device cookie) is not held back by a full address bucket — for that account only.
 */
const redisUp = await requireRedis();
const SLOW = 240_000;
const MAX = 6;
const TOTP = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const APP = { 'x-requested-with': 'XMLHttpRequest' };

describe.runIf(inject('pgReachable') && redisUp)(
  'sign-in throttling across two API processes (PostgreSQL + Redis)',
  () => {
    const started: ApiProcess[] = [];
    let drop: (() => Promise<void>) | undefined;
    let pool: pg.Pool;
    let a: ApiProcess;
    let b: ApiProcess;
    beforeAll(async () => {
      const scratch = await createScratchDatabase('cw_signin');
      drop = scratch.drop;
      const env = {
        APP_MODE: 'production',
        ADMIN_PASSWORD: 'Throttle-test-admin-1',
        ADMIN_TOTP_SECRET: TOTP,
        ALLOWED_HOSTS: '127.0.0.1',
        SIGNING_SECRET: TEST_SIGNING_SECRET,
        TRUST_PROXY: '127.0.0.1',
        OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: uniquePrefix(),
        IP_LOGIN_MAX: String(MAX),
        LOGIN_MAX_FAILURES: '100',
        LOG_LEVEL: 'warn',
      };
      a = await spawnApi(scratch.url, env);
      started.push(a);
      b = await spawnApi(scratch.url, env);
      started.push(b);
      pool = scratchPool({ connectionString: scratch.url, max: 2 });
      const db = { query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[] };
      for (const email of ['device@example.com', 'regular@example.com', 'other@example.com'])
        await insertUser(db, { email, mobile: null, password: 'Passw0rd!' }, 1024, new Date());
    }, SLOW);
    afterAll(async () => {
      await pool?.end();
      for (const p of started) if (p.child.exitCode === null && !p.child.signalCode) p.child.kill('SIGTERM');
      await Promise.all(started.map((p) => p.exited));
      await drop?.();
    }, SLOW);

    const post = async (p: ApiProcess, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${p.base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return {
        cookies: res.headers.getSetCookie(),
        body: (await res.json()) as { code: number; key?: string; data: Record<string, unknown> },
      };
    };
    const login = (p: ApiProcess, account: string, password: string, headers: Record<string, string> = {}) =>
      post(p, 'user/login', { account, password }, headers);

    it(
      'successes are not counted; failures on both processes fill one bucket; a known device and the admin still sign in',
      async () => {
        // A browser signs in once: it gets the device cookie (signed; another process accepts it).
        const first = await login(a, 'device@example.com', 'Passw0rd!', APP);
        expect(first.body.code).toBe(200);
        const device = first.cookies.find((c) => c.startsWith('cw_device='))!.split(';')[0]!;
        expect(device).toMatch(/^cw_device=v1\./);

        // 3 × MAX successful sign-ins from the address, spread over both processes: none counts.
        for (let i = 0; i < 3 * MAX; i++)
          expect((await login(i % 2 ? b : a, 'regular@example.com', 'Passw0rd!')).body.code, `success ${i}`).toBe(200);

        // MAX failures (different accounts, both processes) fill the address's customer bucket…
        for (let i = 0; i < MAX; i++)
          expect((await login(i % 2 ? b : a, `nobody${i}@example.com`, 'Wrong-pass-1')).body.key, `failure ${i}`).toBe(
            'invalid_credentials',
          );
        // …on both processes, for every account without a device cookie.
        for (const p of [a, b]) {
          const over = (await login(p, 'regular@example.com', 'Passw0rd!')).body;
          expect(over).toMatchObject({ code: 429, key: 'rate_limited' });
          expect(over.data.retryAfterSeconds).toBeGreaterThan(0);
        }

        // The browser that signed in before is not held back — on the other process too…
        expect((await login(b, 'device@example.com', 'Passw0rd!', { ...APP, cookie: device })).body.code).toBe(200);
        // …but its cookie opens nothing for another account, and a forged one opens nothing at all.
        expect((await login(b, 'other@example.com', 'Passw0rd!', { ...APP, cookie: device })).body.key).toBe(
          'rate_limited',
        );
        const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
        expect((await login(a, 'device@example.com', 'Passw0rd!', { ...APP, cookie: forged })).body.key).toBe(
          'rate_limited',
        );

        // The administrator's sign-in has its own bucket: customers' failures from this address do not block it.
        const otp = await generate({ secret: TOTP, epoch: Math.floor(Date.now() / 1000) });
        expect(
          (await post(b, 'user/adminLogin', { username: 'admin', password: 'Throttle-test-admin-1', otp })).body.code,
        ).toBe(200);
        // …and its own failures fill only its own bucket.
        for (let i = 0; i < MAX; i++)
          expect(
            (
              await post(i % 2 ? a : b, 'user/adminLogin', {
                username: 'admin',
                password: `Wrong-admin-${i}`,
                otp: '000000',
              })
            ).body.key,
          ).toBe('invalid_credentials');
        expect(
          (await post(a, 'user/adminLogin', { username: 'admin', password: 'Wrong-admin-x', otp: '000000' })).body.key,
        ).toBe('rate_limited');
      },
      SLOW,
    );
  },
);
