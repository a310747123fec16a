import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, calls, customer, fundCard, key, PAY_PASSWORD, postingCount } from './support';

/**
 * Card money back to the wallet (spec §4, §6; docs/cards.md "Money back to the wallet"): card
 * withdrawal and the close refund credit the wallet in the chosen currency — 1:1 as USD or as the
 * coin the money came in with (USDT here; another coin pays the spread: funding-lots.test.ts), and the
 * card-funding balance moves back to the wallet — each behind the transaction password where it
 * is a withdrawal, idempotent on the client's key, on the customer's own cards only.
 */
for (const driver of testDrivers()) {
  describe(`card money back to the wallet (${driver})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    async function activeCard(fund = '300', first = '100') {
      const u = await customer(t);
      await fundCard(t, u.token, fund);
      const c = calls(t, u.token);
      const applied = await c.apply({ productId: 'virtual-visa-standard' });
      expect(applied.code, applied.msg).toBe(200);
      expect((await c.activate(applied.data.id, first)).code).toBe(200);
      return { u, c, cardId: applied.data.id as string };
    }
    const postingsOf = async (userId: string, type: string) =>
      (
        await t.database.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ledger_postings WHERE user_id = $1 AND type = $2`,
          [userId, type],
        )
      )[0]!.n;

    it('a card withdrawal lands in the chosen wallet currency 1:1 (fee on the card); 50 identical requests post once', async () => {
      const { u, c, cardId } = await activeCard();
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => c.withdraw(cardId, '40', k, { currency: 'USDT' })),
      );
      const ok = results.filter((r) => r.code === 200);
      expect(ok.length).toBeGreaterThan(0);
      for (const r of results) if (r.code !== 200) expect(r.key).toBe('idempotency_key_in_flight');
      expect(new Set(ok.map((r) => r.data.id)).size).toBe(1);
      expect(ok[0]!.data).toMatchObject({
        kind: 'withdraw',
        amount: '40.00',
        fee: '5.00',
        walletCurrency: 'USDT',
        card: { balance: '55.00' },
      });
      expect(await postingsOf(u.userId, 'card_withdraw')).toBe(1);
      // 300 USDT deposited, all moved to card funding: the wallet had 0 USDT, now exactly the 40.
      expect(await c.wallet('USDT')).toBe('40');
      expect(await c.funding()).toBe('190.00');
      // The same key with another payload is refused, nothing moves.
      expect(await c.withdraw(cardId, '41', k, { currency: 'USDT' })).toMatchObject({
        code: 409,
        key: 'idempotency_key_mismatch',
      });
      await booksClean(t);
    });

    it('the transaction password is required: a wrong one is refused and counted, nothing moves; none set sends to set one', async () => {
      const { u, c, cardId } = await activeCard();
      await c.withdraw(cardId, '10', key()); // sets the password on first use
      const before = await postingCount(t);
      const wrong = await c.withdraw(cardId, '20', key(), { payPassword: '000000' });
      expect(wrong).toMatchObject({ key: 'paypass_wrong' });
      expect(await c.fundingBack('10', 'USD', key(), '000000')).toMatchObject({ key: 'paypass_wrong' });
      expect(await postingCount(t)).toBe(before);
      const [row] = await t.database.sql.query<{ failed_attempts: number }>(
        `SELECT failed_attempts FROM wallet_pay_passwords WHERE user_id = $1`,
        [u.userId],
      );
      expect(row!.failed_attempts).toBe(2);
      // A customer who never set one is told to, with the page that does it.
      const fresh = await activeCard();
      const res = await t.post(
        'card/withdraw',
        { cardId: fresh.cardId, amount: '20', currency: 'USD', payPassword: PAY_PASSWORD },
        { token: fresh.u.token, headers: { 'idempotency-key': key() } },
      );
      expect(res).toMatchObject({ key: 'card_paypass_required', data: { fix: '/pages/user/paypass' } });
    });

    it('another customer’s card is refused for withdrawal and close; nothing moves', async () => {
      const { cardId } = await activeCard();
      const other = await customer(t);
      await fundCard(t, other.token, '50');
      const o = calls(t, other.token);
      const before = await postingCount(t);
      expect(await o.withdraw(cardId, '20')).toMatchObject({ code: 404 });
      expect(
        await t.post(
          'card/close',
          { cardId, currency: 'USDT' },
          { token: other.token, headers: { 'idempotency-key': key() } },
        ),
      ).toMatchObject({ code: 404 });
      expect(await postingCount(t)).toBe(before);
    });

    it('closing refunds the card balance to the wallet in the chosen currency', async () => {
      const { u, c, cardId } = await activeCard('300', '100');
      const closed = await t.post(
        'card/close',
        { cardId, currency: 'USDT' },
        { token: u.token, headers: { 'idempotency-key': `close-${cardId}` } },
      );
      expect(closed.data, closed.msg).toMatchObject({ status: 'closed', balance: '0.00' });
      expect(await c.wallet('USDT')).toBe('100');
      expect(await c.funding()).toBe('190.00');
      expect(await postingsOf(u.userId, 'card_close')).toBe(1);
      await booksClean(t);
    });

    it('the card-funding balance moves back to the wallet: 50 identical requests post once; over the balance is refused', async () => {
      const u = await customer(t);
      await fundCard(t, u.token, '120');
      const c = calls(t, u.token);
      const k = key();
      await c.fundingBack('0.01', 'USD'); // sets the transaction password first
      const results = await Promise.all(Array.from({ length: 50 }, () => c.fundingBack('70.5', 'USDT', k)));
      const ok = results.filter((r) => r.code === 200);
      expect(ok.length).toBeGreaterThan(0);
      for (const r of results) if (r.code !== 200) expect(r.key).toBe('idempotency_key_in_flight');
      expect(new Set(ok.map((r) => r.data.id)).size).toBe(1);
      expect(ok[0]!.data).toMatchObject({ currency: 'USDT', amount: '70.50', fee: '0.00', received: '70.5' });
      // Only the request holding the key proved the password: the duplicates counted no wrong tries.
      expect(
        (
          await t.database.sql.query<{ n: number }>(
            `SELECT failed_attempts AS n FROM wallet_pay_passwords WHERE user_id = $1`,
            [u.userId],
          )
        )[0]!.n,
      ).toBe(0);
      expect((await c.fundingBack('70.5', 'USDT', k)).data.id).toBe(ok[0]!.data.id);
      expect(await postingsOf(u.userId, 'transfer_from_card')).toBe(2); // the 0.01 and the 70.50
      expect(await c.wallet('USDT')).toBe('70.5');
      expect(await c.wallet('USD')).toBe('0.01');
      expect(await c.funding()).toBe('49.49');
      expect(await c.fundingBack('70.5', 'USD', k)).toMatchObject({ code: 409, key: 'idempotency_key_mismatch' });
      expect(await c.fundingBack('49.50', 'USD')).toMatchObject({
        key: 'card_funding_insufficient',
        msg: expect.stringContaining('49.49'),
      });
      // 50 different keys racing for more than the balance: the balance never goes below zero.
      const race = await Promise.all(Array.from({ length: 50 }, () => c.fundingBack('10', 'USD')));
      expect(race.filter((r) => r.code === 200).length).toBe(4);
      for (const r of race)
        if (r.code !== 200) expect(['card_funding_insufficient', 'paypass_locked']).toContain(r.key);
      expect(await c.wallet('USD')).toBe('40.01');
      expect(await c.funding()).toBe('9.49');
      await booksClean(t);
    });

    it('the route bodies are in the OpenAPI document and refuse bad input with a clear error', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, { post?: { requestBody?: unknown } }>;
      };
      expect(doc.paths['/api/card/funding/withdrawToWallet']?.post?.requestBody).toBeDefined();
      const u = await customer(t);
      const bad = await t.post(
        'card/funding/withdrawToWallet',
        { amount: '-1', currency: 'EUR', payPassword: '12' },
        { token: u.token, headers: { 'idempotency-key': key() } },
      );
      expect(bad.code).toBe(422);
      expect(Object.keys(bad.data.fields).sort()).toEqual(['amount', 'currency', 'payPassword']);
    });
  });
}
