import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_DIR, loadConfig, ConfigError, SANDBOX_ADMIN_PASSWORD } from '../../src/config';
import { openDatabase } from '../../src/db/index';
import { runMigrations } from '../../src/db/migrate';
import { ensureTemplate } from '../support/template';
import { createScratchDatabase } from '../support/pg';
import { testDrivers } from '../support/harness';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-infra-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function copyTemplate(name: string): Promise<string> {
  const dir = path.join(tmp, name, 'pglite');
  fs.cpSync(await ensureTemplate(), dir, { recursive: true });
  return dir;
}

describe('configuration', () => {
  it('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sandbox: true,
      databaseUrl: undefined,
      adminPassword: SANDBOX_ADMIN_PASSWORD,
      logLevel: 'info',
      wechatRedirectOrigin: '',
    });
    expect(loadConfig({ WECHAT_REDIRECT_ORIGIN: 'https://wallet.example' }).wechatRedirectOrigin).toBe(
      'https://wallet.example',
    );
    expect(c.dataDir).toBe(path.join(API_DIR, '.data', 'pglite'));
    expect(c.limits).toMatchObject({
      loginMaxFailures: 5,
      loginLockWindowSeconds: 900,
      codeResendSeconds: 60,
      codeTtlSeconds: 600,
      codeMaxAttempts: 5,
    });
  });

  it('lists every bad variable with a clear message', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SANDBOX: 'maybe', SCRYPT_N: '1000' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const text = (err as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SANDBOX', 'SCRYPT_N']) expect(text).toContain(name);
    expect(text).toContain('"eighty"');
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM: is required when SMTP_HOST is set/);
    expect(() => loadConfig({ EARLY_HINTS: 'sometimes' })).toThrow(/EARLY_HINTS/);
    expect(loadConfig({}).earlyHints).toBe(false);
    expect(loadConfig({ EARLY_HINTS: 'on' }).earlyHints).toBe(true);
  });

  it('production mode requires ADMIN_PASSWORD and never shows it', () => {
    expect(() => loadConfig({ APP_MODE: 'production' })).toThrow(/ADMIN_PASSWORD: is required/);
    try {
      loadConfig({ APP_MODE: 'production', ADMIN_PASSWORD: 'short' });
    } catch (e) {
      expect((e as Error).message).not.toContain('short"');
    }
    const operator = JSON.stringify(SANDBOX_OPERATOR_PROFILE);
    const totp = {
      ADMIN_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      ALLOWED_HOSTS: 'wallet.example.com',
      SIGNING_SECRET: 'test-signing-secret-of-at-least-32-characters',
      TRUST_PROXY: '127.0.0.1',
    };
    expect(
      loadConfig({
        APP_MODE: 'production',
        ADMIN_PASSWORD: 'a-long-password',
        OPERATOR_PROFILE_JSON: operator,
        ...totp,
      }).sandbox,
    ).toBe(false);
    expect(
      loadConfig({ SANDBOX: 'false', ADMIN_PASSWORD: 'a-long-password', OPERATOR_PROFILE_JSON: operator, ...totp })
        .sandbox,
    ).toBe(false);
  });

  it('the process exits ≠ 0 with the message on bad configuration', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, PORT: '99999' },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(2);
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('99999');
  });
});

describe('embedded PGlite', () => {
  it('locks its data dir against a second opener and takes over a stale lock', async () => {
    const dir = await copyTemplate('lock');
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/locked by another running process/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    // A lock left by a crashed process (pid not alive) is taken over.
    fs.writeFileSync(`${dir}.lock`, '999999\n');
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('is durable: fsync is on and a commit reaches fsync(2)', async () => {
    const dir = await copyTemplate('durable');
    const database = await openDatabase({ dataDir: dir });
    try {
      const [row] = await database.sql.query<{ fsync: string }>('show fsync');
      expect(row!.fsync).toBe('on');
      const spy = vi.spyOn(fs, 'fsyncSync');
      await database.sql.query(
        `insert into outbox_messages (channel, recipient, subject, body) values ('email', 'a@b.co', 's', 'b')`,
      );
      expect(spy).toHaveBeenCalled();
      spy.mockRestore();
    } finally {
      await database.close();
    }
    // The row survives a reopen.
    const reopened = await openDatabase({ dataDir: dir });
    expect(await reopened.sql.query(`select 1 from outbox_messages where recipient = 'a@b.co'`)).toHaveLength(1);
    await reopened.close();
  });

  it('serves SIGTERM gracefully: drains, closes the DB, releases the lock, exit 0', async () => {
    const dir = await copyTemplate('shutdown');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SCRYPT_N: '1024',
        WEB_ROOT: '',
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 45_000);
      const check = () => {
        const m = out.match(/CardWallet API on http:\/\/localhost:(\d+)/);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      };
      child.stdout.on('data', check);
      child.on('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
    const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'demo@cardwallet.test', password: 'Demo1234!' }),
    });
    const body = (await res.json()) as { code: number; data: { token: string } };
    expect(body.code).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const exit = new Promise<number | null>((r) => child.on('exit', r));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out).toContain('shutting down');
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  }, 60_000);
});

describe.each(testDrivers())('migrations on %s', (driver) => {
  it('are tracked, applied once, and a changed applied file stops start-up', async () => {
    const scratch = driver === 'pg' ? await createScratchDatabase('cw_migr') : undefined;
    // PGlite: a copy of the migrated template (a new data dir costs 6–10 s); the test's own files use 9xxx versions.
    const dataDir = driver === 'pglite' ? await copyTemplate(`migr-${driver}`) : path.join(tmp, 'unused');
    const migrationsDir = path.join(tmp, `migr-files-${driver}`);
    fs.mkdirSync(migrationsDir, { recursive: true });
    fs.writeFileSync(path.join(migrationsDir, '9001_a.sql'), 'create table a (id int);\ninsert into a values (1);');
    fs.writeFileSync(
      path.join(migrationsDir, '9002_b.sql'),
      'create table b (id int);\ncreate function f() returns int language sql as $$ select 1 $$;',
    );
    try {
      const db = await openDatabase({ databaseUrl: scratch?.url, dataDir, migrationsDir });
      expect(db.migrations.applied).toEqual(['9001_a.sql', '9002_b.sql']);
      expect(await runMigrations(db, migrationsDir)).toEqual({ applied: [], skipped: 2 });
      // 0001 (core) and 0100 (wallet) of the template stay recorded beside them.
      // A failing migration rolls back entirely (its own statements and its tracking row).
      fs.writeFileSync(path.join(migrationsDir, '9003_bad.sql'), 'create table c (id int);\nselect * from nope;');
      await expect(runMigrations(db, migrationsDir)).rejects.toThrow();
      expect(await db.sql.query(`select to_regclass('c') is null as missing`)).toEqual([{ missing: true }]);
      expect(
        await db.sql.query(`select version from schema_migrations where version like '9%' order by version`),
      ).toEqual([{ version: '9001' }, { version: '9002' }]);
      fs.rmSync(path.join(migrationsDir, '9003_bad.sql'));
      fs.appendFileSync(path.join(migrationsDir, '9001_a.sql'), '\n-- edited');
      await expect(runMigrations(db, migrationsDir)).rejects.toThrow(/changed after it was applied/);
      fs.writeFileSync(path.join(migrationsDir, 'bad-name.sql'), 'select 1');
      await expect(runMigrations(db, migrationsDir)).rejects.toThrow(/does not match/);
      await db.close();
    } finally {
      await scratch?.drop();
    }
  }, 60_000);
});
