import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { SANDBOX_WEBHOOK_SECRET, signWebhook } from '../../src/providers/card-issuer/webhook';
import { activeCard as activeCardOf, booksClean } from './support';

/** 'YYYY-MM' of the month `offset` months after `now` (UTC). */
function monthAfter(now: Date, offset: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toISOString().slice(0, 7);
}

for (const driver of testDrivers()) {
  describe(`card monthly fee (${driver})`, { timeout: 90_000 }, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    const activeCard = (productId: string, fund: string, first: string) => activeCardOf(t, productId, fund, first);
    const runFees = async (month?: string) => {
      const res = await t.post('dev/cards/monthlyFees', month ? { month } : {});
      expect(res.code, res.msg).toBe(200);
      return res.data as { period: string; owed: number; charged: number; waived: number };
    };
    const feeOrders = async (token: string, cardId: string) =>
      (
        (await t.get('card/orders', { cardId }, { token })).data.data as Array<{
          type: string;
          feePeriod: string | null;
          status: string;
          settlementAmount: string;
          fee: string;
        }>
      ).filter((o) => o.type === 'fee');

    it('the month of issue is free; from the next month the product fee is taken once per month as a completed fee order, posted card → card fees, with a message', async () => {
      const { u, c, cardId } = await activeCard('virtual-visa-standard', '200', '100');
      const now = t.clock.now();
      expect((await c.card(cardId)).balance).toBe('100.00');

      // This month: issued this month → nothing owed.
      expect((await runFees()).period).toBe(monthAfter(now, 0));
      expect(await feeOrders(u.token, cardId)).toEqual([]);

      const next = monthAfter(now, 1);
      await runFees(next);
      let fees = await feeOrders(u.token, cardId);
      expect(fees).toEqual([
        expect.objectContaining({
          type: 'fee',
          status: 'completed',
          feePeriod: next,
          settlementAmount: '1.00',
          fee: '0.00',
        }),
      ]);
      expect((await c.card(cardId)).balance).toBe('99.00');

      // Run again for the same month (another process, a restart): nothing more is taken.
      await runFees(next);
      expect(await feeOrders(u.token, cardId)).toHaveLength(1);
      // The month after: its own fee.
      await runFees(monthAfter(now, 2));
      fees = await feeOrders(u.token, cardId);
      expect(fees.map((f) => f.feePeriod).sort()).toEqual([next, monthAfter(now, 2)]);
      expect((await c.card(cardId)).balance).toBe('98.00');

      const [posting] = await t.database.sql.query<{ n: number; total: string }>(
        `SELECT count(*)::int AS n, coalesce(sum(e.amount), 0)::text AS total FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE p.type = 'card_monthly_fee' AND p.user_id = $1 AND a.key = 'system:card_fees:USD'`,
        [u.userId],
      );
      expect(posting).toMatchObject({ n: 2 });
      expect(Number(posting!.total)).toBe(2);

      await t.app.events.drainAll();
      const messages = await t.get('notifications/messages', {}, { token: u.token });
      expect(messages.data.data.filter((m: { title: string }) => m.title === 'Monthly card fee')).toHaveLength(2);
      const zh = await t.get('notifications/messages', {}, { token: u.token, locale: 'zh-HK' });
      // The month in the reader's words, the amount formatted for the locale (values isolated for bidi).
      const monthZh = new Intl.DateTimeFormat('zh-HK', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${next}-01T00:00:00Z`),
      );
      expect(zh.data.data.map((m: { body: string }) => m.body)).toContain(
        `你的卡 •••• \u2068${(await c.card(cardId)).last4}\u2069 已扣除 \u2068${monthZh}\u2069 的月費 \u20681\u2069 USD。`,
      );
      await booksClean(t);
    });

    it('the sandbox run for one card leaves every other card alone', async () => {
      const a = await activeCard('virtual-visa-standard', '100', '50');
      const b = await activeCard('virtual-visa-standard', '100', '50');
      const month = monthAfter(t.clock.now(), 1);
      const run = await t.post('dev/cards/monthlyFees', { cardId: a.cardId, month });
      expect(run.data).toMatchObject({ period: month, charged: 1 });
      expect(await feeOrders(a.u.token, a.cardId)).toHaveLength(1);
      expect(await feeOrders(b.u.token, b.cardId)).toEqual([]);
      expect((await t.post('dev/cards/monthlyFees', { cardId: 'no-such-card', month })).code).toBe(404);
      expect((await t.post('dev/cards/monthlyFees', { month: '2026-13' })).code).toBe(422);
    });

    it('a product without a monthly fee is never charged', async () => {
      const { u, cardId } = await activeCard('virtual-visa-discount', '100', '50');
      await runFees(monthAfter(t.clock.now(), 1));
      expect(await feeOrders(u.token, cardId)).toEqual([]);
      const [due] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sandbox_issuer_fee_dues d JOIN cards c ON c.issuer_token = d.token WHERE c.id = $1`,
        [cardId],
      );
      expect(due!.n).toBe(0);
    });

    it('a balance too low owes the fee; the next top-up lets the following run take it; a card closed while owing has it waived', async () => {
      // Premium virtual: 2 USD a month. Withdraw down to the 1 USD the card must keep.
      const { u, c, cardId } = await activeCard('virtual-visa-premium', '200', '50');
      const out = await c.withdraw(cardId, '44');
      expect(out.code, out.msg).toBe(200);
      expect((await c.card(cardId)).balance).toBe('1.00');
      const next = monthAfter(t.clock.now(), 1);
      await runFees(next);
      expect(await feeOrders(u.token, cardId)).toEqual([]);
      expect((await c.card(cardId)).balance).toBe('1.00');

      const top = await c.topUp(cardId, '10');
      expect(top.code, top.msg).toBe(200);
      const balanceAfterTopUp = (await c.card(cardId)).balance as string;
      await runFees(next);
      expect(await feeOrders(u.token, cardId)).toEqual([
        expect.objectContaining({ feePeriod: next, settlementAmount: '2.00' }),
      ]);
      expect(Number((await c.card(cardId)).balance)).toBe(Number(balanceAfterTopUp) - 2);
      await booksClean(t);

      // A second premium card owing its fee, then closed: the fee is waived, not taken.
      const second = await activeCard('virtual-visa-premium', '200', '50');
      expect((await second.c.withdraw(second.cardId, '44')).code).toBe(200);
      await runFees(next);
      const closed = await t.post(
        'card/close',
        { cardId: second.cardId },
        { token: second.u.token, headers: { 'idempotency-key': `close-${second.cardId}` } },
      );
      expect(closed.data, closed.msg).toMatchObject({ status: 'closed' });
      await runFees(next);
      const [due] = await t.database.sql.query<{ status: string }>(
        `SELECT status FROM sandbox_issuer_fee_dues WHERE token = $1 AND period = $2`,
        [second.token, next],
      );
      expect(due!.status).toBe('waived');
      expect(await feeOrders(second.u.token, second.cardId)).toEqual([]);
      await booksClean(t);
    });

    it('a fee webhook delivered twice is applied once', async () => {
      const { u, c, cardId, token } = await activeCard('virtual-mastercard-standard', '200', '100');
      const next = monthAfter(t.clock.now(), 1);
      await runFees(next);
      const [sent] = await t.database.sql.query<{ body: string }>(
        `SELECT body FROM sandbox_issuer_webhooks WHERE body::jsonb->>'type' = 'card.fee_charged' AND body::jsonb->>'cardToken' = $1`,
        [token],
      );
      expect(sent).toBeDefined();
      const balance = (await c.card(cardId)).balance;
      const ts = Math.floor(t.clock.now().getTime() / 1000);
      const again = await t.inject({
        method: 'POST',
        url: '/api/card/webhook',
        payload: sent!.body,
        headers: {
          'content-type': 'application/json',
          'x-issuer-timestamp': String(ts),
          'x-issuer-signature': signWebhook(SANDBOX_WEBHOOK_SECRET, sent!.body, ts),
        },
      });
      expect(JSON.parse(again.body).code).toBe(200);
      expect(await feeOrders(u.token, cardId)).toHaveLength(1);
      expect((await c.card(cardId)).balance).toBe(balance);
      await booksClean(t);
    });
  });
}
