import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { money } from '../../src/ledger/money';
import { splitReturn } from '../../src/modules/cards/moves/funding-lots';
import { booksClean, calls, customer, ensurePayPassword, PAY_PASSWORD } from './support';

/**
 * The card side is not a free currency switch (issue 40; docs/cards.md "Money back to the
 * wallet"): money comes back 1:1 in the currency it came in with, and in any other at the
 * exchange's rate less its spread — never more than wallet/exchange would have given.
 */
describe('splitReturn', () => {
  const lots = (usd: string, usdt: string, usdc: string) => ({ USD: money(usd), USDT: money(usdt), USDC: money(usdc) });
  it('takes the currency’s own lot first, then the others; the card’s own USD is 1:1 only as USD', () => {
    const a = splitReturn(lots('0', '0', '100'), 'USDT', money('100'));
    expect([a.sameCurrency.toFixed(), a.converted.toFixed(), a.take.USDC.toFixed()]).toEqual(['0', '100', '100']);
    const b = splitReturn(lots('0', '30', '100'), 'USDT', money('50'));
    expect([b.sameCurrency.toFixed(), b.converted.toFixed(), b.take.USDT.toFixed(), b.take.USDC.toFixed()]).toEqual([
      '30',
      '20',
      '30',
      '20',
    ]);
    const c = splitReturn(lots('0', '0', '0'), 'USD', money('7'));
    expect([c.sameCurrency.toFixed(), c.converted.toFixed()]).toEqual(['7', '0']);
    // As USD (the card's own currency) 1:1, but the stablecoin lots it came from are used up.
    const e = splitReturn(lots('10', '0', '100'), 'USD', money('50'));
    expect([e.sameCurrency.toFixed(), e.converted.toFixed(), e.take.USD.toFixed(), e.take.USDC.toFixed()]).toEqual([
      '50',
      '0',
      '10',
      '40',
    ]);
    const d = splitReturn(lots('0', '0', '0'), 'USDC', money('7'));
    expect([d.sameCurrency.toFixed(), d.converted.toFixed()]).toEqual(['0', '7']);
  });
});

