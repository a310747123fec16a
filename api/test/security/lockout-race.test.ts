import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOtp, createTestApp, testDrivers, type Envelope, type TestApp } from '../support/harness';
import { ADMIN_USERNAME, seedAdmin } from '../../src/modules/accounts/seed';
import { lockoutMetrics } from '../../src/security/lockout';
import { codeMetrics } from '../../src/modules/accounts/codes';
import { PayPasswords, payPassMetrics } from '../../src/modules/wallet/pay-password/paypass';
import { WalletError } from '../../src/modules/wallet/errors';
import { BIND_MAX_FAILURES } from '../../src/modules/cards/controls/card-controls';
import { customer } from '../cards/support';
import { stepUpGrant } from '../support/step-up';

/**
 * Issue 22: 40 parallel guesses used to get ~35 evaluations past a 5-failure lock. Every lockout now
 * reserves the attempt atomically before the secret is evaluated: 50 requests at once evaluate at
 * most the allowed number (counted by the module's metric AND by the row in the database), and the
 * right secret sent after the lock is refused.
 */
const N = 50;
const MAX = 5;

/** Runs `n` calls at once; the right secret is the LAST one sent (the others are wrong). */
async function burst<T>(n: number, call: (right: boolean, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => call(i === n - 1, i)));
}
const keys = (answers: Envelope[]) =>
  answers.reduce<Record<string, number>>(
    (acc, a) => ({ ...acc, [a.key ?? String(a.code)]: (acc[a.key ?? String(a.code)] ?? 0) + 1 }),
    {},
  );

