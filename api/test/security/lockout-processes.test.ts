import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { insertUser } from '../../src/modules/accounts/users';
import { hashPayPassword } from '../../src/modules/wallet/pay-password/paypass';
import { hashToken, newToken } from '../../src/security/tokens';
import { hashCode } from '../../src/modules/accounts/codes';
import { randomBytes } from 'node:crypto';
import { createScratchDatabase, scratchPool } from '../support/pg';
import { requireRedis, spawnApi, TEST_REDIS_URL, uniquePrefix, type ApiProcess } from '../cluster/support';

/**
 * Two real API processes on one PostgreSQL, configured as a cluster is (REDIS_URL shared for the
 * per-IP limits): 50 guesses split between them evaluate at most five in total, because the
 * reservation lives in the database both share. "Evaluated" is read from the database: each
 * reservation is exactly one evaluation, and without a success nothing gives it back.
 */
const redisUp = await requireRedis();
const SLOW = 240_000;
const N = 50;

describe.runIf(inject('pgReachable') && redisUp)('lockouts across two API processes (PostgreSQL + Redis)', () => {
  const started: ApiProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  let pool: pg.Pool;
  let a: ApiProcess;
  let b: ApiProcess;
  beforeAll(async () => {
    const scratch = await createScratchDatabase('cw_lockout');
    drop = scratch.drop;
    const env = {
      APP_MODE: 'production',
      ADMIN_PASSWORD: 'Lockout-test-admin-1',
      ADMIN_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      ALLOWED_HOSTS: '127.0.0.1',
      SIGNING_SECRET: 'test-signing-secret-of-at-least-32-characters',
      TRUST_PROXY: '127.0.0.1',
      OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: uniquePrefix(),
      IP_LOGIN_MAX: '10000',
      LOGIN_MAX_FAILURES: '5',
      LOG_LEVEL: 'warn',
    };
    a = await spawnApi(scratch.url, env);
    started.push(a);
    b = await spawnApi(scratch.url, env);
    started.push(b);
    pool = scratchPool({ connectionString: scratch.url, max: 2 });
  }, SLOW);
  afterAll(async () => {
    await pool?.end();
    for (const p of started) if (p.child.exitCode === null && !p.child.signalCode) p.child.kill('SIGTERM');
    await Promise.all(started.map((p) => p.exited));
    await drop?.();
  }, SLOW);

  const post = async (p: ApiProcess, path: string, body: unknown, token?: string) => {
    const res = await fetch(`${p.base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; key?: string };
  };
  const db = { query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[] };
  const newUser = async (email: string) => {
    const { id } = await insertUser(db, { email, mobile: null, password: 'Passw0rd!' }, 1024, new Date());
    const token = newToken();
    await pool.query(
      `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
      [id, hashToken(token)],
    );
    return { id: String(id), token };
  };

  it(`login: ${N} guesses split over two processes evaluate at most 5; the right one after the lock is refused on both`, async () => {
    await newUser('cluster-victim@example.com');
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        post(i % 2 ? b : a, 'user/login', {
          account: 'cluster-victim@example.com',
          password: i === N - 1 ? 'Passw0rd!' : `Wrong-${i}-pass`,
        }),
      ),
    );
    const [row] = (
      await pool.query(`select failures from login_failures where account_key = 'user:cluster-victim@example.com'`)
    ).rows as { failures: number }[];
    const evaluated = Number(row?.failures ?? 0);
    console.info(
      `[race] two processes login: ${evaluated} of ${N} evaluated`,
      answers.filter((x) => x.key === 'invalid_credentials').length,
      'invalid_credentials',
    );
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(answers.filter((x) => x.code === 200)).toHaveLength(0);
    expect(answers.filter((x) => x.key === 'invalid_credentials').length).toBeLessThanOrEqual(4);
    for (const p of [a, b])
      expect((await post(p, 'user/login', { account: 'cluster-victim@example.com', password: 'Passw0rd!' })).key).toBe(
        'account_locked',
      );
  });

  it(`transaction password: ${N} guesses split over two processes evaluate at most 5`, async () => {
    const u = await newUser('cluster-paypass@example.com');
    await pool.query(`insert into wallet_pay_passwords (user_id, password_hash) values ($1, $2)`, [
      u.id,
      await hashPayPassword('135790', 1024),
    ]);
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        post(
          i % 2 ? b : a,
          'user/changePayPassword',
          { oldPassword: i === N - 1 ? '135790' : String(200000 + i), password: '246801', confirmPassword: '246801' },
          u.token,
        ),
      ),
    );
    const [row] = (await pool.query(`select failed_attempts from wallet_pay_passwords where user_id = $1`, [u.id]))
      .rows as { failed_attempts: number }[];
    const evaluated = Number(row!.failed_attempts);
    console.info(
      `[race] two processes paypass: ${evaluated} of ${N} evaluated`,
      answers.filter((x) => x.key === 'paypass_wrong').length,
      'paypass_wrong',
    );
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(answers.at(-1)!.key).toBe('paypass_locked');
    expect(answers.filter((x) => x.key === 'paypass_wrong').length).toBeLessThanOrEqual(4);
  });

  it(`verification code: ${N} guesses split over two processes compare at most 5; the right code after that is refused`, async () => {
    // Production processes deliver nothing readable: the code row is written here with the installation's pepper.
    await pool.query(`insert into app_secrets (name, value) values ('code_pepper', $1) on conflict (name) do nothing`, [
      randomBytes(32).toString('base64'),
    ]);
    const [secret] = (await pool.query(`select value from app_secrets where name = 'code_pepper'`)).rows as {
      value: string;
    }[];
    const account = 'cluster-code@example.com';
    const code = '482913';
    await pool.query(
      `insert into verification_codes (account, purpose, channel, code_hash, created_at, expires_at) values ($1, 'register', 'email', $2, now(), now() + interval '10 minutes')`,
      [account, hashCode(Buffer.from(secret!.value, 'base64'), account, 'register', code)],
    );
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        post(i % 2 ? b : a, 'user/cacheCodeCheck', {
          account,
          purpose: 'register',
          code: i === N - 1 ? code : String(100000 + i),
        }),
      ),
    );
    const [row] = (await pool.query(`select attempts from verification_codes where account = $1`, [account])).rows as {
      attempts: number;
    }[];
    const evaluated = Number(row!.attempts);
    console.info(
      `[race] two processes codes: ${evaluated} of ${N} evaluated`,
      answers.filter((x) => x.key === 'code_invalid').length,
      'code_invalid',
    );
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(answers.at(-1)!.key).toBe('code_attempts_exceeded');
    expect((await post(a, 'user/cacheCodeCheck', { account, purpose: 'register', code })).key).toBe(
      'code_attempts_exceeded',
    );
  });
});
