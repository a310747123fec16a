import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { assertion, enrolPasskey, newPasskey, proofCeremony } from '../support/passkey-authenticator';
import { activeCard as activeCardOf } from '../cards/support';

/**
 * Issue 22: the card details reveal (card/detailsGrant) takes a passkey proof instead of the
 * transaction password — `{ cardId, passkey: { ceremonyId, response } }` over the customer's own
 * passkey/proofOptions ceremony, single use. Grants are counted at the sandbox issuer.
 */
describe.each(testDrivers())('card details reveal with a passkey on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const enrol = (token: string) => enrolPasskey(t, token);
  const proofOptions = (token: string) => proofCeremony(t, token);
  const grantWithPasskey = (token: string, cardId: string, ceremonyId: string, response: unknown) =>
    t.post('card/detailsGrant', { cardId, passkey: { ceremonyId, response } }, { token });
  /** Reveal grants the issuer created for this card (each row is one grant handed out). */
  const issued = async (cardId: string) =>
    Number(
      (
        await t.database.sql.query<{ n: number }>(
          `select count(*)::int as n from sandbox_issuer_reveal_grants g join cards c on c.issuer_token = g.token where c.id = $1`,
          [cardId],
        )
      )[0]!.n,
    );

  it('a passkey unlocks the reveal — no transaction password needed, not even set', async () => {
    const { u, cardId } = await activeCardOf(t);
    const key = await enrol(u.token);
    const o = await proofOptions(u.token);
    const res = await t.inject({
      method: 'POST',
      url: '/api/card/detailsGrant',
      payload: { cardId, passkey: { ceremonyId: o.ceremonyId, response: assertion(key, o.options.challenge) } },
      headers: { 'access-token': u.token },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(res.body);
    expect(body, res.body).toMatchObject({ code: 200 });
    const details = await t.post('card/details', { cardId, grant: body.data.grant }, { token: u.token });
    expect(details.data.pan).toMatch(/^\d{16}$/);
    expect(details.data.cvv).toMatch(/^\d{3}$/);
    expect(await issued(cardId)).toBe(1);
    // The password body is unchanged: without a transaction password it still asks for one.
    expect(await t.post('card/detailsGrant', { cardId, payPassword: '123456' }, { token: u.token })).toMatchObject({
      key: 'card_paypass_required',
    });
  });

  it("another customer's passkey is refused; a thief's own proof does not open the victim's card", async () => {
    const victim = await activeCardOf(t);
    await enrol(victim.u.token);
    const thief = await activeCardOf(t);
    const thiefKey = await enrol(thief.u.token);
    // The victim's ceremony answered by the thief's passkey.
    const o = await proofOptions(victim.u.token);
    expect(
      await grantWithPasskey(victim.u.token, victim.cardId, o.ceremonyId, assertion(thiefKey, o.options.challenge)),
    ).toMatchObject({ key: 'passkey_invalid' });
    // The thief's ceremony presented on the victim's session.
    const o2 = await proofOptions(thief.u.token);
    expect(
      await grantWithPasskey(victim.u.token, victim.cardId, o2.ceremonyId, assertion(thiefKey, o2.options.challenge)),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    // The thief's valid proof on the thief's session, for the victim's card: not found.
    const o3 = await proofOptions(thief.u.token);
    expect(
      (await grantWithPasskey(thief.u.token, victim.cardId, o3.ceremonyId, assertion(thiefKey, o3.options.challenge)))
        .code,
    ).toBe(404);
    expect(await issued(victim.cardId)).toBe(0);
  });

  it('a ceremony proves once: a replay, a ceremony spent on user/stepUp, or a login ceremony is refused', async () => {
    const { u, cardId } = await activeCardOf(t);
    const key = await enrol(u.token);
    const o = await proofOptions(u.token);
    const signed = assertion(key, o.options.challenge);
    expect((await grantWithPasskey(u.token, cardId, o.ceremonyId, signed)).code).toBe(200);
    expect(await grantWithPasskey(u.token, cardId, o.ceremonyId, signed)).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    const s = await proofOptions(u.token);
    const forStepUp = assertion(key, s.options.challenge);
    expect(
      (
        await t.post(
          'user/stepUp',
          { purpose: 'card_pin', proof: { kind: 'passkey', ceremonyId: s.ceremonyId, response: forStepUp } },
          { token: u.token },
        )
      ).code,
    ).toBe(200);
    expect(await grantWithPasskey(u.token, cardId, s.ceremonyId, forStepUp)).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    const login = await t.post('passkey/loginOptions', {});
    expect(
      await grantWithPasskey(u.token, cardId, login.data.ceremonyId, assertion(key, login.data.options.challenge)),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    expect(await issued(cardId)).toBe(1);
  });

  it('20 concurrent reveals with one ceremony: one grant', async () => {
    const { u, cardId } = await activeCardOf(t);
    const key = await enrol(u.token);
    const o = await proofOptions(u.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        grantWithPasskey(u.token, cardId, o.ceremonyId, assertion(key, o.options.challenge)),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.code !== 200)
        .every((a) => a.key === 'passkey_ceremony_expired' || a.key === 'passkey_invalid'),
      JSON.stringify(answers.map((a) => a.key)),
    ).toBe(true);
    expect(await issued(cardId)).toBe(1);
  });

  it('malformed or mixed proofs are translated validation errors, never a 500', async () => {
    const { u, cardId } = await activeCardOf(t);
    const bad = await t.post(
      'card/detailsGrant',
      { cardId, passkey: { ceremonyId: 'x', response: { id: 1 } } },
      { token: u.token },
    );
    expect(bad, JSON.stringify(bad)).toMatchObject({ code: 422 });
    const both = await t.post(
      'card/detailsGrant',
      {
        cardId,
        payPassword: '123456',
        passkey: { ceremonyId: 'a'.repeat(32), response: assertion(newPasskey(), 'abc') },
      },
      { token: u.token },
    );
    expect(both, JSON.stringify(both)).toMatchObject({ code: 422 });
    const neither = await t.post('card/detailsGrant', { cardId }, { token: u.token });
    expect(neither, JSON.stringify(neither)).toMatchObject({ code: 422 });
    expect(await issued(cardId)).toBe(0);
  });
});
