import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

/** Member centre additions to the accounts API: re-authenticated rebinding, old-channel notice, log out elsewhere. */
describe.each(testDrivers())('member centre accounts API on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_SEND_CODE_MAX: '1000', IP_LOGIN_MAX: '1000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const codeFor = async (account: string, purpose: 'bind' | 'rebind', token: string) => {
    t.clock.advance(61_000);
    const sent = await t.post('user/sendCode', { account, purpose }, { token });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    return (await t.lastCode(account))!;
  };
  const outbox = async (to: string) =>
    (await t.get('dev/outbox', { to, limit: '5' })).data.messages as { subject: string; body: string }[];

  it('changing the mobile: proven by a code to the old number, then the old number is told', async () => {
    const u = await t.createUser({ mobile: '+905321110001' });
    const newMobile = '+905321110002';
    // Without re-authentication the change is refused and the bind code survives.
    const bindCode = await codeFor(newMobile, 'bind', u.token);
    expect(
      await t.post('user/sumbitBind', { type: 'mobile', account: newMobile, code: bindCode }, { token: u.token }),
    ).toMatchObject({ code: 500, key: 'reauth_required' });
    // rebind codes go only to the customer's own accounts
    expect(
      await t.post('user/sendCode', { account: '+905321119999', purpose: 'rebind' }, { token: u.token }),
    ).toMatchObject({ key: 'forbidden' });
    const oldCode = await codeFor(u.account, 'rebind', u.token);
    expect(
      await t.post(
        'user/verifyIdentity',
        { method: 'code', channel: 'mobile', code: oldCode === '000000' ? '111111' : '000000' },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'code_invalid' });
    const proof = await t.post(
      'user/verifyIdentity',
      { method: 'code', channel: 'mobile', code: oldCode },
      { token: u.token },
    );
    expect(proof).toMatchObject({ code: 200, data: { ticket: expect.any(String), expiresInSeconds: 600 } });
    // A ticket for the e-mail channel, or a made-up one, does not work for the mobile.
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'mobile', account: newMobile, code: bindCode, ticket: 'forged' },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'reset_ticket_invalid' });
    const changed = await t.post(
      'user/sumbitBind',
      { type: 'mobile', account: newMobile, code: bindCode, ticket: proof.data.ticket },
      { token: u.token, locale: 'tr-TR' },
    );
    expect(changed).toMatchObject({ code: 200, data: { mobile: newMobile } });
    const notice = (await outbox(u.account))[0]!;
    expect(notice.subject).toBe('CardWallet hesap bilgileriniz değiştirildi');
    expect(notice.body).toContain('+905****002');
    // The ticket is single use.
    const third = '+905321110003';
    const code3 = await codeFor(third, 'bind', u.token);
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'mobile', account: third, code: code3, ticket: proof.data.ticket },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'reset_ticket_invalid' });
  });

  it('the login password proves it when the old number is unreachable; wrong passwords count towards the lockout', async () => {
    const u = await t.createUser({ mobile: '+905321110010', password: 'Passw0rd!' });
    expect(
      await t.post(
        'user/verifyIdentity',
        { method: 'password', channel: 'mobile', password: 'wrong-one' },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'invalid_credentials' });
    const proof = await t.post(
      'user/verifyIdentity',
      { method: 'password', channel: 'mobile', password: 'Passw0rd!' },
      { token: u.token },
    );
    expect(proof.code).toBe(200);
    const code = await codeFor('+905321110011', 'bind', u.token);
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'mobile', account: '+905321110011', code, ticket: proof.data.ticket },
        { token: u.token },
      ),
    ).toMatchObject({ code: 200 });
    expect(await t.post('user/verifyIdentity', { method: 'sms', channel: 'mobile' }, { token: u.token })).toMatchObject(
      { code: 422 },
    );
    expect(await t.post('user/verifyIdentity', { method: 'password', channel: 'mobile', password: 'x' })).toMatchObject(
      { code: 401 },
    );
  });

  it('binding a first mobile needs re-authentication too (issue 22), proved on the e-mail bound before; replacing the e-mail does', async () => {
    const u = await t.createUser();
    const code = await codeFor('+905321110020', 'bind', u.token);
    expect(
      await t.post('user/sumbitBind', { type: 'mobile', account: '+905321110020', code }, { token: u.token }),
    ).toMatchObject({ key: 'reauth_required' });
    // No mobile bound yet: the rebind code for the mobile channel goes to the e-mail.
    const firstCode = await codeFor(u.account, 'rebind', u.token);
    const first = await t.post(
      'user/verifyIdentity',
      { method: 'code', channel: 'mobile', code: firstCode },
      { token: u.token },
    );
    expect(first.code).toBe(200);
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'mobile', account: '+905321110020', code, ticket: first.data.ticket },
        { token: u.token },
      ),
    ).toMatchObject({ code: 200 });
    expect((await outbox(u.account))[0]!.body).toContain('+905****020');
    t.clock.advance(61_000);
    const email = `new-${Date.now()}@example.com`;
    const ecode = await codeFor(email, 'bind', u.token);
    expect(
      await t.post('user/sumbitBind', { type: 'email', account: email, code: ecode }, { token: u.token }),
    ).toMatchObject({ key: 'reauth_required' });
    // The refusal did not use up the bind code: prove it is you, then the same code binds.
    const oldCode = await codeFor(u.account, 'rebind', u.token);
    const proof = await t.post(
      'user/verifyIdentity',
      { method: 'code', channel: 'email', code: oldCode },
      { token: u.token },
    );
    // A mobile-channel ticket does not unlock the e-mail.
    const mobileProof = await t.post(
      'user/verifyIdentity',
      { method: 'password', channel: 'mobile', password: u.password },
      { token: u.token },
    );
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'email', account: email, code: ecode, ticket: mobileProof.data.ticket },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'reset_ticket_invalid' });
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'email', account: email, code: ecode, ticket: proof.data.ticket },
        { token: u.token },
      ),
    ).toMatchObject({ code: 200, data: { email } });
    const notice = (await outbox(u.account))[0]!;
    expect(notice.subject).toBe('Your CardWallet account details were changed');
    expect(notice.body).toContain('e-mail address');
    expect((await t.post('user/login', { account: email, password: u.password })).code).toBe(200);
  });

  it('logs out of every other session, keeping this one', async () => {
    const u = await t.createUser({ password: 'Passw0rd!' });
    const other = await t.post('user/login', { account: u.account, password: 'Passw0rd!' });
    expect(other.code).toBe(200);
    expect(await t.post('user/logoutOthers', {}, { token: u.token })).toMatchObject({
      code: 200,
      data: { revokedSessions: 1 },
    });
    expect((await t.get('user/isLogin', {}, { token: other.data.token })).code).toBe(401);
    expect((await t.get('user/isLogin', {}, { token: u.token })).code).toBe(200);
  });
});
