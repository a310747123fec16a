import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { activeCard } from '../cards/support';

/**
 * Issue 22: a stolen session (the token alone) must not become a permanent takeover. Binding a
 * channel needs a fresh proof, the transaction password needs a step-up grant, a freshly bound
 * channel cannot reset it, and every change is told on the channels bound before.
 */
const DAY = 86_400_000;

describe.each(testDrivers())('step-up before takeover paths on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const codeFor = async (account: string, purpose: string, token: string) => {
    t.clock.advance(61_000);
    const sent = await t.post('user/sendCode', { account, purpose }, { token });
    expect(sent.code, JSON.stringify(sent)).toBe(200);
    return (await t.lastCode(account))!;
  };
  const outbox = async (to: string) =>
    (await t.get('dev/outbox', { to, limit: '5' })).data.messages as { subject: string; body: string }[];
  const setPay = (token: string, password = '135790') =>
    t.post('user/setPayPassword', { password, confirmPassword: password }, { token });

  it('a stolen session (token only) cannot bind a first channel, set the transaction password or reset it', async () => {
    const owner = await t.createUser();
    t.clock.advance(2 * DAY);
    const thief = owner.token;
    const thiefMobile = '+905320000001';
    // Bind a first mobile the thief controls: the bind code reaches the thief, but a proof is missing.
    const bindCode = await codeFor(thiefMobile, 'bind', thief);
    expect(
      await t.post('user/sumbitBind', { type: 'mobile', account: thiefMobile, code: bindCode }, { token: thief }),
    ).toMatchObject({ key: 'reauth_required' });
    // The proof code for a first mobile goes to the e-mail bound before (the owner's), never to the new number.
    expect(await t.post('user/sendCode', { account: thiefMobile, purpose: 'rebind' }, { token: thief })).toMatchObject({
      key: 'forbidden',
    });
    expect(
      await t.post('user/verifyIdentity', { method: 'code', channel: 'mobile', code: '123456' }, { token: thief }),
    ).toMatchObject({ key: 'code_invalid' });
    expect(
      await t.post(
        'user/verifyIdentity',
        { method: 'password', channel: 'mobile', password: 'guess-1234' },
        { token: thief },
      ),
    ).toMatchObject({ key: 'invalid_credentials' });
    expect((await t.get('user/info', {}, { token: thief })).data.mobile).toBeNull();
    // The transaction password: not without a grant, and no grant from the session alone.
    expect(await setPay(thief)).toMatchObject({ key: 'step_up_required' });
    expect(
      await t.post(
        'user/stepUp',
        { purpose: 'paypass', proof: { kind: 'code', account: thiefMobile, code: bindCode } },
        { token: thief },
      ),
    ).toMatchObject({ key: 'code_invalid' });
    expect(
      await t.post(
        'user/stepUp',
        { purpose: 'paypass', proof: { kind: 'password', password: 'guess-5678' } },
        { token: thief },
      ),
    ).toMatchObject({ key: 'invalid_credentials' });
    expect(await t.post('user/sendCode', { account: thiefMobile, purpose: 'paypass' }, { token: thief })).toMatchObject(
      { key: 'forbidden' },
    );
    expect((await t.get('user/payPasswordStatus', {}, { token: thief })).data.isSet).toBe(false);
  });

  it('a channel bound in the last 24 hours cannot reset the transaction password; the channels bound before are told', async () => {
    const u = await t.createUser();
    t.clock.advance(2 * DAY);
    const mobile = '+905320000002';
    const bindCode = await codeFor(mobile, 'bind', u.token);
    const proof = await t.post(
      'user/verifyIdentity',
      { method: 'password', channel: 'mobile', password: u.password },
      { token: u.token },
    );
    expect(
      await t.post(
        'user/sumbitBind',
        { type: 'mobile', account: mobile, code: bindCode, ticket: proof.data.ticket },
        { token: u.token, locale: 'zh-HK' },
      ),
    ).toMatchObject({ code: 200 });
    expect((await outbox(u.account))[0]!.body).toContain('已新增');
    // Set it with a grant proved by the login password.
    expect(
      (
        await t.post(
          'user/stepUp',
          { purpose: 'paypass', proof: { kind: 'password', password: u.password } },
          { token: u.token },
        )
      ).data,
    ).toEqual({ expiresInSeconds: 300 });
    expect((await setPay(u.token)).code).toBe(200);
    expect((await outbox(u.account))[0]!.body).toContain('transaction password');
    // Reset through the new mobile: refused at sending and as a step-up proof.
    t.clock.advance(61_000);
    expect(await t.post('user/sendCode', { account: mobile, purpose: 'paypass' }, { token: u.token })).toMatchObject({
      key: 'step_up_channel_too_new',
    });
    expect(
      await t.post(
        'user/stepUp',
        { purpose: 'paypass', proof: { kind: 'code', account: mobile, code: '123456' } },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'step_up_channel_too_new' });
    // A code sent before the hold was added (the row exists) is refused at the reset too.
    await t.database.sql.query(`update channel_bindings set bound_at = $2 where user_id = $1`, [
      u.id,
      new Date(t.clock.now().getTime() - 2 * DAY).toISOString(),
    ]);
    const code = await codeFor(mobile, 'paypass', u.token);
    await t.database.sql.query(`update channel_bindings set bound_at = $2 where user_id = $1`, [
      u.id,
      t.clock.now().toISOString(),
    ]);
    expect(
      await t.post(
        'user/resetPayPassword',
        { code, account: mobile, password: '246801', confirmPassword: '246801' },
        { token: u.token },
      ),
    ).toMatchObject({ key: 'step_up_channel_too_new' });
    // A day later the mobile may reset it.
    t.clock.advance(DAY + 1000);
    const code2 = await codeFor(mobile, 'paypass', u.token);
    expect(
      (
        await t.post(
          'user/resetPayPassword',
          { code: code2, account: mobile, password: '246801', confirmPassword: '246801' },
          { token: u.token },
        )
      ).code,
    ).toBe(200);
  });

  it('proofs per purpose; a grant is single use even under 20 parallel changes, and expires after 5 minutes', async () => {
    const u = await t.createUser();
    t.clock.advance(2 * DAY);
    const step = (purpose: string, proof: object) => t.post('user/stepUp', { purpose, proof }, { token: u.token });
    expect(await step('paypass', { kind: 'payPassword', payPassword: '135790' })).toMatchObject({
      key: 'step_up_proof_not_accepted',
    });
    expect(await step('everything', { kind: 'password', password: u.password })).toMatchObject({ code: 422 });
    // A code to the (aged) e-mail proves it.
    const rebind = await codeFor(u.account, 'rebind', u.token);
    expect((await step('paypass', { kind: 'code', account: u.account.toUpperCase(), code: rebind })).code).toBe(200);
    expect((await setPay(u.token)).code).toBe(200);
    expect(await setPay(u.token, '999999')).toMatchObject({ key: 'paypass_already_set' });
    // Grants last 5 minutes.
    expect((await step('card_pin', { kind: 'payPassword', payPassword: '135790' })).code).toBe(200);
    t.clock.advance(301_000);
    const [row] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from step_up_grants where user_id = $1 and used_at is null and expires_at > $2`,
      [u.id, t.clock.now().toISOString()],
    );
    expect(row!.n).toBe(0);
    // One grant, 20 changes at once: exactly one passes (the others find the grant used, or the old password changed).
    expect((await step('paypass', { kind: 'password', password: u.password })).code).toBe(200);
    const changes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post(
          'user/changePayPassword',
          { oldPassword: '135790', password: '246801', confirmPassword: '246801' },
          { token: u.token },
        ),
      ),
    );
    expect(changes.filter((c) => c.code === 200)).toHaveLength(1);
    expect(
      changes
        .filter((c) => c.code !== 200)
        .every((c) => ['step_up_required', 'paypass_wrong', 'paypass_locked'].includes(c.key!)),
    ).toBe(true);
  });

  it('the login password is told on every bound channel when it changes', async () => {
    const u = await t.createUser();
    expect(
      (
        await t.post(
          'user/changePassword',
          { oldPassword: u.password, password: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' },
          { token: u.token, locale: 'ar-AE' },
        )
      ).code,
    ).toBe(200);
    const [notice] = await outbox(u.account);
    expect(notice!.subject).toBe('إشعار أمني لحسابك في CardWallet');
    expect(notice!.body).toContain('كلمة مرور تسجيل الدخول');
  });

  it('card/setPin needs a card_pin grant (the transaction password proves it too); the PIN change is told in the language of the proof', async () => {
    const { u, cardId } = await activeCard(t);
    const setPin = () =>
      t.post('card/setPin', { cardId, kind: 'pin', pin: '135790', pinConfirm: '135790' }, { token: u.token });
    expect(await setPin()).toMatchObject({ code: 403, key: 'step_up_required' });
    // A paypass grant is not a card_pin grant.
    expect(
      (
        await t.post(
          'user/stepUp',
          { purpose: 'paypass', proof: { kind: 'password', password: u.password } },
          { token: u.token },
        )
      ).code,
    ).toBe(200);
    expect(await setPin()).toMatchObject({ key: 'step_up_required' });
    await setPay(u.token);
    expect(
      (
        await t.post(
          'user/stepUp',
          { purpose: 'card_pin', proof: { kind: 'payPassword', payPassword: '135790' } },
          { token: u.token, locale: 'tr-TR' },
        )
      ).code,
    ).toBe(200);
    expect((await setPin()).code).toBe(200);
    expect((await outbox(u.account))[0]!.body).toContain('kart PIN kodu');
    // Single use.
    expect(await setPin()).toMatchObject({ key: 'step_up_required' });
  });
});
