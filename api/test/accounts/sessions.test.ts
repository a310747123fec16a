import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOtp, createTestApp, testDrivers, type TestApp } from '../support/harness';
import { ADMIN_USERNAME, seedAdmin, seedSandbox, DEMO_ACCOUNT, DEMO_PASSWORD } from '../../src/modules/accounts/seed';
import { hashToken } from '../../src/security/tokens';

describe.each(testDrivers())('login, sessions, passwords and admins on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '1000', IP_SEND_CODE_MAX: '1000', LOGIN_MAX_FAILURES: '5' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const login = (account: string, password: string, opts = {}) => t.post('user/login', { account, password }, opts);

  it('login answers { code: 200, data: { token, userId } }; a new token per login, stored hashed', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    const a = await login(u.account, 'Passw0rd!', { headers: { platform: 'H5' } });
    const b = await login(u.account.toUpperCase(), 'Passw0rd!');
    expect(a).toMatchObject({ code: 200, data: { userId: u.userId } });
    expect(a.data.token).not.toBe(b.data.token);
    expect(Buffer.from(a.data.token, 'base64url')).toHaveLength(32);
    const rows = await t.database.sql.query<{
      token_hash: string;
      platform: string;
      expires_at: Date;
      created_at: Date;
    }>(`select token_hash, platform, expires_at, created_at from sessions where token_hash = $1`, [
      hashToken(a.data.token),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.platform).toBe('H5');
    const days = (new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()) / 86400_000;
    expect(days).toBe(30);
    const all = await t.database.sql.query<{ token_hash: string }>(`select token_hash from sessions`);
    expect(all.some((r) => r.token_hash === a.data.token)).toBe(false);
  });

  it('wrong password and unknown account answer the same invalid_credentials', async () => {
    const u = await t.createUser();
    const wrong = await login(u.account, 'WrongPass1!');
    const unknown = await login('nobody-here@example.com', 'WrongPass1!');
    expect(wrong).toMatchObject({ code: 500, key: 'invalid_credentials' });
    expect(unknown).toEqual(wrong);
  });

  it('login timing is similar for unknown accounts (dummy scrypt)', async () => {
    // Real scrypt cost (N=2^14) so the hash dominates the request; alternate calls to cancel drift.
    const slow = await createTestApp(driver, { SCRYPT_N: '16384', IP_LOGIN_MAX: '1000', LOGIN_MAX_FAILURES: '1000' });
    try {
      const u = await slow.createUser({ password: 'Passw0rd!' });
      const once = async (account: string) => {
        const s = performance.now();
        await slow.post('user/login', { account, password: 'WrongPass1!' });
        return performance.now() - s;
      };
      await once('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 6; i++) {
        known.push(await once(u.account));
        unknown.push(await once(`unknown-${i}@example.com`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Without the dummy hash the unknown path skips scrypt (~10x faster at this N).
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    } finally {
      await slow.close();
    }
  });

  it('isLogin: 200 with a valid token, 401 without / with a bad token', async () => {
    const u = await t.createUser();
    expect(await t.get('user/isLogin', {}, { token: u.token })).toMatchObject({
      code: 200,
      data: { loggedIn: true, userId: u.userId },
    });
    expect(await t.get('user/isLogin')).toMatchObject({ code: 401, key: 'unauthenticated' });
    expect(await t.get('user/isLogin', {}, { token: 'garbage' })).toMatchObject({ code: 401, key: 'session_expired' });
    expect(await t.get('user/isLogin', {}, { token: 'x'.repeat(5000) })).toMatchObject({ code: 401 });
    expect(await t.get('user/isLogin', {}, { headers: { authorization: `Bearer ${u.token}` } })).toMatchObject({
      code: 200,
    });
  });

  it('tokens expire after 30 days', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    const { data } = await login(u.account, 'Passw0rd!');
    t.clock.advance(29 * 86400_000);
    expect((await t.get('user/isLogin', {}, { token: data.token })).code).toBe(200);
    t.clock.advance(1 * 86400_000 + 1000);
    expect(await t.get('user/isLogin', {}, { token: data.token })).toMatchObject({ code: 401, key: 'session_expired' });
  });

  it('logout revokes only that token', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    const one = (await login(u.account, 'Passw0rd!')).data.token;
    const two = (await login(u.account, 'Passw0rd!')).data.token;
    expect((await t.post('user/logout', {}, { token: one })).code).toBe(200);
    expect((await t.get('user/isLogin', {}, { token: one })).code).toBe(401);
    expect((await t.get('user/isLogin', {}, { token: two })).code).toBe(200);
    expect((await t.post('user/logout', {}, { token: one })).code).toBe(401);
  });

  it('5 failed logins lock the account for 15 minutes with a translated message', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    for (let i = 0; i < 4; i++) expect((await login(u.account, 'Nope12345')).key).toBe('invalid_credentials');
    const locked = await login(u.account, 'Nope12345', { locale: 'ar-AE' });
    expect(locked).toMatchObject({ code: 429, key: 'account_locked', data: { retryAfterSeconds: 900 } });
    expect(locked.msg).toContain('15');
    expect(locked.msg).not.toContain('Too many');
    // Even the right password is refused while locked.
    expect((await login(u.account, 'Passw0rd!')).key).toBe('account_locked');
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(u.account, 'Passw0rd!')).code).toBe(200);
  });

  it('failures outside the 15-minute window do not add up; a success resets the count', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    for (let i = 0; i < 4; i++) await login(u.account, 'Nope12345');
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 4; i++) expect((await login(u.account, 'Nope12345')).key).toBe('invalid_credentials');
    expect((await login(u.account, 'Passw0rd!')).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(u.account, 'Nope12345')).key).toBe('invalid_credentials');
  });

  it('unknown accounts lock too (no account enumeration through the lockout)', async () => {
    for (let i = 0; i < 4; i++) await login('ghost@example.com', 'Nope12345');
    expect((await login('ghost@example.com', 'Nope12345')).key).toBe('account_locked');
  });

  it('per-IP login limit', async () => {
    const limited = await createTestApp(driver, { IP_LOGIN_MAX: '3' });
    try {
      const from = (ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { account: `x${Math.random()}@example.com`.replace('0.', ''), password: 'Whatever1' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect(JSON.parse((await from('10.1.1.1')).body).key).toBe('invalid_credentials');
      const over = JSON.parse((await from('10.1.1.1')).body);
      expect(over).toMatchObject({ code: 429, key: 'rate_limited' });
      expect(over.data.retryAfterSeconds).toBeGreaterThan(0);
      expect(JSON.parse((await from('10.1.1.2')).body).key).toBe('invalid_credentials');
    } finally {
      await limited.close();
    }
  });

  it('changePassword: checks the old one, refuses the same one, revokes the other sessions', async () => {
    const u = await t.createUser({ password: 'OldPass123' });
    const keep = (await login(u.account, 'OldPass123')).data.token;
    const other = (await login(u.account, 'OldPass123')).data.token;
    const body = (oldPassword: string, password: string, confirmPassword = password) => ({
      oldPassword,
      password,
      confirmPassword,
    });
    expect(await t.post('user/changePassword', body('OldPass123', 'NewPass123'))).toMatchObject({ code: 401 });
    expect(await t.post('user/changePassword', body('Wrong12345', 'NewPass123'), { token: keep })).toMatchObject({
      code: 500,
      key: 'invalid_credentials',
    });
    expect(await t.post('user/changePassword', body('OldPass123', 'OldPass123'), { token: keep })).toMatchObject({
      key: 'password_same_as_old',
    });
    expect(
      await t.post('user/changePassword', body('OldPass123', 'NewPass123', 'NewPass124'), { token: keep }),
    ).toMatchObject({ code: 422 });
    expect(await t.post('user/changePassword', body('OldPass123', 'short'), { token: keep })).toMatchObject({
      code: 422,
    });
    const ok = await t.post('user/changePassword', body('OldPass123', 'NewPass123'), { token: keep });
    expect(ok).toMatchObject({ code: 200, data: { revokedSessions: 2 } }); // `other` and the harness token
    expect((await t.get('user/isLogin', {}, { token: keep })).code).toBe(200);
    expect((await t.get('user/isLogin', {}, { token: other })).code).toBe(401);
    expect((await login(u.account, 'OldPass123')).key).toBe('invalid_credentials');
    expect((await login(u.account, 'NewPass123')).code).toBe(200);
  });

  it('reset password: code → single-use 10-minute ticket → new password, all sessions revoked', async () => {
    const u = await t.createUser({ password: 'OldPass123' });
    const session = (await login(u.account, 'OldPass123')).data.token;
    expect((await t.post('user/sendCode', { account: u.account, purpose: 'reset_password' })).code).toBe(200);
    const code = (await t.lastCode(u.account))!;
    const check = await t.post('user/cacheCodeCheck', { account: u.account, purpose: 'reset_password', code });
    expect(check).toMatchObject({ code: 200, data: { valid: true } });
    const ticket = check.data.ticket as string;
    expect(ticket.length).toBeGreaterThanOrEqual(40);
    // the code was consumed by the check
    expect((await t.post('user/cacheCodeCheck', { account: u.account, purpose: 'reset_password', code })).key).toBe(
      'code_invalid',
    );
    expect(
      await t.post('user/resetPassword', {
        ticket: 'forged-ticket',
        password: 'NewPass123',
        confirmPassword: 'NewPass123',
      }),
    ).toMatchObject({
      key: 'reset_ticket_invalid',
    });
    expect(
      await t.post('user/resetPassword', { ticket, password: 'NewPass123', confirmPassword: 'NewPass12' }),
    ).toMatchObject({ code: 422 });
    const ok = await t.post('user/resetPassword', { ticket, password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect(ok).toMatchObject({ code: 200 });
    expect(ok.data.revokedSessions).toBeGreaterThanOrEqual(2);
    expect((await t.get('user/isLogin', {}, { token: session })).code).toBe(401);
    expect(
      (await t.post('user/resetPassword', { ticket, password: 'Other12345', confirmPassword: 'Other12345' })).key,
    ).toBe('reset_ticket_invalid');
    expect((await login(u.account, 'NewPass123')).code).toBe(200);
  });

  it('reset tickets expire after 10 minutes', async () => {
    const u = await t.createUser();
    await t.post('user/sendCode', { account: u.account, purpose: 'reset_password' });
    const check = await t.post('user/cacheCodeCheck', {
      account: u.account,
      purpose: 'reset_password',
      code: (await t.lastCode(u.account))!,
    });
    t.clock.advance(601_000);
    expect(
      (
        await t.post('user/resetPassword', {
          ticket: check.data.ticket,
          password: 'NewPass123',
          confirmPassword: 'NewPass123',
        })
      ).key,
    ).toBe('reset_ticket_invalid');
  });

  it('reset for an unknown account answers like a known one but sends nothing', async () => {
    const res = await t.post('user/sendCode', { account: 'no-such-user@example.com', purpose: 'reset_password' });
    expect(res).toMatchObject({ code: 200, data: { resendAfterSeconds: 60 } });
    expect(await t.lastCode('no-such-user@example.com')).toBeUndefined();
  });

  it('seeds the sandbox demo customer and the admin idempotently', async () => {
    await seedAdmin(t.app);
    await seedSandbox(t.app);
    await seedAdmin(t.app);
    await seedSandbox(t.app);
    expect((await t.database.sql.query(`select 1 from users where email = $1`, [DEMO_ACCOUNT])).length).toBe(1);
    expect((await login(DEMO_ACCOUNT, DEMO_PASSWORD)).code).toBe(200);
    const admin = await t.post('user/adminLogin', {
      username: ADMIN_USERNAME,
      password: t.config.adminPassword,
      otp: await adminOtp(t),
    });
    expect(admin).toMatchObject({ code: 200 });
    expect(admin.data.adminId).toMatch(/^\d+$/);
  });

  it('admin tokens work only on /api/admin/*, customer tokens never there', async () => {
    const admin = (
      await t.post('user/adminLogin', {
        username: ADMIN_USERNAME,
        password: t.config.adminPassword,
        otp: await adminOtp(t),
      })
    ).data.token as string;
    const customer = await t.createUser();
    expect(await t.get('admin/session/me', {}, { token: admin })).toMatchObject({
      code: 200,
      data: { username: 'admin' },
    });
    expect(await t.get('admin/session/me', {}, { token: customer.token })).toMatchObject({
      code: 403,
      key: 'admin_only',
    });
    expect(await t.get('admin/session/me')).toMatchObject({ code: 401 });
    expect(await t.get('user/info', {}, { token: admin })).toMatchObject({ code: 401 });
    expect(await t.get('user/isLogin', {}, { token: admin })).toMatchObject({ code: 401 });
    expect((await t.post('admin/session/logout', {}, { token: admin })).code).toBe(200);
    expect((await t.get('admin/session/me', {}, { token: admin })).code).toBe(401);
  });

  it('admin login: wrong password refused, locked after 5 failures', async () => {
    expect(
      (await t.post('user/adminLogin', { username: 'admin', password: 'wrong-password', otp: '000000' })).key,
    ).toBe('invalid_credentials');
    expect(
      (await t.post('user/adminLogin', { username: 'nobody', password: 'wrong-password', otp: '000000' })).key,
    ).toBe('invalid_credentials');
    for (let i = 0; i < 3; i++)
      await t.post('user/adminLogin', { username: 'admin', password: 'wrong-password', otp: '000000' });
    expect(
      (await t.post('user/adminLogin', { username: 'admin', password: 'wrong-password', otp: '000000' })).key,
    ).toBe('account_locked');
    expect(
      (await t.post('user/adminLogin', { username: 'admin', password: t.config.adminPassword, otp: await adminOtp(t) }))
        .key,
    ).toBe('account_locked');
    expect((await t.post('user/adminLogin', {})).code).toBe(422);
  });

  it('a disabled customer cannot log in and their tokens stop working', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    await t.database.sql.query(`update users set status = 'disabled' where id = $1`, [u.id]);
    expect(await login(u.account, 'Passw0rd!')).toMatchObject({ code: 403, key: 'account_disabled' });
    expect((await t.get('user/isLogin', {}, { token: u.token })).code).toBe(401);
  });
});
