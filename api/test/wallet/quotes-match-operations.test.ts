import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type Envelope, type TestApp } from '../support/harness';
import { format, money } from '../../src/ledger/money';
import { calls, customer, ensurePayPassword, fundCard, PAY_PASSWORD } from '../cards/support';

/**
 * Every quote refuses exactly what its operation refuses, with the same key (issue 40): each
 * quote route takes the operation's own amount schema (shared/src/schemas) and the API checks the
 * same limits for both. For each pair, a table of amounts goes to the quote and to the operation
 * and the two answers are compared: the same refusal (code, key, field messages) or both accepted.
 * A refusal leaves every balance as it was, so the rows run one after the other on one customer;
 * the amounts that succeed come last.
 */
const REFUSED_EVERYWHERE = [
  '10.1234567', // more decimals than USDT or USD keeps
  '0',
  '0.00',
  '-1',
  '-0.5',
  '1e3', // exponent notation
  '1E-2',
  '0x10',
  '9999999999999999', // 16 digits: huge
  '99999999999999999999.5',
  '', // empty
  '   ',
  'abc',
  '1,5',
  '١٢', // digits of another script: the page converts them, the wire takes ASCII only
  '+5',
  'NaN',
  'Infinity',
];

type Outcome = 'accepted' | { code: number; key: string | undefined; fields?: unknown; msg?: string };
function outcome(res: Envelope): Outcome {
  if (res.code === 200) return 'accepted';
  const fields = (res.data as { fields?: unknown } | null)?.fields;
  // A business refusal is the same message too (limits named in it); a validation refusal the same fields.
  return fields ? { code: res.code, key: res.key, fields } : { code: res.code, key: res.key, msg: res.msg };
}

