import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { assertion, enrolPasskey, newPasskey, proofCeremony } from '../support/passkey-authenticator';
import { activeCard, booksClean, ensurePayPassword, key, PAY_PASSWORD } from './support';

/**
 * Issue 22: a card withdrawal takes a fresh proof — the transaction password or a passkey proof
 * (`passkey: { ceremonyId, response }` over the customer's own passkey/proofOptions ceremony,
 * single use), the same path as card/detailsGrant. Only the request holding the idempotency key
 * checks the proof; a refused proof moves nothing and frees the key.
 */
describe.each(testDrivers())('card withdrawal with a passkey on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const withdraw = (token: string, cardId: string, proof: Record<string, unknown>, k = key(), amount = '10') =>
    t.post(
      'card/withdraw',
      { cardId, amount, currency: 'USDT', ...proof },
      { token, headers: { 'idempotency-key': k } },
    );
  const withPasskey = (ceremonyId: string, response: unknown) => ({ passkey: { ceremonyId, response } });
  /** The card's withdrawals booked (completed operations). */
  const withdrawals = async (cardId: string) =>
    Number(
      (
        await t.database.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM card_operations WHERE card_id = $1 AND kind = 'withdraw' AND status = 'completed'`,
          [cardId],
        )
      )[0]!.n,
    );

  it('a passkey proves a withdrawal — no transaction password needed, not even set; the money arrives once', async () => {
    const { u, cardId } = await activeCard(t);
    const passkey = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const k = key();
    const res = await withdraw(u.token, cardId, withPasskey(o.ceremonyId, assertion(passkey, o.options.challenge)), k);
    expect(res, JSON.stringify(res)).toMatchObject({
      code: 200,
      data: { kind: 'withdraw', amount: '10.00', walletCurrency: 'USDT' },
    });
    // The same key again is the same withdrawal (the spent ceremony is not checked again).
    const again = await withdraw(
      u.token,
      cardId,
      withPasskey(o.ceremonyId, assertion(passkey, o.options.challenge)),
      k,
    );
    expect(again.data.id).toBe(res.data.id);
    expect(await withdrawals(cardId)).toBe(1);
    // The password path is unchanged: without a transaction password it still asks for one.
    expect(await withdraw(u.token, cardId, { payPassword: PAY_PASSWORD })).toMatchObject({
      key: 'card_paypass_required',
    });
    await booksClean(t);
  });

  it("another customer's passkey or ceremony is refused and moves nothing; the key is free again", async () => {
    const victim = await activeCard(t);
    await enrolPasskey(t, victim.u.token);
    const thief = await activeCard(t);
    const thiefKey = await enrolPasskey(t, thief.u.token);
    const k = key();
    // The victim's ceremony answered by the thief's passkey.
    const o = await proofCeremony(t, victim.u.token);
    expect(
      await withdraw(
        victim.u.token,
        victim.cardId,
        withPasskey(o.ceremonyId, assertion(thiefKey, o.options.challenge)),
        k,
      ),
    ).toMatchObject({ key: 'passkey_invalid' });
    // The thief's ceremony presented on the victim's session.
    const o2 = await proofCeremony(t, thief.u.token);
    expect(
      await withdraw(
        victim.u.token,
        victim.cardId,
        withPasskey(o2.ceremonyId, assertion(thiefKey, o2.options.challenge)),
        k,
      ),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    // The thief's valid proof on the thief's session, for the victim's card: not found.
    const o3 = await proofCeremony(t, thief.u.token);
    expect(
      (
        await withdraw(
          thief.u.token,
          victim.cardId,
          withPasskey(o3.ceremonyId, assertion(thiefKey, o3.options.challenge)),
        )
      ).code,
    ).toBe(404);
    expect(await withdrawals(victim.cardId)).toBe(0);
    // A refusal stored nothing: the same key with the transaction password is evaluated afresh.
    await ensurePayPassword(t, victim.u.token);
    expect((await withdraw(victim.u.token, victim.cardId, { payPassword: PAY_PASSWORD }, k)).code).toBe(200);
    expect(await withdrawals(victim.cardId)).toBe(1);
    await booksClean(t);
  });

  it('a ceremony proves once: a second withdrawal or a ceremony spent on user/stepUp is refused', async () => {
    const { u, cardId } = await activeCard(t);
    const passkey = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const signed = assertion(passkey, o.options.challenge);
    expect((await withdraw(u.token, cardId, withPasskey(o.ceremonyId, signed))).code).toBe(200);
    expect(await withdraw(u.token, cardId, withPasskey(o.ceremonyId, signed))).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    const s = await proofCeremony(t, u.token);
    const forStepUp = assertion(passkey, s.options.challenge);
    expect(
      (
        await t.post(
          'user/stepUp',
          { purpose: 'card_pin', proof: { kind: 'passkey', ceremonyId: s.ceremonyId, response: forStepUp } },
          { token: u.token },
        )
      ).code,
    ).toBe(200);
    expect(await withdraw(u.token, cardId, withPasskey(s.ceremonyId, forStepUp))).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    expect(await withdrawals(cardId)).toBe(1);
  });

  it('20 concurrent withdrawals (different keys) with one ceremony: one withdrawal', async () => {
    const { u, cardId } = await activeCard(t);
    const passkey = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(u.token, cardId, withPasskey(o.ceremonyId, assertion(passkey, o.options.challenge)), key(), '10'),
      ),
    );
    expect(
      answers.filter((a) => a.code === 200),
      JSON.stringify(answers.map((a) => a.key)),
    ).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.code !== 200)
        .every((a) => a.key === 'passkey_ceremony_expired' || a.key === 'passkey_invalid'),
      JSON.stringify(answers.map((a) => a.key)),
    ).toBe(true);
    expect(await withdrawals(cardId)).toBe(1);
    await booksClean(t);
  });

  it('malformed, mixed or missing proofs are translated validation errors, never a 500, and move nothing', async () => {
    const { u, cardId } = await activeCard(t);
    const bad = await withdraw(u.token, cardId, { passkey: { ceremonyId: 'x', response: { id: 1 } } });
    expect(bad, JSON.stringify(bad)).toMatchObject({ code: 422 });
    const both = await withdraw(u.token, cardId, {
      payPassword: PAY_PASSWORD,
      passkey: { ceremonyId: 'a'.repeat(32), response: assertion(newPasskey(), 'abc') },
    });
    expect(both, JSON.stringify(both)).toMatchObject({ code: 422 });
    const neither = await withdraw(u.token, cardId, {});
    expect(neither, JSON.stringify(neither)).toMatchObject({ code: 422 });
    expect(await withdrawals(cardId)).toBe(0);
  });
});
