import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { maskAccount } from '../../src/modules/accounts/service';
import { bindTicket } from '../support/step-up';

describe.each(testDrivers())('binding, profile, inviter and register data on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_SEND_CODE_MAX: '1000', IP_LOGIN_MAX: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const bindCode = async (account: string, token: string) => {
    const sent = await t.post('user/sendCode', { account, purpose: 'bind' }, { token });
    expect(sent.code).toBe(200);
    t.clock.advance(61_000);
    return (await t.lastCode(account))!;
  };

  it('binds a mobile to an e-mail account with a bind code', async () => {
    const u = await t.createUser();
    const code = await bindCode('+447911123456', u.token);
    const ticket = await bindTicket(t, u.token, 'mobile');
    const res = await t.post(
      'user/sumbitBind',
      { type: 'mobile', account: '+44 7911 123456', code, ticket },
      { token: u.token },
    );
    expect(res).toMatchObject({ code: 200, data: { userId: u.userId, email: u.account, mobile: '+447911123456' } });
    // The code is single use.
    expect(
      (await t.post('user/sumbitBind', { type: 'mobile', account: '+447911123456', code, ticket }, { token: u.token }))
        .key,
    ).toBe('code_invalid');
  });

  it('binds an e-mail to a mobile account; the new e-mail can then log in', async () => {
    const u = await t.createUser({ mobile: '+905551112233', password: 'Passw0rd!' });
    const email = `bound-${Date.now()}@example.com`;
    const code = await bindCode(email, u.token);
    const ticket = await bindTicket(t, u.token, 'email');
    expect(
      (
        await t.post(
          'user/sumbitBind',
          { type: 'email', account: email.toUpperCase(), code, ticket },
          { token: u.token },
        )
      ).data.email,
    ).toBe(email);
    expect((await t.post('user/login', { account: email, password: 'Passw0rd!' })).code).toBe(200);
  });

  it('an account used by another user → binding_exists (at sendCode and at bind)', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    expect(await t.post('user/sendCode', { account: b.account, purpose: 'bind' }, { token: a.token })).toMatchObject({
      key: 'binding_exists',
    });
    // b takes an address after a already got a code for it
    const target = `contested-${Date.now()}@example.com`;
    const code = await bindCode(target, a.token);
    await t.database.sql.query(`update users set email = $1 where id = $2`, [target, b.id]);
    const ticket = await bindTicket(t, a.token, 'email');
    expect(
      await t.post('user/sumbitBind', { type: 'email', account: target, code, ticket }, { token: a.token }),
    ).toMatchObject({ key: 'binding_exists' });
  });

  it('bind needs a session, a matching type and a valid code', async () => {
    const u = await t.createUser();
    expect((await t.post('user/sendCode', { account: 'someone@example.com', purpose: 'bind' })).code).toBe(401);
    expect((await t.post('user/sumbitBind', { type: 'email', account: 'a@example.com', code: '123456' })).code).toBe(
      401,
    );
    expect(
      (await t.post('user/sumbitBind', { type: 'email', account: '+447911123999', code: '123456' }, { token: u.token }))
        .code,
    ).toBe(422);
    expect(
      (await t.post('user/sumbitBind', { type: 'fax', account: 'a@example.com', code: '123456' }, { token: u.token }))
        .code,
    ).toBe(422);
    expect(
      (
        await t.post(
          'user/sumbitBind',
          { type: 'email', account: 'fresh@example.com', code: '123456' },
          { token: u.token },
        )
      ).key,
    ).toBe('code_invalid');
  });

  it('paypass codes go only to an account of the signed-in user', async () => {
    const u = await t.createUser();
    const other = await t.createUser();
    // A channel bound less than 24 hours ago cannot reset the transaction password (issue 22).
    expect((await t.post('user/sendCode', { account: u.account, purpose: 'paypass' }, { token: u.token })).key).toBe(
      'step_up_channel_too_new',
    );
    t.clock.advance(86_400_000 + 1000);
    expect((await t.post('user/sendCode', { account: u.account, purpose: 'paypass' }, { token: u.token })).code).toBe(
      200,
    );
    expect(
      (await t.post('user/sendCode', { account: other.account, purpose: 'paypass' }, { token: u.token })).code,
    ).toBe(403);
    expect((await t.post('user/sendCode', { account: u.account, purpose: 'paypass' })).code).toBe(401);
  });

  it('user/info needs a session and reports kyc level', async () => {
    const u = await t.createUser({ kycLevel: 2 });
    expect((await t.get('user/info')).code).toBe(401);
    const info = await t.get('user/info', {}, { token: u.token });
    expect(info.data).toMatchObject({ kycLevel: 2, hasPayPassword: false });
    expect(new Date(info.data.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('user/inviter shows a display name only; the code only when the code was given; unknown → referee_not_found', async () => {
    const u = await t.createUser({ email: 'inviter.person@example.com' });
    const res = await t.get('user/inviter', { refereeId: u.userId });
    expect(res).toEqual(expect.objectContaining({ code: 200, data: { displayName: 'in***' } }));
    expect(JSON.stringify(res.data)).not.toMatch(/inviter\.person|example\.com/);
    expect(await t.get('user/inviter', { refereeId: '424242424' })).toMatchObject({
      code: 404,
      key: 'referee_not_found',
    });
    expect((await t.get('user/inviter', {})).code).toBe(422);
    const inviteCode = (await t.get('user/info', {}, { token: u.token })).data.inviteCode as string;
    expect((await t.get('user/inviter', { refereeId: inviteCode.toLowerCase() })).data).toEqual({
      displayName: 'in***',
      inviteCode,
    });
    const mobile = await t.createUser({ mobile: '+905321234567' });
    expect((await t.get('user/inviter', { refereeId: mobile.userId })).data).toEqual({ displayName: '***67' });
  });

  it('masks e-mails and mobiles', () => {
    expect(maskAccount('demo@cardwallet.test')).toBe('de***@cardwallet.test');
    expect(maskAccount('a@b.co')).toBe('a***@b.co');
    expect(maskAccount('+905321234567')).toBe('+9053****4567');
  });

  it('getRegisterData: countries with dial codes, names in the request locale', async () => {
    const en = await t.get('user/getRegisterData');
    expect(en.code).toBe(200);
    expect(en.data.countries.length).toBeGreaterThan(200);
    expect(en.data.countries).toContainEqual({ code: 'TR', dialCode: '+90', name: 'Türkiye' });
    expect(en.data).toMatchObject({
      defaultCountry: 'US',
      passwordMinLength: 8,
      passwordMaxLength: 20,
      codeLength: 6,
      codeResendSeconds: 60,
    });
    expect(en.data.agreementVersion).toBeTruthy();
    const zh = await t.get('user/getRegisterData', {}, { locale: 'zh-HK' });
    expect(zh.data.defaultCountry).toBe('HK');
    expect(zh.data.countries.find((c: { code: string }) => c.code === 'HK').name).toMatch(/香港/);
    const ar = await t.get('user/getRegisterData', {}, { locale: 'ar-AE,ar;q=0.9' });
    expect(ar.data.defaultCountry).toBe('AE');
    expect(ar.data.countries.find((c: { code: string }) => c.code === 'AE').name).toMatch(/[\u0600-\u06FF]/);
    const tr = await t.get('user/getRegisterData', {}, { locale: 'tr' });
    expect(tr.data.countries.find((c: { code: string }) => c.code === 'DE').name).toBe('Almanya');
  });
});
