import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

/** An attacker who wants to learn who has an account, or to walk the customer ids. */
describe.each(testDrivers())('account enumeration (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_INVITER_MAX: '5' });
  });
  afterAll(async () => t?.close());

  const outbox = async (to: string) =>
    (await t.get<{ messages: { subject: string; body: string }[] }>('dev/outbox', { to })).data.messages;

  it('sendCode for registration answers the same for an existing and a new account; the owner gets a notice, not a code', async () => {
    const existing = await t.createUser();
    const fresh = `new-${Date.now()}@example.com`;
    const a = await t.post('user/sendCode', { account: existing.account, purpose: 'register' }, { locale: 'zh-HK' });
    const b = await t.post('user/sendCode', { account: fresh, purpose: 'register' }, { locale: 'zh-HK' });
    expect(a).toEqual(b);
    expect(a.code).toBe(200);
    // Cooldown applies to both alike.
    const a2 = await t.post('user/sendCode', { account: existing.account, purpose: 'register' });
    const b2 = await t.post('user/sendCode', { account: fresh, purpose: 'register' });
    expect({ code: a2.code, key: a2.key }).toEqual({ code: b2.code, key: b2.key });
    expect(a2.key).toBe('code_resend_cooldown');

    const notice = await outbox(existing.account);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toBe('有人嘗試以您的地址註冊 CardWallet');
    expect(notice[0]!.body).not.toMatch(/\b\d{6}\b/);
    expect(await t.lastCode(fresh)).toMatch(/^\d{6}$/);
  });

  it('register for an existing account answers like a wrong code, not "already registered"', async () => {
    const existing = await t.createUser();
    const fresh = `fresh-${Date.now()}@example.com`;
    await t.post('user/sendCode', { account: fresh, purpose: 'register' });
    const body = (account: string) => ({
      account,
      code: '000000',
      password: 'Passw0rd!x',
      confirmPassword: 'Passw0rd!x',
      agreement: true,
    });
    const a = await t.post('user/register', body(existing.account));
    const b = await t.post('user/register', body(fresh));
    expect(a.key).not.toBe('account_exists');
    expect(a.code).not.toBe(422); // a real code check, not a malformed body
    expect({ code: a.code, key: a.key }).toEqual({ code: b.code, key: b.key });
  });

  it('user/inviter: 50 sequential ids at once from one IP — at most IP_INVITER_MAX answered, and names only', async () => {
    const first = await t.createUser({ email: 'walk.target@example.com' });
    const start = Number(first.userId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.get('user/inviter', { refereeId: String(start - 25 + i) })),
    );
    const answered = answers.filter((r) => r.code === 200 || r.code === 404);
    expect(answered.length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.key === 'rate_limited').length).toBeGreaterThanOrEqual(45);
    for (const r of answers.filter((x) => x.code === 200)) expect(Object.keys(r.data)).toEqual(['displayName']);
  });
});
