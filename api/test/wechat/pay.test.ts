import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { customer, key } from '../cards/support';
import { checkLedger } from '../../src/ledger/check';
import { wechatPay } from '../../src/providers/wechat/index';
import { aeadEncrypt, rsaSign, responseMessage } from '../../src/providers/wechat/pay-crypto';

const PRODUCT = 'virtual-visa-standard';

/** WeChat Pay for the card application fee (issue 27, docs/wechat.md) against the sandbox's WeChat Pay. */
describe.each(testDrivers())('WeChat Pay on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  const sandbox = async () => (await wechatPay(t.app)).sandbox!;
  const prepay = (token: string, k = key(), body: Record<string, unknown> = {}) =>
    t.post(
      'card/wechatPay/prepay',
      { productId: PRODUCT, pin: '123456', pinConfirm: '123456', ...body },
      { token, headers: { 'idempotency-key': k } },
    );
  const cashier = async (url: string) => {
    const page = await t.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    const u = new URL(url, 'http://x');
    return t.inject({ method: 'GET', url: `/api/dev/wechatpay/cashier/pay?${u.searchParams}` });
  };
  const order = async (token: string, orderId: string) =>
    (await t.get('card/wechatPay/order', { orderId }, { token })).data;
  const cardsOf = async (userId: string) =>
    (
      await t.database.sql.query<{ n: number }>(
        `select count(*)::int as n from cards where user_id = $1 and status <> 'applying'`,
        [userId],
      )
    )[0]!.n;
  const notify = (n: { headers: Record<string, string>; body: string }) =>
    t.inject({ method: 'POST', url: '/api/card/wechatPay/notify', headers: n.headers, payload: n.body });

  it('quote → prepay with JSAPI parameters signed by the merchant key → cashier → one card, fee on the books in USD', async () => {
    const c = await customer(t);
    // The sandbox CNY rate moves in 10-second steps: start at the top of a step so that the quote and the
    // prepay below read the same rate (it failed once on a loaded machine when they straddled a step).
    t.clock.advance(10_000 - (t.clock.now().getTime() % 10_000) + 1);
    const quote = await t.get('card/wechatPay/quote', { productId: PRODUCT }, { token: c.token });
    expect(quote.data.feeUsd).toBe('10.00');
    expect(Number(quote.data.amountCny)).toBeGreaterThan(70);
    const k = key();
    const res = await prepay(c.token, k);
    expect(res.code, res.msg).toBe(200);
    const { order: o, jsapi, cashierUrl } = res.data;
    expect(o).toMatchObject({ status: 'NOTPAY', feeUsd: '10.00', amountCny: quote.data.amountCny });
    expect(jsapi.package).toMatch(/^prepay_id=wx[0-9a-f]+$/);
    expect(jsapi.signType).toBe('RSA');
    expect(jsapi.timeStamp).toMatch(/^\d{10}$/);
    expect(jsapi.nonceStr).toMatch(/^[A-Za-z0-9]{32}$/);
    // paySign verifies with the merchant's public key over WeChat's exact message.
    const keys = (await sandbox()).keys;
    const message = `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`;
    expect(
      verify(
        'sha256',
        Buffer.from(message),
        createPublicKey(keys.merchantPrivateKey),
        Buffer.from(jsapi.paySign, 'base64'),
      ),
    ).toBe(true);
    expect(
      verify('sha256', Buffer.from(message + 'x'), keys.merchantPublicKey, Buffer.from(jsapi.paySign, 'base64')),
    ).toBe(false);
    // The same key again: the same order.
    const replay = await t.inject({
      method: 'POST',
      url: '/api/card/wechatPay/prepay',
      headers: { 'access-token': c.token, 'idempotency-key': k },
      payload: { productId: PRODUCT, pin: '123456', pinConfirm: '123456' },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(replay.body).data.order.orderId).toBe(o.orderId);
    // Nothing happened yet: no card.
    expect(await cardsOf(c.userId)).toBe(0);
    const paid = await cashier(cashierUrl);
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toBe(`/pages/card/wechat-pay?orderId=${o.orderId}`);
    const done = await order(c.token, o.orderId);
    expect(done.status).toBe('COMPLETED');
    expect(done.cardId).toBeTruthy();
    expect(await cardsOf(c.userId)).toBe(1);
    // The wallet paid nothing; the fee is in card_fees against the wechat_pay clearing account.
    const [bal] = await t.database.sql.query<{ b: string }>(
      `select coalesce(sum(e.amount), 0)::text as b from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.key = 'system:wechat_pay:USD'`,
    );
    expect(Number(bal!.b)).toBeLessThanOrEqual(-10);
    expect((await checkLedger(t.database.sql)).problems).toEqual([]);
    // Another customer cannot read the order.
    const other = await customer(t);
    expect((await t.get('card/wechatPay/order', { orderId: o.orderId }, { token: other.token })).key).toBe(
      'wechat_pay_order_not_found',
    );
  });

  it('a held quote is the amount asked for, even after the rate has moved; expired, used, foreign or for another product it is refused', async () => {
    const c = await customer(t);
    const held = await t.post('card/wechatPay/quote', { productId: PRODUCT }, { token: c.token });
    expect(held.code, held.msg).toBe(200);
    expect(held.data).toMatchObject({ feeUsd: '10.00', quoteId: expect.any(String) });
    const holdMs = new Date(held.data.expiresAt).getTime() - t.clock.now().getTime();
    expect(holdMs).toBeGreaterThan(55_000);
    expect(holdMs).toBeLessThanOrEqual(60_000);
    // The sandbox rate moves in 10 s steps: step the clock (while the quote is still held) until the
    // current price differs from the held one, so the order below could only match by honouring it.
    let current = held.data.amountCny;
    for (let step = 0; step < 5 && current === held.data.amountCny; step++) {
      t.clock.advance(10_000);
      current = (await t.get('card/wechatPay/quote', { productId: PRODUCT }, { token: c.token })).data.amountCny;
    }
    expect(current).not.toBe(held.data.amountCny);
    const res = await prepay(c.token, key(), { quoteId: held.data.quoteId });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.order).toMatchObject({ amountCny: held.data.amountCny, rate: held.data.rate });
    const [tx] = await t.database.sql.query<{ amount_fen: string }>(
      `select total_fen::text as amount_fen from wechat_pay_sandbox_transactions where prepay_id = $1`,
      [res.data.jsapi.package.slice('prepay_id='.length)],
    );
    expect(Number(tx!.amount_fen)).toBe(Math.round(Number(held.data.amountCny) * 100));
    // One quote, one order: a second submission with another key is refused.
    expect((await prepay(c.token, key(), { quoteId: held.data.quoteId })).key).toBe('quote_expired');
    // Expired.
    const late = await t.post('card/wechatPay/quote', { productId: PRODUCT }, { token: c.token });
    t.clock.advance(60_001);
    expect((await prepay(c.token, key(), { quoteId: late.data.quoteId })).key).toBe('quote_expired');
    // Another customer's quote is not found; a quote for another product is refused.
    const other = await customer(t);
    const theirs = await t.post('card/wechatPay/quote', { productId: PRODUCT }, { token: other.token });
    expect((await prepay(c.token, key(), { quoteId: theirs.data.quoteId })).key).toBe('not_found');
    const mine = await t.post('card/wechatPay/quote', { productId: PRODUCT }, { token: c.token });
    expect(
      (await prepay(c.token, key(), { productId: 'virtual-mastercard-standard', quoteId: mine.data.quoteId })).key,
    ).toBe('quote_expired');
    // Bad input: a quote for an unknown product, a malformed quote id.
    expect((await t.post('card/wechatPay/quote', { productId: 'nope' }, { token: c.token })).code).toBe(404);
    expect((await prepay(c.token, key(), { quoteId: 'not-a-uuid' })).code).toBe(422);
  });

  it('20 submissions of one held quote with 20 keys at once open one order', async () => {
    const c = await customer(t);
    const held = await t.post('card/wechatPay/quote', { productId: PRODUCT }, { token: c.token });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => prepay(c.token, key(), { quoteId: held.data.quoteId })),
    );
    expect(all.filter((r) => r.code === 200)).toHaveLength(1);
    expect(
      all
        .filter((r) => r.code !== 200)
        .every((r) => r.key === 'quote_expired' || r.key === 'idempotency_key_in_flight'),
    ).toBe(true);
    const [n] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from wechat_pay_orders where quote_id = $1`,
      [held.data.quoteId],
    );
    expect(n!.n).toBe(1);
  });

  it('the notification delivered twice and 50 times concurrently completes the application once', async () => {
    const c = await customer(t);
    const res = await prepay(c.token);
    const prepayId = res.data.jsapi.package.slice('prepay_id='.length);
    const s = await sandbox();
    // The first delivery is the cashier's own.
    expect(await s.pay(prepayId, null)).toBe('paid');
    const tx = (await s.byPrepayId(prepayId))!;
    const n = s.notification(tx);
    expect((await notify(n)).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 50 }, () => notify(s.notification(tx))));
    expect(again.every((r) => r.statusCode === 200 && JSON.parse(r.body).code === 200)).toBe(true);
    expect(await cardsOf(c.userId)).toBe(1);
    expect((await order(c.token, res.data.order.orderId)).status).toBe('COMPLETED');
    const [posts] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from ledger_postings where type = 'card_apply_fee' and user_id = $1`,
      [c.userId],
    );
    expect(posts!.n).toBe(1);
    expect((await checkLedger(t.database.sql)).problems).toEqual([]);
  });

  it('50 concurrent first deliveries of one payment → one application', async () => {
    const c = await customer(t);
    const res = await prepay(c.token);
    const prepayId = res.data.jsapi.package.slice('prepay_id='.length);
    const s = await sandbox();
    await t.database.sql.query(
      `update wechat_pay_sandbox_transactions set trade_state = 'SUCCESS', paid_at = now(), transaction_id = '4200000000000000000000001' where prepay_id = $1`,
      [prepayId],
    );
    const tx = (await s.byPrepayId(prepayId))!;
    const all = await Promise.all(Array.from({ length: 50 }, () => notify(s.notification(tx))));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(await cardsOf(c.userId)).toBe(1);
    expect((await order(c.token, res.data.order.orderId)).status).toBe('COMPLETED');
  });

  it('forged, tampered, stale or foreign-serial notifications are refused and change nothing', async () => {
    const c = await customer(t);
    const res = await prepay(c.token);
    const prepayId = res.data.jsapi.package.slice('prepay_id='.length);
    const s = await sandbox();
    await t.database.sql.query(
      `update wechat_pay_sandbox_transactions set trade_state = 'SUCCESS', paid_at = now(), transaction_id = '4200000000000000000000002' where prepay_id = $1`,
      [prepayId],
    );
    const good = s.notification((await s.byPrepayId(prepayId))!);
    const refused = async (n: { headers: Record<string, string>; body: string }) => {
      const r = await notify(n);
      expect(JSON.parse(r.body).key).toBe('wechat_pay_notification_invalid');
    };
    await refused({ ...good, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') });
    await refused({ ...good, headers: { ...good.headers, 'wechatpay-serial': 'ABCDEF' } });
    await refused({ ...good, headers: { ...good.headers, 'wechatpay-signature': 'A'.repeat(344) } });
    const { 'wechatpay-signature': _drop, ...noSig } = good.headers;
    await refused({ body: good.body, headers: noSig });
    // Stale: signed 10 minutes ago.
    const ts = String(Math.floor(t.clock.now().getTime() / 1000) - 600);
    await refused({
      body: good.body,
      headers: {
        ...good.headers,
        'wechatpay-timestamp': ts,
        'wechatpay-signature': rsaSign(
          s.keys.platformPrivateKey,
          responseMessage(ts, good.headers['wechatpay-nonce']!, good.body),
        ),
      },
    });
    // Signed correctly but encrypted with another API v3 key: decryption fails.
    const parsed = JSON.parse(good.body);
    parsed.resource = aeadEncrypt('x'.repeat(32), '{"out_trade_no":"x"}', 'transaction', 'transaction');
    const body = JSON.stringify(parsed);
    const nowTs = String(Math.floor(t.clock.now().getTime() / 1000));
    await refused({
      body,
      headers: {
        ...good.headers,
        'wechatpay-timestamp': nowTs,
        'wechatpay-signature': rsaSign(s.keys.platformPrivateKey, responseMessage(nowTs, 'n0nce', body)),
        'wechatpay-nonce': 'n0nce',
      },
    });
    expect((await order(c.token, res.data.order.orderId)).status).toBe('NOTPAY');
    expect(await cardsOf(c.userId)).toBe(0);
  });

  it('an unpaid order expires (closed at WeChat Pay too); paid after closing → refunded', async () => {
    const c = await customer(t);
    const res = await prepay(c.token);
    t.clock.advance(16 * 60_000);
    const swept = await t.post('dev/wechatpay/sweep', {});
    expect(swept.data.closed).toBeGreaterThanOrEqual(1);
    expect((await order(c.token, res.data.order.orderId)).status).toBe('CLOSED');
    // The cashier no longer takes it.
    const prepayId = res.data.jsapi.package.slice('prepay_id='.length);
    expect(await (await sandbox()).pay(prepayId, null)).toBe('closed');

    // A payment that arrives after we closed our side (WeChat had not closed yet) goes back.
    const late = await prepay(c.token);
    await t.database.sql.query(`update wechat_pay_orders set status = 'CLOSED' where id = $1`, [
      late.data.order.orderId,
    ]);
    const lateId = late.data.jsapi.package.slice('prepay_id='.length);
    expect(await (await sandbox()).pay(lateId, null)).toBe('paid');
    const o = await order(c.token, late.data.order.orderId);
    expect(o).toMatchObject({ status: 'REFUNDED', failure: 'paid_after_close' });
    expect((await (await sandbox()).byPrepayId(lateId))!.trade_state).toBe('REFUND');
    expect(await cardsOf(c.userId)).toBe(0);
  });

  it('the application fails after payment (issuer refuses) → refunded, no card, books clean', async () => {
    const c = await customer(t);
    const res = await prepay(c.token);
    expect((await t.post('dev/cards/failures', { create: 'refuse' })).code).toBe(200);
    try {
      expect(await cashier(res.data.cashierUrl)).toBeTruthy();
    } finally {
      await t.post('dev/cards/failures', { create: 'ok' });
    }
    const o = await order(c.token, res.data.order.orderId);
    expect(o).toMatchObject({ status: 'REFUNDED', failure: 'card_apply_failed', cardId: null });
    expect(await cardsOf(c.userId)).toBe(0);
    expect((await checkLedger(t.database.sql)).problems).toEqual([]);
    // The PIN does not outlive the order.
    const [row] = await t.database.sql.query<{ pin_sealed: string | null }>(
      `select pin_sealed from wechat_pay_orders where id = $1`,
      [o.orderId],
    );
    expect(row!.pin_sealed).toBeNull();
  });

  it('a crash after the claim, and a lost notification, are finished by the sweep job', async () => {
    const c = await customer(t);
    // Killed between "PAID" and the card: the order stays PAID until the job completes it.
    const a = await prepay(c.token);
    await t.database.sql.query(
      `update wechat_pay_orders set status = 'PAID', paid_at = $2, transaction_id = '4200000000000000000000003' where id = $1`,
      [a.data.order.orderId, t.clock.now().toISOString()],
    );
    // The notification never arrived for this one: WeChat says SUCCESS when asked at expiry.
    const b = await prepay(c.token);
    await t.database.sql.query(
      `update wechat_pay_sandbox_transactions set trade_state = 'SUCCESS', paid_at = now(), transaction_id = '4200000000000000000000004' where prepay_id = $1`,
      [b.data.jsapi.package.slice('prepay_id='.length)],
    );
    t.clock.advance(16 * 60_000);
    expect((await t.post('dev/wechatpay/sweep', {})).code).toBe(200);
    expect((await order(c.token, a.data.order.orderId)).status).toBe('COMPLETED');
    expect((await order(c.token, b.data.order.orderId)).status).toBe('COMPLETED');
    expect(await cardsOf(c.userId)).toBe(2);
    // Running it again changes nothing.
    await t.post('dev/wechatpay/sweep', {});
    expect(await cardsOf(c.userId)).toBe(2);
    expect((await checkLedger(t.database.sql)).problems).toEqual([]);
  });

  it('gates and bad input: KYC, another key with other content, missing key', async () => {
    const u = await t.createUser();
    expect((await prepay(u.token)).key).toBe('kyc1_required');
    const c = await customer(t);
    const k = key();
    expect((await prepay(c.token, k)).code).toBe(200);
    expect((await prepay(c.token, k, { productId: 'virtual-visa-premium' })).key).toBe('idempotency_key_mismatch');
    const noKey = await t.post(
      'card/wechatPay/prepay',
      { productId: PRODUCT, pin: '123456', pinConfirm: '123456' },
      { token: c.token },
    );
    expect(noKey.key).toBe('idempotency_key_required');
    // The sandbox WeChat Pay refuses a request not signed by the merchant key.
    const raw = await t.inject({
      method: 'POST',
      url: '/api/dev/wechatpay/api/v3/pay/transactions/jsapi',
      payload: {},
    });
    expect(raw.statusCode).toBe(401);
    expect(JSON.parse(raw.body).code).toBe('SIGN_ERROR');
  });
});
