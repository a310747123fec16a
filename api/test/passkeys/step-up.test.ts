import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { assertion, enrolPasskey, proofCeremony } from '../support/passkey-authenticator';

/**
 * Issue 22: a passkey is a step-up proof (user/stepUp `{ kind: 'passkey', ceremonyId, response }`)
 * over a passkey/proofOptions ceremony — the customer's own, single use.
 */
describe.each(testDrivers())('passkey as the step-up proof on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const enrol = (token: string) => enrolPasskey(t, token);
  const proofOptions = (token: string) => proofCeremony(t, token);
  const stepUp = (token: string, purpose: string, ceremonyId: string, response: unknown) =>
    t.post('user/stepUp', { purpose, proof: { kind: 'passkey', ceremonyId, response } }, { token });
  const grants = async (userId: string) =>
    Number(
      (
        await t.database.sql.query<{ n: number }>(
          `select count(*)::int as n from step_up_grants where user_id = $1 and proof = 'passkey'`,
          [userId],
        )
      )[0]!.n,
    );

  it('a passkey grants paypass (then the transaction password can be set) and card_pin', async () => {
    const u = await t.createUser();
    const key = await enrol(u.token);
    expect(
      await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token }),
    ).toMatchObject({ key: 'step_up_required' });
    const o = await proofOptions(u.token);
    expect(await stepUp(u.token, 'paypass', o.ceremonyId, assertion(key, o.options.challenge))).toMatchObject({
      code: 200,
      data: { expiresInSeconds: 300 },
    });
    expect(
      (await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token })).code,
    ).toBe(200);
    const o2 = await proofOptions(u.token);
    expect((await stepUp(u.token, 'card_pin', o2.ceremonyId, assertion(key, o2.options.challenge))).code).toBe(200);
    expect(await grants(u.userId)).toBe(2);
  });

  it("another customer's passkey is refused, on their own ceremony or on the victim's", async () => {
    const victim = await t.createUser();
    await enrol(victim.token);
    const thief = await t.createUser();
    const thiefKey = await enrol(thief.token);
    // The victim's ceremony answered with the thief's passkey.
    const o = await proofOptions(victim.token);
    expect(await stepUp(victim.token, 'paypass', o.ceremonyId, assertion(thiefKey, o.options.challenge))).toMatchObject(
      { key: 'passkey_invalid' },
    );
    // The thief's ceremony presented on the victim's session: not the victim's ceremony.
    const o2 = await proofOptions(thief.token);
    expect(
      await stepUp(victim.token, 'paypass', o2.ceremonyId, assertion(thiefKey, o2.options.challenge)),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    expect(await grants(victim.userId)).toBe(0);
  });

  it('a ceremony proves once: a replay, or a login ceremony, is refused', async () => {
    const u = await t.createUser();
    const key = await enrol(u.token);
    const o = await proofOptions(u.token);
    const signed = assertion(key, o.options.challenge);
    expect((await stepUp(u.token, 'card_pin', o.ceremonyId, signed)).code).toBe(200);
    expect(await stepUp(u.token, 'card_pin', o.ceremonyId, signed)).toMatchObject({ key: 'passkey_ceremony_expired' });
    const login = await t.post('passkey/loginOptions', {});
    expect(
      await stepUp(u.token, 'card_pin', login.data.ceremonyId, assertion(key, login.data.options.challenge)),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    expect(await grants(u.userId)).toBe(1);
  });

  it('20 concurrent step-ups with one proof ceremony record one grant', async () => {
    const u = await t.createUser();
    const key = await enrol(u.token);
    const o = await proofOptions(u.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stepUp(u.token, 'card_pin', o.ceremonyId, assertion(key, o.options.challenge))),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.code !== 200)
        .every((a) => a.key === 'passkey_ceremony_expired' || a.key === 'passkey_invalid'),
    ).toBe(true);
    expect(await grants(u.userId)).toBe(1);
  });

  it('a malformed passkey proof is a translated validation error, never a 500', async () => {
    const u = await t.createUser();
    const res = await t.post(
      'user/stepUp',
      { purpose: 'paypass', proof: { kind: 'passkey', ceremonyId: 'x', response: { id: 1 } } },
      { token: u.token },
    );
    expect(res.code).toBe(422);
    expect(res, JSON.stringify(res)).toMatchObject({ code: 422 });
  });
});
