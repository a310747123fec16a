import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DIR,
  loadConfig,
  SANDBOX_ADMIN_PASSWORD,
  SANDBOX_ADMIN_TOTP_SECRET,
  weakAdminPasswordReason,
} from '../../src/config';
import { openDatabase } from '../../src/db/index';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { ADMIN_USERNAME, assertNoSandboxData, seedAdmin, StartupError } from '../../src/modules/accounts/seed';
import { adminOtp, createTestApp, testDrivers, TEST_PRODUCTION_TOTP_SECRET, type TestApp } from '../support/harness';
import { ensureTemplate } from '../support/template';

const operator = JSON.stringify(SANDBOX_OPERATOR_PROFILE);
const production = {
  APP_MODE: 'production',
  OPERATOR_PROFILE_JSON: operator,
  ADMIN_TOTP_SECRET: TEST_PRODUCTION_TOTP_SECRET,
  ALLOWED_HOSTS: '127.0.0.1',
  SIGNING_SECRET: 'test-signing-secret-of-at-least-32-characters',
  TRUST_PROXY: '127.0.0.1',
};

describe('safe default start and admin configuration', () => {
  it('the sandbox listens on loopback unless HOST says otherwise; production on every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, ADMIN_PASSWORD: 'Correct-Horse-Battery-9' }).host).toBe('0.0.0.0');
  });

  it('production refuses a default, short, common or monotonous admin password, and a missing or sandbox TOTP secret', () => {
    const refuse = (env: Record<string, string>, re: RegExp) =>
      expect(() => loadConfig({ ...production, ...env })).toThrow(re);
    refuse({ ADMIN_PASSWORD: SANDBOX_ADMIN_PASSWORD }, /ADMIN_PASSWORD.*sandbox default/);
    refuse({ ADMIN_PASSWORD: 'Short-pw-1' }, /ADMIN_PASSWORD.*at least 12/);
    refuse({ ADMIN_PASSWORD: 'Administrator' }, /ADMIN_PASSWORD.*commonly guessed/);
    refuse({ ADMIN_PASSWORD: 'Password123!' }, /ADMIN_PASSWORD.*commonly guessed/);
    refuse({ ADMIN_PASSWORD: 'aaaaaaaaaaaa1' }, /ADMIN_PASSWORD.*too few different/);
    expect(() =>
      loadConfig({
        APP_MODE: 'production',
        OPERATOR_PROFILE_JSON: operator,
        ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
      }),
    ).toThrow(/ADMIN_TOTP_SECRET: is required/);
    refuse(
      { ADMIN_PASSWORD: 'Correct-Horse-Battery-9', ADMIN_TOTP_SECRET: SANDBOX_ADMIN_TOTP_SECRET },
      /ADMIN_TOTP_SECRET.*is the documented sandbox secret/,
    );
    refuse(
      { ADMIN_PASSWORD: 'Correct-Horse-Battery-9', ADMIN_TOTP_SECRET: 'TOOSHORT' },
      /ADMIN_TOTP_SECRET.*must be base32/,
    );
    // Secrets are never echoed in the error.
    try {
      loadConfig({ ...production, ADMIN_PASSWORD: 'Correct-Horse-Battery-9', ADMIN_TOTP_SECRET: 'not base32 at all!' });
    } catch (e) {
      expect((e as Error).message).not.toContain('not base32');
    }
    expect(weakAdminPasswordReason('Correct-Horse-Battery-9')).toBeUndefined();
    expect(loadConfig({ ...production, ADMIN_PASSWORD: 'Correct-Horse-Battery-9' }).adminSessionSeconds).toBe(1800);
  });
});