for (const driver of testDrivers()) {
  describe(`quotes refuse what their operations refuse (${driver})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    const idem = () => ({ 'idempotency-key': randomUUID() });

    it('wallet/withdrawFee ↔ wallet/withdraw (USDT on TRC20)', async () => {
      const u = await customer(t);
      const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '40',
      });
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
      await ensurePayPassword(t, u.token);
      const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
      const quote = (amount: string) =>
        t.get('wallet/withdrawFee', { currency: 'USDT', network: 'TRC20', amount }, { token: u.token });
      const operate = (amount: string) =>
        t.post(
          'wallet/withdraw',
          { currency: 'USDT', network: 'TRC20', address, amount, payPassword: PAY_PASSWORD },
          { token: u.token, headers: idem() },
        );
      // 5: under the 10 USDT minimum; 39.5 and 1000: amount + fee above the 40 held.
      for (const amount of [...REFUSED_EVERYWHERE, '5', '9.999999', '39.5', '1000', '10.1000001']) {
        const [q, o] = [await quote(amount), await operate(amount)];
        expect(outcome(q), `withdrawFee amount=${JSON.stringify(amount)}`).not.toBe('accepted');
        expect(outcome(q), `amount=${JSON.stringify(amount)}`).toEqual(outcome(o));
      }
      // The example: 7 decimals of USDT (6) is refused by both, at the amount field.
      expect((await quote('10.1234567')).data.fields).toEqual({ amount: expect.any(String) });
      // Without an amount the quote still names the fee, the minimum and the balance.
      const bare = await t.get('wallet/withdrawFee', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      expect(bare.data).toMatchObject({ total: null, available: '40', minimum: '10' });
      // Accepted by both, the total is exact (no truncation): 10.123456 + the fee.
      const ok = await quote(' 10.123456 ');
      expect(ok.code, ok.msg).toBe(200);
      expect(ok.data.total).toBe(format(money(ok.data.fee).plus('10.123456'), 'USDT'));
      expect((await operate(' 10.123456 ')).code).toBe(200);
    });

    it('wallet/exchangeQuote is the exchange’s amount check (wallet/exchange takes only its quote id)', async () => {
      const u = await customer(t);
      const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '50',
      });
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
      const quote = (amount: unknown) =>
        t.post('wallet/exchangeQuote', { from: 'USDT', to: 'BTC', amount }, { token: u.token });
      for (const amount of [...REFUSED_EVERYWHERE, '10.1234567891', 10, 10.5, null]) {
        const res = await quote(amount);
        expect(res.code, `exchangeQuote amount=${JSON.stringify(amount)}`).toBe(422);
        expect(Object.keys(res.data.fields)).toEqual(['amount']);
      }
      expect(await quote('0.5')).toMatchObject({ key: 'exchange_out_of_limits' }); // under 1 USDT
      expect(await quote('100001')).toMatchObject({ key: 'exchange_out_of_limits' });
      expect(await quote('60')).toMatchObject({ key: 'insufficient_balance' });
      const ok = await quote('10.123456');
      expect(ok.code, ok.msg).toBe(200);
      const done = await t.post('wallet/exchange', { quoteId: ok.data.quoteId }, { token: u.token, headers: idem() });
      expect(done.data).toMatchObject({ amount: '10.123456', receive: ok.data.receive });
    });

    it('card/topUpQuote ↔ card/topUp, card/withdrawQuote ↔ card/withdraw, card/funding/withdrawQuote ↔ card/funding/withdrawToWallet', async () => {
      const u = await customer(t);
      await fundCard(t, u.token, '400');
      const c = calls(t, u.token);
      const applied = await c.apply({ productId: 'virtual-visa-standard' });
      const cardId = applied.data.id as string;
      expect((await c.activate(cardId, '100')).code).toBe(200);
      await ensurePayPassword(t, u.token);
      const other = await customer(t);
      const otherCard = (await calls(t, other.token).apply({ productId: 'virtual-visa-standard' })).data?.id ?? 'nope';

      const compare = async (
        name: string,
        amounts: string[],
        quote: (amount: string) => Promise<Envelope>,
        operate: (amount: string) => Promise<Envelope>,
      ) => {
        for (const amount of amounts) {
          const [q, o] = [await quote(amount), await operate(amount)];
          expect(outcome(q), `${name} amount=${JSON.stringify(amount)}`).not.toBe('accepted');
          expect(outcome(q), `${name} amount=${JSON.stringify(amount)}`).toEqual(outcome(o));
        }
      };
      const get = (path: string, q: Record<string, string>) => t.get(path, q, { token: u.token });
      const post = (path: string, body: unknown) => t.post(path, body, { token: u.token, headers: idem() });

      // Card funding left: 400 − 10 (application fee) − 100 (activation) = 290.
      await compare(
        'topUp',
        [...REFUSED_EVERYWHERE, '10.123', '9.99', '10000.01', '291'],
        (amount) => get('card/topUpQuote', { cardId, amount }),
        (amount) => post('card/topUp', { cardId, amount }),
      );
      expect(outcome(await get('card/topUpQuote', { cardId: otherCard, amount: '20' }))).toEqual(
        outcome(await post('card/topUp', { cardId: otherCard, amount: '20' })),
      );
      const topQuote = await get('card/topUpQuote', { cardId, amount: '20' });
      expect(topQuote.data).toEqual({ amount: '20.00', fee: '0.30', total: '20.30', cardFunding: '290.00' });
      expect((await post('card/topUp', { cardId, amount: '20' })).code).toBe(200);

      // The card holds 120; a withdrawal pays 5 USD and must leave 1 USD: at most 114.
      await compare(
        'withdraw',
        [...REFUSED_EVERYWHERE, '10.123', '114.01', '120', '10001'],
        (amount) => get('card/withdrawQuote', { cardId, amount, currency: 'USDT' }),
        (amount) => post('card/withdraw', { cardId, amount, currency: 'USDT', payPassword: PAY_PASSWORD }),
      );
      expect(outcome(await get('card/withdrawQuote', { cardId: otherCard, amount: '20', currency: 'USDT' }))).toEqual(
        outcome(
          await post('card/withdraw', { cardId: otherCard, amount: '20', currency: 'USDT', payPassword: PAY_PASSWORD }),
        ),
      );
      // A card withdrawal above the maximum is refused by the quote, as the customer types.
      expect((await get('card/withdrawQuote', { cardId, amount: '10001', currency: 'USD' })).key).toBe(
        'card_amount_out_of_limits',
      );
      const wq = await get('card/withdrawQuote', { cardId, amount: '50', currency: 'USDT' });
      expect(wq.data).toMatchObject({ fee: '5.00', receive: '50', spreadAmount: '0', cardBalanceAfter: '65.00' });
      const w = await post('card/withdraw', { cardId, amount: '50', currency: 'USDT', payPassword: PAY_PASSWORD });
      expect(w.data).toMatchObject({ walletCurrency: 'USDT', walletAmount: wq.data.receive });

      // Card funding now 290 − 20.30 = 269.70.
      await compare(
        'funding withdraw',
        [...REFUSED_EVERYWHERE, '10.123', '269.71', '100000'],
        (amount) => get('card/funding/withdrawQuote', { amount, currency: 'USDT' }),
        (amount) => post('card/funding/withdrawToWallet', { amount, currency: 'USDT', payPassword: PAY_PASSWORD }),
      );
      const fq = await get('card/funding/withdrawQuote', { amount: '269.70', currency: 'USDT' });
      expect(fq.data).toMatchObject({ receive: '269.7', fee: '0.00', cardFunding: '269.70' });
      const f = await post('card/funding/withdrawToWallet', {
        amount: '269.70',
        currency: 'USDT',
        payPassword: PAY_PASSWORD,
      });
      expect(f.data).toMatchObject({ received: fq.data.receive, cardFunding: '0.00' });
    });

    it('the quote routes are in the OpenAPI document with the operation’s amount parameter', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
      };
      for (const path of [
        '/api/wallet/withdrawFee',
        '/api/card/topUpQuote',
        '/api/card/withdrawQuote',
        '/api/card/funding/withdrawQuote',
      ])
        expect(
          doc.paths[path]?.get?.parameters?.map((p) => p.name),
          path,
        ).toContain('amount');
    });
  });
}