for (const driver of testDrivers()) {
  describe(`card funding lots (${driver})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    const idem = () => ({ 'idempotency-key': randomUUID() });

    async function deposit(token: string, currency: 'USDT' | 'USDC', amount: string) {
      const network = currency === 'USDT' ? 'TRC20' : 'ERC20';
      const addr = await t.get('wallet/rechargeAddress', { currency, network }, { token });
      expect(addr.code, addr.msg).toBe(200);
      const dep = await t.post('dev/chain/deposit', { address: addr.data.address, currency, network, amount });
      expect(dep.code, dep.msg).toBe(200);
      await t.post('dev/chain/mine', { network, blocks: addr.data.confirmations });
    }
    const toCard = async (token: string, currency: string, amount: string) => {
      const res = await t.post('wallet/transfer', { currency, amount }, { token, headers: idem() });
      expect(res.code, res.msg).toBe(200);
    };

    it('100 USDC in, out as USDT: no more than an exchange gives (the spread is named); out as USDC: exactly 100', async () => {
      const u = await customer(t);
      const c = calls(t, u.token);
      await deposit(u.token, 'USDC', '200');
      await ensurePayPassword(t, u.token);
      // What the exchange would give for 100 USDC → USDT (quoted, not executed).
      const exchange = await t.post(
        'wallet/exchangeQuote',
        { from: 'USDC', to: 'USDT', amount: '100' },
        { token: u.token },
      );
      expect(exchange.code, exchange.msg).toBe(200);
      await toCard(u.token, 'USDC', '100');

      const quote = await t.get('card/funding/withdrawQuote', { amount: '100', currency: 'USDT' }, { token: u.token });
      expect(quote.data).toMatchObject({
        currency: 'USDT',
        amount: '100.00',
        sameCurrency: '0.00',
        converted: '100.00',
        spreadRate: '0.005',
        fee: '0.00',
      });
      expect(money(quote.data.spreadAmount).gt(0)).toBe(true);
      expect(money(quote.data.receive).lte(exchange.data.receive)).toBe(true);
      // Out as USDC the same 100 is free: the quote says so.
      const same = await t.get('card/funding/withdrawQuote', { amount: '100', currency: 'USDC' }, { token: u.token });
      expect(same.data).toMatchObject({ sameCurrency: '100.00', converted: '0.00', spreadAmount: '0', receive: '100' });

      const k = randomUUID();
      const out = await t.post(
        'card/funding/withdrawToWallet',
        { amount: '100', currency: 'USDT', payPassword: PAY_PASSWORD },
        { token: u.token, headers: { 'idempotency-key': k } },
      );
      expect(out.data, out.msg).toMatchObject({ currency: 'USDT', amount: '100.00', received: quote.data.receive });
      expect(money(await c.wallet('USDT')).lte(exchange.data.receive)).toBe(true);
      expect(await c.wallet('USDT')).toBe(quote.data.receive);
      // A replay is the same answer and moves nothing again.
      const again = await t.post(
        'card/funding/withdrawToWallet',
        { amount: '100', currency: 'USDT', payPassword: PAY_PASSWORD },
        { token: u.token, headers: { 'idempotency-key': k } },
      );
      expect(again.data.id).toBe(out.data.id);
      expect(await c.wallet('USDT')).toBe(quote.data.receive);
      // The USDC lot went with it: a second 100 USDC in comes back as exactly 100 USDC, not 200.
      await toCard(u.token, 'USDC', '100');
      const back = await t.post(
        'card/funding/withdrawToWallet',
        { amount: '100', currency: 'USDC', payPassword: PAY_PASSWORD },
        { token: u.token, headers: idem() },
      );
      expect(back.data).toMatchObject({ received: '100' });
      expect(await c.wallet('USDC')).toBe('100');
      // Out as USD (the card's currency) is 1:1 but uses the USDC lot up: it cannot come back free as USDC.
      await toCard(u.token, 'USDC', '100');
      const asUsd = await t.post(
        'card/funding/withdrawToWallet',
        { amount: '100', currency: 'USD', payPassword: PAY_PASSWORD },
        { token: u.token, headers: idem() },
      );
      expect(asUsd.data).toMatchObject({ received: '100.00' });
      await toCard(u.token, 'USD', '100');
      const usdAsUsdc = await t.get(
        'card/funding/withdrawQuote',
        { amount: '100', currency: 'USDC' },
        { token: u.token },
      );
      expect(usdAsUsdc.data).toMatchObject({ sameCurrency: '0.00', converted: '100.00', receive: '99.5' });
      await booksClean(t);
    });

    it('through a card: withdrawal and close in another currency pay the spread, in the same one nothing', async () => {
      const u = await customer(t);
      const c = calls(t, u.token);
      await deposit(u.token, 'USDC', '300');
      await toCard(u.token, 'USDC', '300');
      const applied = await c.apply({ productId: 'virtual-visa-standard' });
      const cardId = applied.data.id as string;
      expect((await c.activate(cardId, '200')).code).toBe(200);
      // Withdraw 50 as USDT: the card pays the 5 USD fee, the wallet gets 50 × 0.995.
      const q = await t.get('card/withdrawQuote', { cardId, amount: '50', currency: 'USDT' }, { token: u.token });
      expect(q.data).toMatchObject({ fee: '5.00', converted: '50.00', receive: '49.75', spreadAmount: '0.25' });
      const w = await c.withdraw(cardId, '50', undefined, { currency: 'USDT' });
      expect(w.data, w.msg).toMatchObject({ walletCurrency: 'USDT', walletAmount: '49.75', amount: '50.00' });
      expect(await c.wallet('USDT')).toBe('49.75');
      // Close as USDC: the 145 left came in as USDC (lot 300 − 50 used by the USDT withdrawal = 250).
      const closed = await t.post('card/close', { cardId, currency: 'USDC' }, { token: u.token, headers: idem() });
      expect(closed.code, closed.msg).toBe(200);
      expect(await c.wallet('USDC')).toBe('145');
      await booksClean(t);
    });

    it('lots are never spent twice: racing returns of one customer', async () => {
      const u = await customer(t);
      const c = calls(t, u.token);
      await deposit(u.token, 'USDC', '100');
      await deposit(u.token, 'USDT', '100');
      await toCard(u.token, 'USDC', '100');
      await toCard(u.token, 'USDT', '100');
      await ensurePayPassword(t, u.token);
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.post(
            'card/funding/withdrawToWallet',
            { amount: '50', currency: 'USDC', payPassword: PAY_PASSWORD },
            { token: u.token, headers: idem() },
          ),
        ),
      );
      expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200]);
      // 100 returns 1:1 from the USDC lot; the other 100 came in as USDT and pays the spread.
      expect(results.map((r) => r.data.received).sort()).toEqual(['49.75', '49.75', '50', '50']);
      expect(await c.wallet('USDC')).toBe('199.5');
      expect(await c.funding()).toBe('0.00');
      const [lots] = await t.database.sql.query<{ n: string }>(
        `SELECT coalesce(sum(amount), 0)::text AS n FROM card_funding_lots WHERE user_id = $1`,
        [u.userId],
      );
      expect(money(lots!.n).isZero()).toBe(true);
      await booksClean(t);
    });
  });
}
