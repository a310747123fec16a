import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { activeCard, booksClean, key } from './support';

for (const driver of testDrivers()) {
  describe(`replacing a compromised card (${driver})`, { timeout: 120_000 }, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, { SANDBOX_CARD_WEBHOOK_RETRY_MS: '200' });
    });
    afterAll(async () => t?.close());

    const replace = (token: string, cardId: string, k = key()) =>
      t.post('card/replace', { cardId }, { token, headers: { 'idempotency-key': k } });
    const detail = async (token: string, cardId: string) => (await t.get('card/detail', { cardId }, { token })).data;

    /** An active card with a completed purchase and a fraud dispute on it (under review). */
    async function cardWithFraudDispute() {
      const c = await activeCard(t, 'virtual-visa-standard', '300', '100');
      const buy = await t.post('dev/cards/purchase', { cardId: c.cardId, amount: '20.00', merchant: 'Unknown Shop' });
      await t.post('dev/cards/transaction', { transactionId: buy.data.transactionId, action: 'clear' });
      const orders = (await t.get('card/orders', { cardId: c.cardId }, { token: c.u.token })).data.data as Array<{
        id: string;
        status: string;
      }>;
      const order = orders.find((o) => o.status === 'completed')!;
      const filed = await t.post(
        'card/dispute/create',
        { orderId: order.id, reason: 'fraud', freezeCard: true },
        { token: c.u.token, headers: { 'idempotency-key': key() } },
      );
      expect(filed.code, filed.msg).toBe(200);
      await t.post('dev/cards/disputes/advance', { disputeId: filed.data.id });
      return { ...c, disputeId: filed.data.id as string };
    }

    it('a new card with a new number: balance moved in one posting, old card closed, controls and the open dispute follow; replays answer the same card', async () => {
      const c = await cardWithFraudDispute();
      // Spending controls on the old card carry over.
      const set = await t.post('card/controls', { cardId: c.cardId, online: false }, { token: c.u.token });
      expect(set.code, set.msg).toBe(200);
      const before = await detail(c.u.token, c.cardId);
      expect(before.status).toBe('frozen');
      const k = key();
      const res = await replace(c.u.token, c.cardId, k);
      expect(res.code, res.msg).toBe(200);
      const fresh = res.data as { id: string; status: string; last4: string; balance: string; replacesCardId: string };
      expect(fresh).toMatchObject({ status: 'active', replacesCardId: c.cardId, balance: before.balance });
      expect(fresh.id).not.toBe(c.cardId);
      expect(fresh.last4).toMatch(/^\d{4}$/);
      const old = await detail(c.u.token, c.cardId);
      expect(old).toMatchObject({ status: 'closed', balance: '0.00' });
      // The ledger: one posting, old −B, new +B.
      const postings = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_postings WHERE ref = $1 AND type = 'card_replace'`,
        [`card_replace:${fresh.id}`],
      );
      expect(postings[0]!.n).toBe(1);
      // Replays: the same card, marked; another key → already replaced.
      const again = await replace(c.u.token, c.cardId, k);
      expect(again.code).toBe(200);
      expect(again.data.id).toBe(fresh.id);
      const other = await replace(c.u.token, c.cardId);
      expect(other).toMatchObject({ code: 409, key: 'card_already_replaced' });
      // Controls carried over.
      const controls = (await t.get('card/controls', { cardId: fresh.id }, { token: c.u.token })).data;
      expect(controls.online).toBe(false);
      // The dispute moved with the card: its provisional credit lands on the new one.
      const moved = (await t.get('card/dispute/detail', { id: c.disputeId }, { token: c.u.token })).data;
      expect(moved.cardId).toBe(fresh.id);
      await t.post('dev/cards/disputes/advance', { disputeId: c.disputeId });
      expect((await t.get('card/dispute/detail', { id: c.disputeId }, { token: c.u.token })).data.status).toBe(
        'provisional_credit',
      );
      expect(Number((await detail(c.u.token, fresh.id)).balance)).toBeCloseTo(Number(before.balance) + 20, 6);
      // The old card declines what comes (closed at the issuer); purchases on the new card work.
      const oldBuy = await t.post('dev/cards/purchase', { cardId: c.cardId, amount: '1.00' });
      expect(oldBuy.data?.approved ?? false).toBe(false);
      const newBuy = await t.post('dev/cards/purchase', { cardId: fresh.id, amount: '1.00' });
      expect(newBuy.data.approved, JSON.stringify(newBuy)).toBe(true);
      await booksClean(t);
    });

    it('20 concurrent replacements of one card (distinct keys) make one new card; 50 identical ones (one key) answer that one card; books clean', async () => {
      const c = await activeCard(t, 'virtual-visa-standard', '300', '100');
      const all = await Promise.all(Array.from({ length: 20 }, () => replace(c.u.token, c.cardId)));
      const ok = all.filter((r) => r.code === 200);
      expect(ok.length).toBe(1);
      expect(
        all
          .filter((r) => r.code !== 200)
          .every((r) => r.key === 'card_already_replaced' || r.key === 'idempotency_key_in_flight'),
      ).toBe(true);
      const [{ n }] = (await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cards WHERE replaces_card_id = $1`,
        [c.cardId],
      )) as [{ n: number }];
      expect(n).toBe(1);
      expect((await detail(c.u.token, ok[0]!.data.id)).balance).toBe('100.00');
      // 50 identical requests (one key: a double tap, retries): one new card, every success is that card.
      const d = await activeCard(t, 'virtual-visa-standard', '300', '100');
      const k = key();
      const same = await Promise.all(Array.from({ length: 50 }, () => replace(d.u.token, d.cardId, k)));
      const answered = same.filter((r) => r.code === 200);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      expect(new Set(answered.map((r) => r.data.id)).size).toBe(1);
      expect(same.filter((r) => r.code !== 200).every((r) => r.key === 'idempotency_key_in_flight')).toBe(true);
      const [{ m }] = (await t.database.sql.query<{ m: number }>(
        `SELECT count(*)::int AS m FROM cards WHERE replaces_card_id = $1`,
        [d.cardId],
      )) as [{ m: number }];
      expect(m).toBe(1);
      await booksClean(t);
    });

    it("another customer's card does not exist; a held pre-authorisation refuses; a replaced or closed card cannot be replaced again", async () => {
      const a = await activeCard(t, 'virtual-visa-standard', '300', '100');
      const b = await activeCard(t, 'virtual-visa-standard', '300', '100');
      expect(await replace(b.u.token, a.cardId)).toMatchObject({ key: 'not_found' });
      const held = await t.post('dev/cards/purchase', { cardId: a.cardId, amount: '5.00' });
      expect(held.data.approved, JSON.stringify(held)).toBe(true);
      expect(await replace(a.u.token, a.cardId)).toMatchObject({ key: 'card_replace_pending_transactions' });
      await t.post('dev/cards/transaction', { transactionId: held.data.transactionId, action: 'void' });
      expect((await replace(a.u.token, a.cardId)).code).toBe(200);
      expect(await replace(a.u.token, a.cardId)).toMatchObject({ key: 'card_already_replaced' });
      // A card closed by its owner is not replaced (apply for a new one).
      const closed = await activeCard(t, 'virtual-visa-standard', '300', '100');
      const close = await t.post(
        'card/close',
        { cardId: closed.cardId },
        { token: closed.u.token, headers: { 'idempotency-key': key() } },
      );
      expect(close.code, close.msg).toBe(200);
      expect(await replace(closed.u.token, closed.cardId)).toMatchObject({ key: 'card_not_active' });
      await booksClean(t);
    });

    it('a replacement left half-way (the issuer reissued, our transaction never ran) is finished by the recovery job, once', async () => {
      const c = await activeCard(t, 'virtual-visa-standard', '300', '100');
      // The state a crash leaves: our row `applying` with its link, an hour old.
      await t.database.sql.query(
        `INSERT INTO cards (id, user_id, product_id, type, brand, tier, status, application_fee, idempotency_key, request_hash, replaces_card_id, created_at)
         SELECT 'crash-' || id, user_id, product_id, type, brand, tier, 'applying', 0, 'crash-key', 'h', id, now() - interval '1 hour' FROM cards WHERE id = $1`,
        [c.cardId],
      );
      expect(await t.app.jobs.tick('cards.recover-pending')).toBe(true);
      expect(await t.app.jobs.tick('cards.recover-pending')).toBe(true);
      const fresh = await detail(c.u.token, `crash-${c.cardId}`);
      expect(fresh).toMatchObject({ status: 'active', balance: '100.00' });
      expect((await detail(c.u.token, c.cardId)).status).toBe('closed');
      await booksClean(t);
    });
  });
}
