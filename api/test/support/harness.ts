import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { generate } from 'otplib';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database, type Driver } from '../../src/db/index';
import { TestClock } from '../../src/http/clock';
import { insertUser } from '../../src/modules/accounts/users';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { hashToken, newToken } from '../../src/security/tokens';
import { ensureTemplate } from './template';
import { createScratchDatabase } from './pg';

/**
 * The drivers every HTTP test runs on: PGlite always; PostgreSQL when reachable (global setup
 * fails the run instead when CI=true and it is not).
 */
export function testDrivers(): Driver[] {
  return inject('pgReachable') ? ['pglite', 'pg'] : ['pglite'];
}

// Test bodies are read loosely on purpose: assertions check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
export interface Envelope<T = Loose> {
  code: number;
  msg: string;
  key?: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  locale?: string;
}

export interface TestApp {
  driver: Driver;
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  /** Raw inject (HTTP status, headers, body text). */
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** POST /api/<path> with a JSON body; asserts HTTP 200 + JSON and returns the envelope. */
  post<T = Loose>(apiPath: string, body?: unknown, opts?: CallOptions): Promise<Envelope<T>>;
  get<T = Loose>(apiPath: string, query?: Record<string, string>, opts?: CallOptions): Promise<Envelope<T>>;
  /** A customer straight in the DB + a live session token (no HTTP; for tests of other modules). */
  createUser(opts?: {
    email?: string;
    mobile?: string;
    password?: string;
    kycLevel?: number;
  }): Promise<{ userId: string; id: number; token: string; account: string; password: string }>;
  /** An admin + live admin token. */
  createAdmin(): Promise<{ adminId: string; token: string }>;
  /** The newest code delivered to `to` through the sandbox outbox. */
  lastCode(to: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export const TEST_PRODUCTION_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
export const TEST_SIGNING_SECRET = 'test-signing-secret-of-at-least-32-characters';

/**
 * A fresh admin TOTP code for `t`'s configured secret: moves the test clock on by one 30 s step
 * first, because the API accepts each step once per admin (replay protection).
 */
export async function adminOtp(t: { config: Config; clock: TestClock }): Promise<string> {
  t.clock.advance(30_000);
  return generate({ secret: t.config.adminTotpSecret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}

/** Environment overrides are config variables, e.g. `{ LOGIN_MAX_FAILURES: '3' }`. */
export async function createTestApp(
  driver: Driver,
  env: Record<string, string> = {},
  /** Extra routes for the test (registered under /api before the app is ready). */
  setup?: (app: FastifyInstance) => Promise<void> | void,
  /** `logger`: the app's logger option (default: none), e.g. the production options writing to a test stream. */
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  let dataDir = path.join(os.tmpdir(), `cw-api-test-${process.pid}-${randomBytes(4).toString('hex')}`, 'pglite');
  let dropPg: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (driver === 'pglite') {
    fs.cpSync(await ensureTemplate(), dataDir, { recursive: true });
  } else {
    const scratch = await createScratchDatabase('cw_api', { migrated: true });
    databaseUrl = scratch.url;
    dropPg = scratch.drop;
    dataDir = '';
  }
  const config = loadConfig({
    APP_MODE: 'sandbox',
    LOG_LEVEL: 'silent',
    SCRYPT_N: '1024',
    // The sandbox chain mines only when a test asks (POST dev/chain/mine), so confirmation counts and
    // the moment of crediting are the test's; a test wanting a block timer passes its own interval.
    SANDBOX_CHAIN_BLOCK_MS: '0',
    // Production-mode tests need an operator profile like any production deployment.
    OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
    // …and an admin TOTP secret of its own (production refuses the sandbox one).
    // …and the host names it answers to (inject sends Host: localhost:80).
    ...(env.APP_MODE === 'production' || env.SANDBOX === 'false'
      ? {
          ADMIN_TOTP_SECRET: TEST_PRODUCTION_TOTP_SECRET,
          ALLOWED_HOSTS: 'localhost',
          SIGNING_SECRET: TEST_SIGNING_SECRET,
          TRUST_PROXY: '127.0.0.1',
        }
      : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    ...env,
  });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  const clock = new TestClock();
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false });
  if (setup) await app.register(async (scoped) => setup(scoped), { prefix: '/api' });
  await app.ready();

  const call = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    if (res.statusCode !== 200)
      throw new Error(`HTTP ${res.statusCode} for ${opts.method} ${opts.url}: ${res.body.slice(0, 500)}`);
    return JSON.parse(res.body) as Envelope;
  };
  const headersOf = (o?: CallOptions) => ({
    ...(o?.token ? { 'access-token': o.token } : {}),
    ...(o?.locale ? { 'accept-language': o.locale } : {}),
    ...(o?.headers ?? {}),
  });
  let seq = 0;

  const t: TestApp = {
    driver,
    app,
    database,
    config,
    clock,
    inject: (opts) => app.inject(opts),
    post: (apiPath, body, o) =>
      call({
        method: 'POST',
        url: `/api/${apiPath}`,
        payload: (body ?? {}) as InjectOptions['payload'],
        headers: headersOf(o),
      }),
    get: (apiPath, query, o) => call({ method: 'GET', url: `/api/${apiPath}`, query, headers: headersOf(o) }),
    async createUser(opts = {}) {
      seq++;
      const email = opts.mobile ? null : (opts.email ?? `user${seq}-${randomBytes(3).toString('hex')}@example.com`);
      const password = opts.password ?? 'Passw0rd!';
      const now = clock.now();
      const { id } = await insertUser(
        database.sql,
        { email, mobile: opts.mobile ?? null, password, kycLevel: opts.kycLevel ?? 0 },
        config.scryptN,
        now,
      );
      const token = newToken();
      await database.sql.query(
        `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)`,
        [id, hashToken(token), now.toISOString(), new Date(now.getTime() + 30 * 86400_000).toISOString()],
      );
      return { id, userId: String(id), token, account: email ?? opts.mobile!, password };
    },
    async createAdmin() {
      seq++;
      const [row] = await database.sql.query<{ id: string }>(
        `insert into admins (username, password_hash) values ($1, 'x') returning id::text as id`,
        [`admin-test-${seq}-${randomBytes(3).toString('hex')}`],
      );
      const token = newToken();
      const now = clock.now();
      await database.sql.query(
        `insert into admin_sessions (admin_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)`,
        [row!.id, hashToken(token), now.toISOString(), new Date(now.getTime() + 86400_000).toISOString()],
      );
      return { adminId: row!.id, token };
    },
    async lastCode(to) {
      const res = await t.get<{ messages: { body: string }[] }>('dev/outbox', { to, limit: '1' });
      return res.data.messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
    },
    async close() {
      await app.close();
      await database.close();
      if (dropPg) await dropPg();
      if (driver === 'pglite') fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
  return t;
}