describe.each(testDrivers())(`lockouts under ${N} parallel attempts on %s`, (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      IP_LOGIN_MAX: '10000',
      IP_SEND_CODE_MAX: '10000',
      LOGIN_MAX_FAILURES: String(MAX),
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const failuresOf = async (key: string) =>
    Number(
      (
        await t.database.sql.query<{ failures: number }>(`select failures from login_failures where account_key = $1`, [
          key,
        ])
      )[0]?.failures ?? 0,
    );

  it(`login: ${N} at once evaluate at most ${MAX}; the right password after the lock is refused`, async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    const before = lockoutMetrics.evaluated;
    const answers = await burst(N, (right, i) =>
      t.post('user/login', { account: u.account, password: right ? 'Passw0rd!' : `Wrong-${i}-pass` }),
    );
    const evaluated = lockoutMetrics.evaluated - before;
    console.info(`[race] ${driver} login: ${evaluated} of ${N} evaluated`, keys(answers));
    expect(evaluated).toBeLessThanOrEqual(MAX);
    expect(await failuresOf(`user:${u.account}`)).toBe(evaluated);
    expect(answers.filter((a) => a.key === 'invalid_credentials').length).toBeLessThanOrEqual(MAX - 1);
    expect(answers.at(-1)).toMatchObject({ code: 429, key: 'account_locked' });
    expect((await t.post('user/login', { account: u.account, password: 'Passw0rd!' })).key).toBe('account_locked');
  });

  it('login: the right password among the first five still signs in (the lock is not a denial for the owner)', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    for (let i = 0; i < MAX - 1; i++)
      expect((await t.post('user/login', { account: u.account, password: 'Nope12345' })).key).toBe(
        'invalid_credentials',
      );
    expect((await t.post('user/login', { account: u.account, password: 'Passw0rd!' })).code).toBe(200);
    expect(await failuresOf(`user:${u.account}`)).toBe(0);
  });

  it('a locked login password still allows a reset by code, which lifts the lock', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    await burst(N, (_r, i) => t.post('user/login', { account: u.account, password: `Wrong-${i}-pass` }));
    expect((await t.post('user/login', { account: u.account, password: 'Passw0rd!' })).key).toBe('account_locked');
    expect((await t.post('user/sendCode', { account: u.account, purpose: 'reset_password' })).code).toBe(200);
    const code = await t.lastCode(u.account);
    const check = await t.post('user/cacheCodeCheck', { account: u.account, purpose: 'reset_password', code });
    expect(check.code).toBe(200);
    expect(
      (
        await t.post('user/resetPassword', {
          ticket: check.data.ticket,
          password: 'NewPassw0rd!',
          confirmPassword: 'NewPassw0rd!',
        })
      ).code,
    ).toBe(200);
    expect((await t.post('user/login', { account: u.account, password: 'NewPassw0rd!' })).code).toBe(200);
  });

  it(`admin login: ${N} at once evaluate at most ${MAX}`, async () => {
    await seedAdmin(t.app);
    const before = lockoutMetrics.evaluated;
    const otp = await adminOtp(t); // the second factor (TOTP): right for every call, so only the password decides
    const answers = await burst(N, (right, i) =>
      t.post('user/adminLogin', {
        username: ADMIN_USERNAME,
        password: right ? t.config.adminPassword : `wrong-${i}-password`,
        otp,
      }),
    );
    const evaluated = lockoutMetrics.evaluated - before;
    console.info(`[race] ${driver} adminLogin: ${evaluated} of ${N} evaluated`, keys(answers));
    expect(evaluated).toBeLessThanOrEqual(MAX);
    expect(answers.at(-1)!.key).toBe('account_locked');
    expect(
      (
        await t.post('user/adminLogin', {
          username: ADMIN_USERNAME,
          password: t.config.adminPassword,
          otp: await adminOtp(t),
        })
      ).key,
    ).toBe('account_locked');
  });

  it(`verifyIdentity (login password): ${N} at once evaluate at most ${MAX}`, async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    const before = lockoutMetrics.evaluated;
    const answers = await burst(N, (right, i) =>
      t.post(
        'user/verifyIdentity',
        { channel: 'email', method: 'password', password: right ? 'Passw0rd!' : `Wrong-${i}-pass` },
        { token: u.token },
      ),
    );
    const evaluated = lockoutMetrics.evaluated - before;
    console.info(`[race] ${driver} verifyIdentity: ${evaluated} of ${N} evaluated`, keys(answers));
    expect(evaluated).toBeLessThanOrEqual(MAX);
    expect(answers.at(-1)!.key).toBe('account_locked');
    expect(answers.filter((a) => a.code === 200)).toHaveLength(0);
  });

  it(`transaction password: ${N} at once evaluate at most ${MAX}; the right one after the lock is refused`, async () => {
    const u = await t.createUser();
    const paypass = new PayPasswords(t.database.sql, t.config.scryptN);
    await stepUpGrant(t, u.token, 'paypass');
    await paypass.set(u.userId, '135790');
    const before = payPassMetrics.evaluated;
    const results = await burst(N, (right, i) =>
      paypass.verify(u.userId, right ? '135790' : String(200000 + i)).then(
        () => 'ok',
        (e: unknown) => (e instanceof WalletError ? e.key : String(e)),
      ),
    );
    const evaluated = payPassMetrics.evaluated - before;
    const counts = results.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});
    console.info(`[race] ${driver} paypass: ${evaluated} of ${N} evaluated`, counts);
    expect(evaluated).toBeLessThanOrEqual(MAX);
    expect(results.at(-1)).toBe('paypass_locked');
    expect(counts.paypass_wrong ?? 0).toBeLessThanOrEqual(MAX - 1);
    const [row] = await t.database.sql.query<{ failed_attempts: number }>(
      `select failed_attempts from wallet_pay_passwords where user_id = $1`,
      [u.userId],
    );
    expect(Number(row!.failed_attempts)).toBe(evaluated);
    await expect(paypass.verify(u.userId, '135790')).rejects.toMatchObject({ key: 'paypass_locked' });
    expect((await t.get('user/payPasswordStatus', {}, { token: u.token })).data).toMatchObject({
      isSet: true,
      lockedForMinutes: 15,
    });
  });

  it(`transaction password: the right one is never answered paypass_locked while not locked (${N} at once, 4 of them wrong)`, async () => {
    const u = await t.createUser();
    const paypass = new PayPasswords(t.database.sql, t.config.scryptN);
    await stepUpGrant(t, u.token, 'paypass');
    await paypass.set(u.userId, '135790');
    // Four wrong ones spread among the right ones cannot reach the fifth failure: nothing may lock.
    const wrong = new Set([3, 17, 29, 41]);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        paypass.verify(u.userId, wrong.has(i) ? String(200000 + i) : '135790').then(
          () => 'ok',
          (e: unknown) => (e instanceof WalletError ? e.key : String(e)),
        ),
      ),
    );
    const counts = results.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});
    console.info(`[race] ${driver} paypass, ${N} at once, 4 wrong:`, counts);
    expect(counts).toEqual({ ok: N - 4, paypass_wrong: 4 });
    expect((await paypass.status(u.userId)).lockedForMinutes).toBe(0);
  });

  it('30 withdrawals at once with the right transaction password: none is answered paypass_locked', async () => {
    const u = await t.createUser({ kycLevel: 1 });
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    await t.post('dev/chain/deposit', {
      address: addr.data.address,
      currency: 'USDT',
      network: 'TRC20',
      amount: '5000',
    });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 30 });
    await stepUpGrant(t, u.token, 'paypass');
    expect(
      (await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token })).code,
    ).toBe(200);
    const body = {
      currency: 'USDT',
      network: 'TRC20',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      amount: '20',
      payPassword: '135790',
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post('wallet/withdraw', body, {
          token: u.token,
          headers: { 'idempotency-key': `race-withdraw-${i}-${u.userId}` },
        }),
      ),
    );
    console.info(`[race] ${driver} 30 withdrawals, right password:`, keys(answers));
    expect(keys(answers)).toEqual({ '200': 30 });
  });

  it(`verification codes: ${N} checks at once compare at most ${MAX} guesses; the right code after that is refused`, async () => {
    const account = `race-code-${driver}-${Date.now()}@example.com`;
    expect((await t.post('user/sendCode', { account, purpose: 'register' })).code).toBe(200);
    const code = (await t.lastCode(account))!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const before = codeMetrics.evaluated;
    const answers = await burst(N, (right, i) =>
      t.post('user/cacheCodeCheck', { account, purpose: 'register', code: right ? code : wrong(i) }),
    );
    const evaluated = codeMetrics.evaluated - before;
    console.info(`[race] ${driver} codes: ${evaluated} of ${N} evaluated`, keys(answers));
    expect(evaluated).toBeLessThanOrEqual(t.config.limits.codeMaxAttempts);
    expect(answers.at(-1)!.key).toBe('code_attempts_exceeded');
    const [row] = await t.database.sql.query<{ attempts: number }>(
      `select attempts from verification_codes where account = $1`,
      [account],
    );
    expect(Number(row!.attempts)).toBe(evaluated);
    expect((await t.post('user/cacheCodeCheck', { account, purpose: 'register', code })).key).toBe(
      'code_attempts_exceeded',
    );
  });

  it(`card binding: ${N} carrier-code guesses at once ask the issuer at most ${BIND_MAX_FAILURES} times; the right code after that is refused`, async () => {
    const u = await customer(t, { level: 2 });
    const stock = (await t.post('dev/cards/stock', { brand: 'mastercard', tier: 'discount' })).data;
    const wrong = (i: number) => String((Number(stock.carrierCode) + 1 + i) % 1_000_000).padStart(6, '0');
    const before = lockoutMetrics.evaluated;
    const answers = await burst(N, (right, i) =>
      t.post(
        'card/bind',
        { cardNumber: stock.pan, carrierCode: right ? stock.carrierCode : wrong(i) },
        { token: u.token },
      ),
    );
    const evaluated = lockoutMetrics.evaluated - before;
    console.info(`[race] ${driver} card bind: ${evaluated} of ${N} evaluated`, keys(answers));
    expect(evaluated).toBeLessThanOrEqual(BIND_MAX_FAILURES);
    expect(await failuresOf(`card-bind:${u.userId}`)).toBe(evaluated);
    expect(answers.at(-1)).toMatchObject({ key: 'rate_limited' });
    expect(
      (await t.post('card/bind', { cardNumber: stock.pan, carrierCode: stock.carrierCode }, { token: u.token })).key,
    ).toBe('rate_limited');
  });
});
