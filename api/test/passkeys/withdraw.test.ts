import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { assertion, enrolPasskey, newPasskey, proofCeremony } from '../support/passkey-authenticator';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * Issue 22: a crypto withdrawal (wallet/withdraw) takes a passkey proof instead of the transaction
 * password — `{ …, passkey: { ceremonyId, response } }` over the customer's own passkey/proofOptions
 * ceremony, single use. Withdrawals are counted in wallet_withdrawals.
 */
describe.each(testDrivers())('crypto withdrawal with a passkey on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '10000', IP_SEND_CODE_MAX: '10000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function funded(amount: string) {
    const u = await t.createUser({ kycLevel: 1 });
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    expect(addr.code).toBe(200);
    expect(
      (await t.post('dev/chain/deposit', { address: addr.data.address, currency: 'USDT', network: 'TRC20', amount }))
        .code,
    ).toBe(200);
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
    return u;
  }
  const order = { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount: '20' };
  const withdraw = (token: string, passkey: unknown, key = randomUUID(), body: object = order) =>
    t.post('wallet/withdraw', { ...body, passkey }, { token, headers: { 'idempotency-key': key } });
  const count = async (userId: string | number) =>
    Number(
      (
        await t.database.sql.query<{ n: number }>(
          `select count(*)::int as n from wallet_withdrawals where user_id = $1`,
          [String(userId)],
        )
      )[0]!.n,
    );
  const usdt = async (token: string) =>
    (await t.get('wallet/balances', {}, { token })).data.balances.find(
      (b: { currency: string }) => b.currency === 'USDT',
    ) as { available: string; held: string };

  it('a passkey authorises the withdrawal — no transaction password needed, not even set', async () => {
    const u = await funded('100');
    const key = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const w = await withdraw(u.token, { ceremonyId: o.ceremonyId, response: assertion(key, o.options.challenge) });
    expect(w, JSON.stringify(w)).toMatchObject({ code: 200, data: { status: 'pending', total: '21' } });
    expect(await usdt(u.token)).toMatchObject({ available: '79', held: '21' });
    // The password body is unchanged: without a transaction password it still asks for one.
    expect(
      (
        await t.post(
          'wallet/withdraw',
          { ...order, payPassword: '135790' },
          { token: u.token, headers: { 'idempotency-key': randomUUID() } },
        )
      ).key,
    ).toBe('paypass_not_set');
  });

  it('a used ceremony is refused (replayed under a new key, or spent on user/stepUp); a retry of the same request answers the original', async () => {
    const u = await funded('100');
    const key = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const proof = { ceremonyId: o.ceremonyId, response: assertion(key, o.options.challenge) };
    const idem = randomUUID();
    const first = await withdraw(u.token, proof, idem);
    expect(first.code).toBe(200);
    // Same Idempotency-Key, same body: the original answer, not a second withdrawal.
    const retry = await withdraw(u.token, proof, idem);
    expect(retry.data).toEqual(first.data);
    // Same key, another body: 409, nothing moves.
    expect(await withdraw(u.token, proof, idem, { ...order, amount: '30' })).toMatchObject({
      code: 409,
      key: 'idempotency_key_mismatch',
    });
    // The spent ceremony under a new key: refused.
    expect(await withdraw(u.token, proof, randomUUID())).toMatchObject({ key: 'passkey_ceremony_expired' });
    // A ceremony spent on another step-up cannot be reused for money.
    const s = await proofCeremony(t, u.token);
    const forStepUp = assertion(key, s.options.challenge);
    expect(
      (
        await t.post(
          'user/stepUp',
          { purpose: 'paypass', proof: { kind: 'passkey', ceremonyId: s.ceremonyId, response: forStepUp } },
          { token: u.token },
        )
      ).code,
    ).toBe(200);
    expect(await withdraw(u.token, { ceremonyId: s.ceremonyId, response: forStepUp })).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    // A sign-in ceremony is not a proof.
    const login = await t.post('passkey/loginOptions', {});
    expect(
      await withdraw(u.token, {
        ceremonyId: login.data.ceremonyId,
        response: assertion(key, login.data.options.challenge),
      }),
    ).toMatchObject({ key: 'passkey_ceremony_expired' });
    expect(await count(u.id)).toBe(1);
    expect(await usdt(u.token)).toMatchObject({ available: '79', held: '21' });
  });

  it("another customer's proof is refused: their passkey on the victim's ceremony, their ceremony on the victim's session", async () => {
    const victim = await funded('100');
    await enrolPasskey(t, victim.token);
    const thief = await funded('100');
    const thiefKey = await enrolPasskey(t, thief.token);
    const o = await proofCeremony(t, victim.token);
    expect(
      await withdraw(victim.token, { ceremonyId: o.ceremonyId, response: assertion(thiefKey, o.options.challenge) }),
    ).toMatchObject({ key: 'passkey_invalid' });
    const o2 = await proofCeremony(t, thief.token);
    expect(
      await withdraw(victim.token, { ceremonyId: o2.ceremonyId, response: assertion(thiefKey, o2.options.challenge) }),
    ).toMatchObject({
      key: 'passkey_ceremony_expired',
    });
    // An unknown software key (never registered) on the victim's own ceremony.
    const o3 = await proofCeremony(t, victim.token);
    expect(
      (
        await withdraw(victim.token, {
          ceremonyId: o3.ceremonyId,
          response: assertion(newPasskey(), o3.options.challenge),
        })
      ).code,
    ).not.toBe(200);
    expect(await count(victim.id)).toBe(0);
    expect(await usdt(victim.token)).toMatchObject({ available: '100', held: '0' });
  });

  it('20 concurrent withdrawals with one ceremony (different keys): one withdrawal', async () => {
    const u = await funded('100');
    const key = await enrolPasskey(t, u.token);
    const o = await proofCeremony(t, u.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(u.token, { ceremonyId: o.ceremonyId, response: assertion(key, o.options.challenge) }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.code !== 200)
        .every((a) => a.key === 'passkey_ceremony_expired' || a.key === 'passkey_invalid'),
      JSON.stringify(answers.map((a) => a.key)),
    ).toBe(true);
    expect(await count(u.id)).toBe(1);
    expect(await usdt(u.token)).toMatchObject({ available: '79', held: '21' });
  });

  it('malformed, mixed or missing proofs are translated validation errors, never a 500', async () => {
    const u = await funded('100');
    const bad = await withdraw(u.token, { ceremonyId: 'x', response: { id: 1 } });
    expect(bad, JSON.stringify(bad)).toMatchObject({ code: 422 });
    const both = await t.post(
      'wallet/withdraw',
      {
        ...order,
        payPassword: '123456',
        passkey: { ceremonyId: 'a'.repeat(32), response: assertion(newPasskey(), 'abc') },
      },
      { token: u.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(both, JSON.stringify(both)).toMatchObject({ code: 422 });
    const neither = await t.post('wallet/withdraw', order, {
      token: u.token,
      headers: { 'idempotency-key': randomUUID(), 'accept-language': 'tr-TR' },
    });
    expect(neither, JSON.stringify(neither)).toMatchObject({ code: 422 });
    expect(await count(u.id)).toBe(0);
  });
});
