import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { assertion, enrolPasskey, newPasskey, proofCeremony } from '../support/passkey-authenticator';

/**
 * Issue 22: binding a first e-mail or mobile needs a fresh proof (user/verifyIdentity's ticket);
 * a passkey is one — `{ method: 'passkey', channel, ceremonyId, response }` over the customer's own
 * passkey/proofOptions ceremony, single use. The channels bound before are told.
 */
describe.each(testDrivers())('binding a first channel with a passkey on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });
  const newMobile = () => `+90532${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const bindCode = async (account: string, token: string) => {
    t.clock.advance(61_000);
    expect((await t.post('user/sendCode', { account, purpose: 'bind' }, { token })).code).toBe(200);
    return (await t.lastCode(account))!;
  };
  const verify = (token: string, ceremonyId: string, response: unknown) =>
    t.post('user/verifyIdentity', { method: 'passkey', channel: 'mobile', ceremonyId, response }, { token });

  it('a passkey proves it is you: the ticket binds a first mobile, and the e-mail bound before is told', async () => {
    const u = await t.createUser();
    const key = await enrolPasskey(t, u.token);
    const mobile = newMobile();
    const code = await bindCode(mobile, u.token);
    expect(
      await t.post('user/sumbitBind', { type: 'mobile', account: mobile, code }, { token: u.token }),
    ).toMatchObject({ key: 'reauth_required' });
    const o = await proofCeremony(t, u.token);
    const proof = await verify(u.token, o.ceremonyId, assertion(key, o.options.challenge));
    expect(proof, JSON.stringify(proof)).toMatchObject({ code: 200, data: { expiresInSeconds: 600 } });
    const bound = await t.post(
      'user/sumbitBind',
      { type: 'mobile', account: mobile, code, ticket: proof.data.ticket },
      { token: u.token },
    );
    expect(bound, JSON.stringify(bound)).toMatchObject({ code: 200 });
    expect((await t.get('user/info', {}, { token: u.token })).data.mobile).toBe(mobile);
    const notices = (await t.get('dev/outbox', { to: u.account, limit: '3' })).data.messages as { body: string }[];
    expect(notices[0]!.body).toMatch(/mobile/i);
  });

  it("a replayed ceremony, a login ceremony, another customer's passkey or an unknown key give no ticket", async () => {
    const victim = await t.createUser();
    const key = await enrolPasskey(t, victim.token);
    const thief = await t.createUser();
    const thiefKey = await enrolPasskey(t, thief.token);
    const o = await proofCeremony(t, victim.token);
    const signed = assertion(key, o.options.challenge);
    expect((await verify(victim.token, o.ceremonyId, signed)).code).toBe(200);
    expect(await verify(victim.token, o.ceremonyId, signed)).toMatchObject({ key: 'passkey_ceremony_expired' });
    const login = await t.post('passkey/loginOptions', {});
    expect(
      await verify(victim.token, login.data.ceremonyId, assertion(key, login.data.options.challenge)),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    const o2 = await proofCeremony(t, victim.token);
    expect(await verify(victim.token, o2.ceremonyId, assertion(thiefKey, o2.options.challenge))).toMatchObject({
      key: 'passkey_invalid',
    });
    const o3 = await proofCeremony(t, thief.token);
    expect(await verify(victim.token, o3.ceremonyId, assertion(thiefKey, o3.options.challenge))).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    const o4 = await proofCeremony(t, victim.token);
    expect((await verify(victim.token, o4.ceremonyId, assertion(newPasskey(), o4.options.challenge))).code).not.toBe(
      200,
    );
    // Only the first (valid) proof produced a ticket.
    const [row] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from rebind_tickets where user_id = $1`,
      [victim.id],
    );
    expect(row!.n).toBe(1);
  });

  it('20 concurrent proofs with one ceremony: one ticket; malformed proofs are validation errors', async () => {
    const u = await t.createUser();
    const key = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verify(u.token, o.ceremonyId, assertion(key, o.options.challenge))),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const [row] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from rebind_tickets where user_id = $1`,
      [u.id],
    );
    expect(row!.n).toBe(1);
    expect(
      (
        await t.post(
          'user/verifyIdentity',
          { method: 'passkey', channel: 'mobile', ceremonyId: 'x', response: { id: 1 } },
          { token: u.token },
        )
      ).code,
    ).toBe(422);
    expect(
      (
        await t.post(
          'user/verifyIdentity',
          { method: 'passkey', channel: 'fax', ceremonyId: o.ceremonyId, response: {} },
          { token: u.token },
        )
      ).code,
    ).toBe(422);
  });
});
