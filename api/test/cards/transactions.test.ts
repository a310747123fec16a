import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { SANDBOX_WEBHOOK_SECRET, signWebhook } from '../../src/providers/card-issuer/webhook';
import { activeCard as activeCardOf, booksClean, calls, customer, fundCard } from './support';
import { stepUpGrant } from '../support/step-up';

const MERCHANT = { name: 'Test Shop', city: 'London', country: 'GB', mcc: '5411' };

for (const driver of testDrivers()) {
  // Generous per-test time: these drive the issuer simulator and its webhooks end to end on a shared 2-core machine.
  describe(`card transactions (${driver})`, { timeout: 90_000 }, () => {
    let t: TestApp;
    beforeAll(async () => {
      // The sandbox issuer's redelivery runs fast here so a test can watch it.
      t = await createTestApp(driver, { SANDBOX_CARD_WEBHOOK_RETRY_MS: '200' });
    });
    afterAll(async () => t?.close());

    const activeCard = (productId?: string, fund?: string, first?: string) => activeCardOf(t, productId, fund, first);
    const purchase = (cardId: string, amount: string, extra: Record<string, unknown> = {}) =>
      t.post('dev/cards/purchase', { cardId, amount, merchant: 'Test Shop', ...extra });
    const orders = async (token: string, query: Record<string, string> = {}) =>
      (await t.get('card/orders', query, { token })).data;

    function webhook(
      body: Record<string, unknown>,
      opts: { secret?: string; ts?: number; signature?: string | null } = {},
    ) {
      const raw = JSON.stringify(body);
      const ts = opts.ts ?? Math.floor(t.clock.now().getTime() / 1000);
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-issuer-timestamp': String(ts) };
      if (opts.signature !== null)
        headers['x-issuer-signature'] = opts.signature ?? signWebhook(opts.secret ?? SANDBOX_WEBHOOK_SECRET, raw, ts);
      return t
        .inject({ method: 'POST', url: '/api/card/webhook', payload: raw, headers })
        .then((r) => JSON.parse(r.body));
    }
    const txnEvent = (type: string, token: string, txnId: string, amount: string, fee = '0') => ({
      id: `evt_${randomUUID()}`,
      type,
      createdAt: t.clock.now().toISOString(),
      cardToken: token,
      transaction: {
        id: txnId,
        originalId: null,
        merchant: MERCHANT,
        amount,
        currency: 'USD',
        billingAmount: amount,
        fee,
        declineReason: null,
      },
    });

    it('a purchase is held as a pre-authorisation, then completed with the organisation fee on a discount card; messages and events follow', async () => {
      const { u, cardId } = await activeCard('virtual-visa-discount');
      const res = await purchase(cardId, '12.34');
      expect(res.data).toMatchObject({ approved: true, declineReason: null });
      let list = await orders(u.token);
      expect(list).toMatchObject({ total: 1, per_page: 15 });
      expect(list.data[0]).toMatchObject({
        status: 'pre_authorization',
        type: 'purchase',
        authorizationAmount: '12.34',
        settlementAmount: null,
        transactionAmount: '12.34',
        transactionCurrency: 'USD',
        maskedNumber: expect.stringMatching(/^•••• \d{4}$/),
        merchant: { name: 'Test Shop' },
        orderNo: expect.stringMatching(/^CO\d{16}$/),
      });
      // amount + fee are held: 100 − 12.84
      expect((await calls(t, u.token).card(cardId)).balance).toBe('87.16');
      await t.post('dev/cards/transaction', { transactionId: res.data.transactionId, action: 'clear' });
      list = await orders(u.token);
      expect(list.data[0]).toMatchObject({ status: 'completed', settlementAmount: '12.34', fee: '0.50' });
      expect((await calls(t, u.token).card(cardId)).balance).toBe('87.16');
      const detail = await t.get('card/order', { id: list.data[0].id }, { token: u.token });
      expect(detail.data.orderNo).toBe(list.data[0].orderNo);
      const other = await customer(t);
      expect((await t.get('card/order', { id: list.data[0].id }, { token: other.token })).code).toBe(404);

      const [events] = await t.database.sql.query<{ types: string[] }>(
        `SELECT array_agg(type ORDER BY id) AS types FROM domain_events WHERE user_id = $1::bigint`,
        [u.userId],
      );
      expect(events!.types).toEqual(
        expect.arrayContaining(['cards.transaction_authorised', 'cards.transaction_completed']),
      );
      await t.app.events.drainAll();
      const messages = await t.get('notifications/messages', {}, { token: u.token, locale: 'ar-AE' });
      expect(messages.data.data.some((m: { title: string }) => m.title === 'تم التصريح بدفعة بالبطاقة')).toBe(true);
      await booksClean(t);
    });

    it('void → authorisation cancelled; refund settles in two steps; foreign currency converts; too much is declined with a message', async () => {
      const { u, cardId } = await activeCard();
      const c = calls(t, u.token);
      const voided = await purchase(cardId, '30', { then: 'void' });
      expect(voided.data.approved).toBe(true);
      expect((await c.card(cardId)).balance).toBe('100.00');
      const eur = await purchase(cardId, '10', { currency: 'EUR', then: 'clear' });
      expect((await c.card(cardId)).balance).toBe('89.20');
      const refund = await t.post('dev/cards/transaction', { transactionId: eur.data.transactionId, action: 'refund' });
      expect((await orders(u.token, { status: 'settling' })).data[0]).toMatchObject({
        type: 'refund',
        status: 'settling',
        transactionAmount: '10',
        transactionCurrency: 'EUR',
      });
      await t.post('dev/cards/transaction', { transactionId: refund.data.transactionId, action: 'settle_refund' });
      expect((await c.card(cardId)).balance).toBe('100.00');
      const declined = await purchase(cardId, '100.01');
      expect(declined.data).toMatchObject({ approved: false, declineReason: 'insufficient_balance' });
      const states = (await orders(u.token)).data.map((o: { status: string }) => o.status).sort();
      expect(states).toEqual(['authorization_cancelled', 'completed', 'completed', 'transaction_cancelled']);
      expect((await orders(u.token, { status: 'transaction_cancelled' })).data[0].declineReason).toBe(
        'insufficient_balance',
      );
      await t.app.events.drainAll();
      const messages = await t.get('notifications/messages', {}, { token: u.token });
      expect(messages.data.data.map((m: { title: string }) => m.title)).toContain('Card payment declined');
      await booksClean(t);
    });

    it('webhook signature: missing, wrong, other secret, stale are refused; a replay is a no-op', async () => {
      const { u, token } = await activeCard();
      const body = txnEvent('transaction.authorized', token, `itx_${randomUUID()}`, '5');
      expect(await webhook(body, { signature: null })).toMatchObject({ code: 401, key: 'webhook_signature_invalid' });
      expect(await webhook(body, { signature: 'v1=' + '0'.repeat(64) })).toMatchObject({ code: 401 });
      expect(await webhook(body, { secret: 'another-secret' })).toMatchObject({ code: 401 });
      expect(await webhook(body, { ts: Math.floor(t.clock.now().getTime() / 1000) - 301 })).toMatchObject({
        key: 'webhook_stale',
      });
      expect((await orders(u.token)).total).toBe(0);
      // The issuer's books did not move for this hand-made event, so only check our side's result.
      const raw = JSON.stringify(body);
      const tampered = await t.inject({
        method: 'POST',
        url: '/api/card/webhook',
        payload: raw.replace('"5"', '"50"'),
        headers: {
          'content-type': 'application/json',
          'x-issuer-timestamp': String(Math.floor(t.clock.now().getTime() / 1000)),
          'x-issuer-signature': signWebhook(SANDBOX_WEBHOOK_SECRET, raw, Math.floor(t.clock.now().getTime() / 1000)),
        },
      });
      expect(JSON.parse(tampered.body).code).toBe(401);
      // A real issuer event delivered twice: the second changes nothing.
      const res = await purchase(
        (await t.database.sql.query<{ id: string }>(`SELECT id FROM cards WHERE issuer_token = $1`, [token]))[0]!.id,
        '7',
      );
      const [evt] = await t.database.sql.query<{ event_id: string; body: string }>(
        `SELECT event_id, body FROM sandbox_issuer_webhooks WHERE body LIKE $1`,
        [`%${res.data.transactionId}%`],
      );
      const again = await webhook(JSON.parse(evt!.body));
      expect(again).toMatchObject({ code: 200, data: { duplicate: true } });
      expect((await orders(u.token)).total).toBe(1);
      await booksClean(t);
    });

    it("the issuer declines a purchase past the product's monthly limit; voided ones do not count; the next month starts afresh", async () => {
      const { u, cardId, token } = await activeCard();
      const limitOf = async () =>
        (
          await t.database.sql.query<{ monthly_limit: string }>(
            `SELECT monthly_limit::text AS monthly_limit FROM sandbox_issuer_cards WHERE token = $1`,
            [token],
          )
        )[0]!.monthly_limit;
      expect(Number(await limitOf())).toBe(10000); // the virtual Visa standard product's limit (products.ts)
      // A limit a test can reach with a 100 USD card.
      await t.database.sql.query(`UPDATE sandbox_issuer_cards SET monthly_limit = 50 WHERE token = $1`, [token]);
      expect((await purchase(cardId, '30')).data.approved).toBe(true);
      const voided = await purchase(cardId, '15');
      await t.post('dev/cards/transaction', { transactionId: voided.data.transactionId, action: 'void' });
      expect((await purchase(cardId, '25')).data).toMatchObject({
        approved: false,
        declineReason: 'monthly_limit_exceeded',
      });
      expect((await purchase(cardId, '20')).data.approved).toBe(true); // 30 + 20: exactly the limit
      expect((await purchase(cardId, '0.01')).data).toMatchObject({
        approved: false,
        declineReason: 'monthly_limit_exceeded',
      });
      const declined = (await orders(u.token, { status: 'transaction_cancelled' })).data as { declineReason: string }[];
      expect(declined.map((o) => o.declineReason)).toEqual(['monthly_limit_exceeded', 'monthly_limit_exceeded']);
      await t.app.events.drainAll();
      const messages = (await t.get('notifications/messages', {}, { token: u.token })).data.data as {
        title: string;
        body: string;
      }[];
      expect(messages.some((m) => /monthly spending limit/.test(m.body))).toBe(true);
      expect((await calls(t, u.token).card(cardId)).balance).toBe('50.00');
      // The first hour of next month (UTC): the limit starts afresh.
      const now = t.clock.now();
      t.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1) - now.getTime());
      expect((await purchase(cardId, '25')).data.approved).toBe(true);
      const [issuerSide] = await t.database.sql.query<{ balance: string }>(
        `SELECT balance::text AS balance FROM sandbox_issuer_cards WHERE token = $1`,
        [token],
      );
      expect(Number(issuerSide!.balance)).toBe(25);
      await booksClean(t);
    });

    it('an event the issuer could not deliver is sent again until accepted, and takes effect once', async () => {
      const { u, cardId, token } = await activeCard();
      const txn = `itx_${randomUUID()}`;
      await t.database.sql.query(`UPDATE sandbox_issuer_cards SET balance = balance - 15 WHERE token = $1`, [token]);
      const event = txnEvent('transaction.authorized', token, txn, '15');
      // In the issuer's outbox after a failed first attempt (our API was down when it tried).
      await t.database.sql.query(`INSERT INTO sandbox_issuer_webhooks (event_id, body, attempts) VALUES ($1, $2, 1)`, [
        event.id,
        JSON.stringify(event),
      ]);
      // The issuer marks an event delivered only after our answer arrives, i.e. just after the order
      // is committed: wait for the issuer's mark, not for the order.
      const outbox = async () =>
        (
          await t.database.sql.query<{ delivered: boolean; attempts: number }>(
            `SELECT delivered_at IS NOT NULL AS delivered, attempts FROM sandbox_issuer_webhooks WHERE event_id = $1`,
            [event.id],
          )
        )[0]!;
      await expect.poll(async () => (await outbox()).delivered, { timeout: 15_000, interval: 100 }).toBe(true);
      expect((await outbox()).attempts).toBeGreaterThanOrEqual(2);
      expect((await orders(u.token)).total).toBe(1);
      expect((await calls(t, u.token).card(cardId)).balance).toBe('85.00');
      // Sent once more by hand: the duplicate changes nothing.
      expect(await webhook(event)).toMatchObject({ code: 200, data: { duplicate: true } });
      expect((await orders(u.token)).total).toBe(1);
      await booksClean(t);
    });

    it('out of order: a clearing before its authorisation, a reversal before its authorisation', async () => {
      const { u, cardId, token } = await activeCard();
      const txn = `itx_${randomUUID()}`;
      // The issuer's side moves as the issuer would have (authorised, then cleared).
      await t.database.sql.query(`UPDATE sandbox_issuer_cards SET balance = balance - 20 WHERE token = $1`, [token]);
      expect((await webhook(txnEvent('transaction.cleared', token, txn, '20'))).data).toMatchObject({
        outcome: 'completed',
      });
      expect((await webhook(txnEvent('transaction.authorized', token, txn, '20'))).data).toMatchObject({
        outcome: 'superseded',
      });
      expect((await calls(t, u.token).card(cardId)).balance).toBe('80.00');
      const voided = `itx_${randomUUID()}`;
      expect((await webhook(txnEvent('transaction.reversed', token, voided, '9'))).data.outcome).toBe(
        'authorization_cancelled',
      );
      expect((await webhook(txnEvent('transaction.authorized', token, voided, '9'))).data.outcome).toBe('superseded');
      expect((await calls(t, u.token).card(cardId)).balance).toBe('80.00');
      const list = (await orders(u.token)).data;
      expect(list.map((o: { status: string }) => o.status).sort()).toEqual(['authorization_cancelled', 'completed']);
      await booksClean(t);
    });

    it('500 concurrent authorisations against one card never overspend it', async () => {
      const { u, cardId } = await activeCard('virtual-visa-standard', '300', '100');
      const results = await Promise.all(Array.from({ length: 500 }, () => purchase(cardId, '1')));
      const approved = results.filter((r) => r.data.approved).length;
      expect(approved).toBe(100);
      expect(results.filter((r) => r.data.declineReason === 'insufficient_balance').length).toBe(400);
      expect((await calls(t, u.token).card(cardId)).balance).toBe('0.00');
      expect((await orders(u.token, { status: 'pre_authorization' })).total).toBe(100);
      await booksClean(t);
    }, 300_000);

    it('freeze → declined purchase → unfreeze → approved; a risk-frozen card cannot be unfrozen by the customer', async () => {
      const { u, cardId } = await activeCard();
      const frozen = await t.post('card/freeze', { cardId }, { token: u.token });
      expect(frozen.data.status).toBe('frozen');
      expect((await purchase(cardId, '5')).data).toMatchObject({ approved: false, declineReason: 'card_frozen' });
      expect((await t.post('card/unfreeze', { cardId }, { token: u.token })).data.status).toBe('active');
      expect((await purchase(cardId, '5')).data.approved).toBe(true);
      const other = await customer(t);
      expect((await t.post('card/freeze', { cardId }, { token: other.token })).code).toBe(404);
      await booksClean(t);
    });

    it('risk freeze: unfreeze request only after the period, needs 1 USD, once only', async () => {
      const { u, c, cardId } = await activeCard('virtual-visa-standard', '110.3', '100');
      // 110.3 − 10 (fee) − 100 (first top-up) = 0.3 left on card funding
      expect(await c.funding()).toBe('0.30');
      await t.post('dev/cards/riskFreeze', { cardId, days: 3 });
      const card = await c.card(cardId);
      expect(card).toMatchObject({ status: 'risk_frozen', riskFreeze: { days: 3, unfreezeRequested: false } });
      expect(await t.post('card/unfreeze', { cardId }, { token: u.token })).toMatchObject({ key: 'card_risk_frozen' });
      const early = await t.post('card/requestUnfreeze', { cardId }, { token: u.token });
      expect(early).toMatchObject({ key: 'card_unfreeze_too_early', msg: expect.stringContaining('3') });
      t.clock.advance(3 * 86_400_000 + 1000);
      expect(await t.post('card/requestUnfreeze', { cardId }, { token: u.token })).toMatchObject({
        key: 'card_unfreeze_fee_insufficient',
      });
      await fundCard(t, u.token, '50');
      const ok = await t.post('card/requestUnfreeze', { cardId }, { token: u.token });
      expect(ok).toMatchObject({
        code: 200,
        data: {
          fee: '1.00',
          status: 'pending',
          card: { status: 'risk_frozen', riskFreeze: { unfreezeRequested: true } },
        },
      });
      expect(await c.funding()).toBe('49.30');
      expect(await t.post('card/requestUnfreeze', { cardId }, { token: u.token })).toMatchObject({
        key: 'card_unfreeze_already_applied',
      });
      await t.post('dev/cards/unfreezeReview', { cardId, approve: true });
      expect((await c.card(cardId)).status).toBe('active');
      t.clock.advance(-(3 * 86_400_000 + 1000));
      await booksClean(t);
    });

    it('close refunds exactly the balance to the wallet in one posting; refused while a purchase is held', async () => {
      const { u, c, cardId } = await activeCard('virtual-visa-standard', '300', '100');
      const held = await purchase(cardId, '10');
      const close = () =>
        t.post('card/close', { cardId }, { token: u.token, headers: { 'idempotency-key': `close-${cardId}` } });
      expect(await close()).toMatchObject({ key: 'card_pending_transactions' });
      await t.post('dev/cards/transaction', { transactionId: held.data.transactionId, action: 'clear' });
      const before = await c.wallet('USD');
      const closed = await close();
      expect(closed.data).toMatchObject({ status: 'closed', balance: '0.00' });
      // The refund reaches the wallet (USD by default), spec §4.
      expect(Number(await c.wallet('USD')) - Number(before)).toBeCloseTo(90, 6);
      expect((await close()).data.status).toBe('closed');
      const [n] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_postings WHERE type = 'card_close' AND user_id = $1`,
        [u.userId],
      );
      expect(n!.n).toBe(1);
      expect((await purchase(cardId, '1')).data.approved).toBe(false);
      await booksClean(t);
    });

    it('details reveal: transaction password required, wrong ones count, grant single-use and short-lived, no-store', async () => {
      const { u, cardId } = await activeCard();
      const grant = (payPassword: string) => t.post('card/detailsGrant', { cardId, payPassword }, { token: u.token });
      expect(await grant('123456')).toMatchObject({
        key: 'card_paypass_required',
        data: { fix: '/pages/user/paypass' },
      });
      await stepUpGrant(t, u.token, 'paypass');
      expect(
        (await t.post('user/setPayPassword', { password: '246810', confirmPassword: '246810' }, { token: u.token }))
          .code,
      ).toBe(200);
      expect(await grant('111111')).toMatchObject({ key: 'paypass_wrong' });
      const res = await t.inject({
        method: 'POST',
        url: '/api/card/detailsGrant',
        payload: { cardId, payPassword: '246810' },
        headers: { 'access-token': u.token },
      });
      expect(res.headers['cache-control']).toBe('no-store');
      const g = JSON.parse(res.body).data.grant as string;
      const reveal = await t.inject({
        method: 'POST',
        url: '/api/card/details',
        payload: { cardId, grant: g },
        headers: { 'access-token': u.token },
      });
      expect(reveal.headers['cache-control']).toBe('no-store');
      const details = JSON.parse(reveal.body).data;
      expect(details.pan).toMatch(/^\d{16}$/);
      expect(details.cvv).toMatch(/^\d{3}$/);
      expect(details.pan.endsWith((await calls(t, u.token).card(cardId)).last4)).toBe(true);
      expect(await t.post('card/details', { cardId, grant: g }, { token: u.token })).toMatchObject({
        key: 'card_details_unavailable',
      });
      const late = (await grant('246810')).data.grant;
      t.clock.advance(61_000);
      expect(await t.post('card/details', { cardId, grant: late }, { token: u.token })).toMatchObject({
        key: 'card_details_unavailable',
      });
      t.clock.advance(-61_000);
      // another customer's grant for this card answers "not found"
      const other = await activeCard();
      const theirs = (await grant('246810')).data.grant;
      expect(
        (await t.post('card/details', { cardId: other.cardId, grant: theirs }, { token: other.u.token })).code,
      ).toBe(404);
      // Five wrong tries lock the transaction password (the wallet's lock).
      for (let i = 0; i < 4; i++) await grant('000000');
      expect(await grant('000000')).toMatchObject({ key: 'paypass_locked' });
      const [stored] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cards WHERE id = $1 AND (issuer_token LIKE $2)`,
        [cardId, `%${details.pan}%`],
      );
      expect(stored!.n).toBe(0);
    });

    it('PIN and ATM PIN change through the issuer; six digits twice', async () => {
      const { u, cardId } = await activeCard();
      expect(
        (await t.post('card/setPin', { cardId, kind: 'atm', pin: '135790', pinConfirm: '135790' }, { token: u.token }))
          .key,
      ).toBe('step_up_required');
      await stepUpGrant(t, u.token, 'card_pin', u.password);
      expect(
        (await t.post('card/setPin', { cardId, kind: 'atm', pin: '135790', pinConfirm: '135790' }, { token: u.token }))
          .code,
      ).toBe(200);
      expect(
        (await t.post('card/setPin', { cardId, kind: 'pin', pin: '135790', pinConfirm: '135791' }, { token: u.token }))
          .code,
      ).toBe(422);
      expect(
        (await t.post('card/setPin', { cardId, kind: 'pin', pin: '12345', pinConfirm: '12345' }, { token: u.token }))
          .code,
      ).toBe(422);
    });

    it('binding a physical card: Luhn, product BINs, carrier code; a bound card is refused without saying whose', async () => {
      const u = await customer(t, { level: 2 });
      const stock = (await t.post('dev/cards/stock', { brand: 'mastercard', tier: 'discount' })).data;
      const bind = (cardNumber: string, carrierCode: string, token = u.token) =>
        t.post('card/bind', { cardNumber, carrierCode }, { token });
      const broken = stock.pan.slice(0, -1) + String((Number(stock.pan.slice(-1)) + 1) % 10);
      expect(await bind(broken, stock.carrierCode)).toMatchObject({ key: 'card_number_invalid' });
      expect(await bind('4111111111111111', stock.carrierCode)).toMatchObject({ key: 'card_not_product' });
      const wrongCode = String((Number(stock.carrierCode) + 1) % 1_000_000).padStart(6, '0');
      expect(await bind(stock.pan, wrongCode)).toMatchObject({ key: 'card_bind_refused' });
      const ok = await bind(stock.pan.replace(/(\d{4})/g, '$1 ').trim(), stock.carrierCode);
      expect(ok).toMatchObject({
        code: 200,
        data: {
          type: 'physical',
          brand: 'mastercard',
          tier: 'discount',
          status: 'inactivated',
          bound: true,
          last4: stock.last4,
        },
      });
      const other = await customer(t, { level: 2 });
      const again = await bind(stock.pan, stock.carrierCode, other.token);
      expect(again).toMatchObject({ key: 'card_bind_refused' });
      expect(JSON.stringify(again)).not.toContain(u.account);
      expect((await bind(stock.pan, stock.carrierCode)).key).toBe('card_bind_refused');
      await booksClean(t);
    });

    it('the issuer reverses a top-up: the money returns to the wallet in one posting and cards.topup_reversed names the top-up', async () => {
      const { c, cardId } = await activeCard('virtual-visa-standard', '300', '100');
      const top = await c.topUp(cardId, '20');
      expect(top.code, top.msg).toBe(200);
      const before = await c.funding();
      expect((await t.post('dev/cards/reverseLoad', { operationId: top.data.id })).code).toBe(200);
      expect((await c.card(cardId)).balance).toBe('100.00');
      expect(Number(await c.funding()) - Number(before)).toBeCloseTo(20.3, 6);
      const rows = await t.database.sql.query<{ type: string; aggregate_id: string; payload: Record<string, string> }>(
        `SELECT type, aggregate_id, payload FROM domain_events WHERE aggregate_id = $1 ORDER BY id`,
        [top.data.id],
      );
      expect(rows.map((r) => r.type)).toEqual(['cards.topped_up', 'cards.topup_reversed']);
      expect(rows[1]!.payload).toMatchObject({ cardId, amount: '20', currency: 'USD' });
      expect((await t.post('dev/cards/reverseLoad', { operationId: top.data.id })).code).toBe(404);
      await booksClean(t);
    });

    it('statement: filter by card and state, 15 per page, CSV export of a period', async () => {
      const { u, cardId } = await activeCard('virtual-visa-standard', '300', '100');
      for (let i = 0; i < 17; i++)
        await purchase(cardId, '1', {
          then: i % 2 ? 'clear' : 'none',
          merchant: i === 0 ? '=HYPERLINK("x")' : 'Shop, "Quoted"',
        });
      const page1 = await orders(u.token, { cardId });
      expect(page1).toMatchObject({ total: 17, last_page: 2, per_page: 15 });
      expect(page1.data).toHaveLength(15);
      expect((await orders(u.token, { cardId, page: '2' })).data).toHaveLength(2);
      expect((await orders(u.token, { status: 'completed' })).total).toBe(8);
      const other = await customer(t);
      expect((await t.get('card/orders', { cardId }, { token: other.token })).code).toBe(404);
      const day = t.clock.now().toISOString().slice(0, 10);
      const res = await t.inject({
        method: 'GET',
        url: `/api/card/orders/export?from=${day}&to=${day}`,
        headers: { 'access-token': u.token },
      });
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(18);
      expect(lines[0]).toContain('Order number');
      expect(res.body).toContain('"Shop, ""Quoted"""');
      expect(res.body).toContain(`'=HYPERLINK`);
      const bad = await t.get('card/orders/export', { from: day, to: '2020-01-01' }, { token: u.token });
      expect(bad.key).toBe('card_export_period_invalid');
    });
  });
}