describe.each(testDrivers())('admin sign-in with a second factor and credentials from configuration (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits high: this file proves the second factor, not the lockout (test/security/lockout*.test.ts do).
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', LOGIN_MAX_FAILURES: '1000' });
    await seedAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const login = async (password: string, otp: string) =>
    t.post('user/adminLogin', { username: ADMIN_USERNAME, password, otp });
  const reset = () => t.database.sql.query(`delete from login_failures`).catch(() => undefined);

  it('needs the TOTP code: missing → 422, wrong → invalid_credentials (like a wrong password), right → a session', async () => {
    expect((await t.post('user/adminLogin', { username: ADMIN_USERNAME, password: SANDBOX_ADMIN_PASSWORD })).code).toBe(
      422,
    );
    expect(await login(SANDBOX_ADMIN_PASSWORD, '123456')).toMatchObject({ key: 'invalid_credentials' });
    const ok = await login(SANDBOX_ADMIN_PASSWORD, await adminOtp(t));
    expect(ok.code).toBe(200);
    expect((await t.get('admin/session/me', {}, { token: ok.data.token })).code).toBe(200);
    await reset();
  });

  it('a code works once (replay refused), a code of two steps ago is refused', async () => {
    const code = await adminOtp(t);
    expect((await login(SANDBOX_ADMIN_PASSWORD, code)).code).toBe(200);
    expect(await login(SANDBOX_ADMIN_PASSWORD, code)).toMatchObject({ key: 'invalid_credentials' });
    const old = await generate({
      secret: t.config.adminTotpSecret,
      epoch: Math.floor(t.clock.now().getTime() / 1000) - 90,
    });
    t.clock.advance(30_000);
    expect(await login(SANDBOX_ADMIN_PASSWORD, old)).toMatchObject({ key: 'invalid_credentials' });
    await reset();
  });

  it('50 sign-ins at once with the same valid code: exactly one session', async () => {
    const code = await adminOtp(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(SANDBOX_ADMIN_PASSWORD, code)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    await reset();
  });

  it('admin sessions last 30 minutes', async () => {
    const { data } = await login(SANDBOX_ADMIN_PASSWORD, await adminOtp(t));
    t.clock.advance(29 * 60_000);
    expect((await t.get('admin/session/me', {}, { token: data.token })).code).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await t.get('admin/session/me', {}, { token: data.token })).code).toBe(401);
    await reset();
  });

  it('a rotated ADMIN_PASSWORD is applied at the next start and revokes the admin sessions', async () => {
    const before = await login(SANDBOX_ADMIN_PASSWORD, await adminOtp(t));
    expect(before.code).toBe(200);
    const original = t.config.adminPassword;
    t.config.adminPassword = 'Rotated-Admin-Secret-42';
    try {
      await seedAdmin(t.app);
      expect((await t.get('admin/session/me', {}, { token: before.data.token })).code).toBe(401);
      expect(await login(SANDBOX_ADMIN_PASSWORD, await adminOtp(t))).toMatchObject({ key: 'invalid_credentials' });
      expect((await login('Rotated-Admin-Secret-42', await adminOtp(t))).code).toBe(200);
      // Unchanged password: the next start changes nothing (sessions live on).
      const live = await login('Rotated-Admin-Secret-42', await adminOtp(t));
      await seedAdmin(t.app);
      expect((await t.get('admin/session/me', {}, { token: live.data.token })).code).toBe(200);
    } finally {
      t.config.adminPassword = original;
      await seedAdmin(t.app);
      await reset();
    }
  });

  it('production refuses a database holding sandbox demo data', async () => {
    const prod = { ...t.config, sandbox: false };
    const fake = { config: prod, database: t.database } as unknown as Parameters<typeof assertNoSandboxData>[0];
    await assertNoSandboxData(fake);
    await t.database.sql.query(`insert into sandbox_demo_seeds (name) values ('wallet') on conflict do nothing`);
    await expect(assertNoSandboxData(fake)).rejects.toBeInstanceOf(StartupError);
    await t.database.sql.query(`delete from sandbox_demo_seeds`);
  });
});

describe('health does not advertise the mode in production', () => {
  it('sandbox: sandbox true; production: no mode field', async () => {
    const sandbox = await createTestApp('pglite');
    const prod = await createTestApp('pglite', { APP_MODE: 'production', ADMIN_PASSWORD: 'Correct-Horse-Battery-9' });
    try {
      expect((await sandbox.get('system/health')).data).toEqual({ status: 'ok', database: 'pglite', sandbox: true });
      const health = await prod.inject({ method: 'GET', url: '/api/system/health' });
      expect(JSON.parse(health.body).data).toEqual({ status: 'ok', database: 'pglite' });
      expect(health.body).not.toMatch(/sandbox|production/);
    } finally {
      await sandbox.close();
      await prod.close();
    }
  });
});

describe('the real process in production on a sandbox-used database', () => {
  let scratch = '';
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('exits with a clear start-up error', async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-prod-on-sandbox-'));
    const dataDir = path.join(scratch, 'pglite');
    fs.cpSync(await ensureTemplate(), dataDir, { recursive: true });
    const db = await openDatabase({ dataDir });
    await db.sql.query(`insert into sandbox_demo_seeds (name) values ('wallet')`);
    await db.close();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        ...production,
        ADMIN_PASSWORD: 'Correct-Horse-Battery-9',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        LOG_LEVEL: 'silent',
        WEB_ROOT: '',
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/sandbox demo data.*production refuses to start/);
  }, 60_000);
});
