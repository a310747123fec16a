import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { money, ZERO } from '../../src/ledger/money';
import { calls, fundCard } from '../cards/support';
import { booksClean, drain, member, walletUsd } from './support';

/**
 * Card fees cannot make a referral ring profit (issue 40; docs/referral.md "Card fees cannot make a
 * ring profit"): the ring is a level-2 inviter, a level-1 inviter and the customer they sign up,
 * all one party. Its books: what the customer paid the company in fees against what the two
 * inviters received as cashback. The ring must never come out ahead.
 */
for (const driver of testDrivers()) {
  describe(`a referral ring's books (${driver})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    /** What the customer paid in card fees: every card-fee posting's customer-side USD (application, gateway, withdrawal). */
    async function feesPaid(userId: string) {
      const [row] = await t.database.sql.query<{ paid: string }>(
        `SELECT coalesce(sum(e.amount), 0)::text AS paid
           FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_postings p ON p.id = e.posting_id
          WHERE a.key = 'system:card_fees:USD' AND p.user_id = $1`,
        [userId],
      );
      return money(row!.paid);
    }
    const cashback = async (...ids: string[]) => {
      let sum = ZERO;
      for (const id of ids) sum = sum.plus(await walletUsd(t, id));
      return sum;
    };

    it('6 discount cards opened and never activated pay the ring nothing; activated ones less than the fees paid', async () => {
      const level2 = await member(t);
      const level1 = await member(t, level2);
      const farmer = await member(t, level1);
      await t.post('dev/users/kyc', { userId: farmer.userId, level: 1, birthDate: '1990-05-14' });
      await fundCard(t, farmer.token, '300');
      const c = calls(t, farmer.token);
      const cards: string[] = [];
      for (let i = 0; i < 6; i++) {
        // At most 5 open cards per product: three Visa and three Mastercard discount cards.
        const applied = await c.apply({ productId: i % 2 ? 'virtual-visa-discount' : 'virtual-mastercard-discount' });
        expect(applied.code, applied.msg).toBe(200);
        cards.push(applied.data.id as string);
      }
      await drain(t);
      // The scenario of the issue: 30 USD of application fees, the ring earned 42 before — now nothing.
      expect((await feesPaid(farmer.userId)).toFixed()).toBe('30');
      expect((await cashback(level1.userId, level2.userId)).toFixed()).toBe('0');

      // Activate two of them (the first load: 20 USD each) and take the money back off the cards.
      for (const cardId of cards.slice(0, 2)) expect((await c.activate(cardId, '20')).code).toBe(200);
      await drain(t);
      const earned = await cashback(level1.userId, level2.userId);
      // Per activated discount card (5 USD fee kept): 2 (40 %) + 0.5 (10 %) open-card cashback,
      // + 1 % / 0.5 % of the 20 USD load = 0.2 + 0.1.
      expect(earned.toFixed()).toBe('5.6');
      expect(earned.lt(await feesPaid(farmer.userId))).toBe(true);
      for (const cardId of cards.slice(0, 2)) {
        const w = await c.withdraw(cardId, '10', undefined, { currency: 'USD' });
        expect(w.code, w.msg).toBe(200);
      }
      await drain(t);
      const after = await cashback(level1.userId, level2.userId);
      const paid = await feesPaid(farmer.userId);
      // The withdrawn loads' recharge cashback is taken back; the fees stay with the company.
      expect(after.lt(earned)).toBe(true);
      expect(after.lte(paid.div(2))).toBe(true);
      // The ring's books: cashback received − fees paid < 0.
      expect(after.minus(paid).isNegative()).toBe(true);
      const records = await t.database.sql.query<{ kind: string; level: number; amount: string }>(
        `SELECT kind, level, amount::text AS amount FROM referral_cashbacks WHERE invitee_id = $1::bigint AND kind = 'open_card' ORDER BY level, id`,
        [farmer.userId],
      );
      expect(records.map((r) => [r.level, money(r.amount).toFixed()])).toEqual([
        [1, '2'],
        [1, '2'],
        [2, '0.5'],
        [2, '0.5'],
      ]);
      await booksClean(t);
    });
  });
}
