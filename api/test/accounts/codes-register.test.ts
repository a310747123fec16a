import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

const PASSWORD = 'Secret123!';
let n = 0;
const email = () => `reg${++n}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe.each(testDrivers())('verification codes and registration on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_SEND_CODE_MAX: '1000', IP_LOGIN_MAX: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (account: string, purpose = 'register', opts = {}) =>
    t.post('user/sendCode', { account, purpose }, opts);
  const register = (body: Record<string, unknown>) =>
    t.post('user/register', { password: PASSWORD, confirmPassword: PASSWORD, agreement: true, ...body });

  it('sends a 6-digit code by e-mail through the sandbox outbox and registers with it', async () => {
    const account = email();
    const sent = await send(account);
    expect(sent).toMatchObject({ code: 200, data: { resendAfterSeconds: 60, expiresInSeconds: 600 } });
    const code = await t.lastCode(account);
    expect(code).toMatch(/^\d{6}$/);
    const res = await register({ account, code });
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.userId).toMatch(/^\d+$/);
    const info = await t.get('user/info', {}, { token: res.data.token });
    expect(info.data).toMatchObject({
      userId: res.data.userId,
      email: account,
      mobile: null,
      kycLevel: 0,
      hasPayPassword: false,
    });
    expect(info.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('registers with an international mobile (SMS lands in the sandbox outbox)', async () => {
    const mobile = '+90 532 123 45 67';
    expect((await send(mobile)).code).toBe(200);
    const code = await t.lastCode('+905321234567');
    const res = await register({ account: mobile, code });
    expect(res.code).toBe(200);
    const info = await t.get('user/info', {}, { token: res.data.token });
    expect(info.data.mobile).toBe('+905321234567');
  });

  it('the code message is translated into the request locale', async () => {
    const account = email();
    await send(account, 'register', { locale: 'tr-TR' });
    const box = await t.get('dev/outbox', { to: account });
    expect(box.data.messages[0].subject).toContain('doğrulama');
  });

  it('codes are stored hashed, never in clear', async () => {
    const account = email();
    await send(account);
    const code = await t.lastCode(account);
    const rows = await t.database.sql.query<{ code_hash: string }>(
      `select code_hash from verification_codes where account = $1`,
      [account],
    );
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code!);
  });

  it('refuses bad input with per-field translated messages (422)', async () => {
    const res = await t.post(
      'user/register',
      { account: 'not-an-account', code: '12', password: 'short', confirmPassword: 'other', agreement: false },
      { locale: 'zh-HK' },
    );
    expect(res.code).toBe(422);
    expect(res.key).toBe('invalid_params');
    expect(Object.keys(res.data.fields).sort()).toEqual(['account', 'agreement', 'code', 'password']);
    expect(res.data.fields.password).not.toMatch(/password length/); // translated, not English
    const mismatch = await t.post('user/register', {
      account: email(),
      code: '123456',
      password: PASSWORD,
      confirmPassword: 'Different1!',
      agreement: true,
    });
    expect(mismatch).toMatchObject({ code: 422, data: { fields: { confirmPassword: 'passwords differ' } } });
    const tooLong = await t.post('user/register', {
      account: email(),
      code: '123456',
      password: 'x'.repeat(21),
      confirmPassword: 'x'.repeat(21),
      agreement: true,
    });
    expect(tooLong.data.fields.password).toBe('password length must be 8 to 20');
    const badPurpose = await t.post('user/sendCode', { account: email(), purpose: 'nope' });
    expect(badPurpose.code).toBe(422);
    expect(badPurpose.data.fields.purpose).toBeTruthy();
    const badMobile = await t.post('user/sendCode', { account: '+1 555 0100', purpose: 'register' });
    expect(badMobile.code).toBe(422);
  });

  it('wrong code → code_invalid; 5 wrong attempts burn the code', async () => {
    const account = email();
    await send(account);
    const code = (await t.lastCode(account))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await register({ account, code: wrong })).key).toBe('code_invalid');
    expect((await register({ account, code: wrong })).key).toBe('code_attempts_exceeded');
    // Even the right code is refused now: it was burnt.
    expect((await register({ account, code })).key).toBe('code_attempts_exceeded');
  });

  it('codes expire after 10 minutes', async () => {
    const account = email();
    await send(account);
    const code = (await t.lastCode(account))!;
    t.clock.advance(601_000);
    expect(await register({ account, code })).toMatchObject({ code: 500, key: 'code_expired' });
  });

  it('codes are single use', async () => {
    const account = email();
    await send(account);
    const code = (await t.lastCode(account))!;
    expect((await register({ account, code })).code).toBe(200);
    // The account now exists; check the code itself through cacheCodeCheck.
    expect((await t.post('user/cacheCodeCheck', { account, purpose: 'register', code })).key).toBe('code_invalid');
  });

  it('codes are per purpose', async () => {
    const account = email();
    await send(account, 'register');
    const code = (await t.lastCode(account))!;
    expect((await t.post('user/cacheCodeCheck', { account, purpose: 'reset_password', code })).key).toBe(
      'code_invalid',
    );
    expect((await t.post('user/cacheCodeCheck', { account, purpose: 'register', code })).data).toEqual({ valid: true });
  });

  it('a resend within 60 s → 429 code_resend_cooldown with retryAfterSeconds; a new code replaces the old', async () => {
    const account = email();
    await send(account);
    const first = (await t.lastCode(account))!;
    t.clock.advance(20_000);
    const again = await send(account);
    expect(again).toMatchObject({ code: 429, key: 'code_resend_cooldown' });
    expect(again.data.retryAfterSeconds).toBeGreaterThanOrEqual(39);
    expect(again.data.retryAfterSeconds).toBeLessThanOrEqual(40);
    expect(again.msg).toContain(String(again.data.retryAfterSeconds));
    t.clock.advance(41_000);
    expect((await send(account)).code).toBe(200);
    const second = (await t.lastCode(account))!;
    if (second !== first)
      expect((await t.post('user/cacheCodeCheck', { account, purpose: 'register', code: first })).key).toBe(
        'code_invalid',
      );
    expect(await t.post('user/cacheCodeCheck', { account, purpose: 'register', code: second })).toMatchObject({
      code: 200,
    });
  });

  it('at most CODE_MAX_PER_HOUR codes per account per hour', async () => {
    const account = email();
    for (let i = 0; i < t.config.limits.codeMaxPerHour; i++) {
      expect((await send(account)).code).toBe(200);
      t.clock.advance(61_000);
    }
    const res = await send(account);
    expect(res).toMatchObject({ code: 429, key: 'rate_limited' });
    expect(res.data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('register never creates a second account for an existing one (and does not say it exists)', async () => {
    const existing = await t.createUser();
    // Same answer as for a new account; the owner gets a notice, no code (test/accounts/enumeration.test.ts).
    expect(await send(existing.account)).toMatchObject({ code: 200 });
    expect(await t.lastCode(existing.account)).toBeUndefined();
    // A code obtained before the account existed is used up by the registration that created it:
    const account = email();
    await send(account);
    const code = (await t.lastCode(account))!;
    expect((await register({ account, code })).code).toBe(200);
    t.clock.advance(61_000);
    const again = await register({ account, code });
    expect(again.code).not.toBe(200);
    expect(again.key).not.toBe('account_exists');
  });

  it('records refereeId (user id or invite code); unknown refereeId → referee_not_found', async () => {
    const inviter = await t.createUser();
    const account = email();
    await send(account);
    const code = (await t.lastCode(account))!;
    expect(await register({ account, code, refereeId: '999999999' })).toMatchObject({
      code: 404,
      key: 'referee_not_found',
    });
    expect(await register({ account, code, refereeId: 'NOSUCHCODE' })).toMatchObject({
      code: 404,
      key: 'referee_not_found',
    });
    const ok = await register({ account, code, refereeId: inviter.userId });
    expect(ok.code).toBe(200);
    const [row] = await t.database.sql.query<{ referee_id: string }>(
      `select referee_id::text from users where id = $1`,
      [ok.data.userId],
    );
    expect(row!.referee_id).toBe(inviter.userId);
    const viaCode = email();
    await send(viaCode);
    const inviteCode = (await t.get('user/info', {}, { token: inviter.token })).data.inviteCode;
    const ok2 = await register({
      account: viaCode,
      code: (await t.lastCode(viaCode))!,
      refereeId: inviteCode.toLowerCase(),
    });
    expect(ok2.code).toBe(200);
  });

  it('empty refereeId is treated as absent', async () => {
    const account = email();
    await send(account);
    expect((await register({ account, code: (await t.lastCode(account))!, refereeId: '' })).code).toBe(200);
  });

  it('racing registrations of one account create exactly one user', async () => {
    const account = email();
    await send(account);
    const code = (await t.lastCode(account))!;
    const results = await Promise.all(Array.from({ length: 5 }, () => register({ account, code })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    const rows = await t.database.sql.query(`select 1 from users where email = $1`, [account]);
    expect(rows).toHaveLength(1);
  });

  it('passwords are stored as scrypt hashes with a per-user salt', async () => {
    const a = await t.createUser({ password: PASSWORD });
    const b = await t.createUser({ password: PASSWORD });
    const rows = await t.database.sql.query<{ password_hash: string }>(
      `select password_hash from users where id = any($1::bigint[])`,
      [[a.id, b.id]],
    );
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
    expect(rows[0]!.password_hash).not.toContain(PASSWORD);
  });

  it('per-IP limit on code sending', async () => {
    const limited = await createTestApp(driver, { IP_SEND_CODE_MAX: '3' });
    try {
      const from = (ip: string, i: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/user/sendCode',
          payload: { account: `ip${i}@example.com`, purpose: 'register' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect(JSON.parse((await from('10.0.0.1', i)).body).code).toBe(200);
      const over = JSON.parse((await from('10.0.0.1', 9)).body);
      expect(over).toMatchObject({ code: 429, key: 'rate_limited' });
      expect(over.data.retryAfterSeconds).toBeGreaterThan(0);
      expect(JSON.parse((await from('10.0.0.2', 10)).body).code).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
