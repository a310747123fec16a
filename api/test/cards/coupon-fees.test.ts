import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, calls, customer, ensurePayPassword, fundCard, key, PAY_PASSWORD } from './support';

/**
 * Every fee coupon scope is redeemable where it applies (issue 21): the top-up gateway fee, the
 * card withdrawal fee and the unfreeze fee — inside the fee's own posting (the fee account earns
 * the whole fee, promotions funds the discount), used once however many requests race for it.
 */
describe.each(testDrivers())('fee coupons on card operations (%s)', (driver) => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await t.createAdmin();
  }, 120_000);
  afterAll(async () => t?.close());

  const future = () => new Date(Date.now() + 30 * 86400_000).toISOString();
  async function couponFor(token: string, scope: string, over: Record<string, unknown> = {}) {
    const body = {
      name: 'Fee off',
      scope,
      discountType: 'fixed',
      discountValue: '5',
      validUntil: future(),
      quantity: 1,
      ...over,
    };
    const issued = await t.post('admin/coupons/issue', body, { token: admin.token });
    expect(issued.code, issued.msg).toBe(200);
    expect((await t.post('coupon/bind', { code: issued.data.codes[0] }, { token })).code).toBe(200);
    const list = await t.get('coupon/list', { state: 'available', scope }, { token });
    return list.data.data[0].id as string;
  }
  async function activeCard(fund: string, first = '100') {
    const u = await customer(t);
    await fundCard(t, u.token, fund);
    const c = calls(t, u.token);
    const applied = await c.apply({ productId: 'virtual-visa-standard' });
    expect((await c.activate(applied.data.id, first)).code).toBe(200);
    return { u, c, cardId: applied.data.id as string };
  }
  const promotionsEntries = async (userId: string) =>
    (
      await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id JOIN ledger_accounts a ON a.id = e.account_id
          WHERE p.user_id = $1 AND a.key = 'system:promotions:USD'`,
        [userId],
      )
    )[0]!.n;

  it('top-up gateway fee: the coupon takes the 0.30 fee off; a fee of 0 refuses it; 50 racing top-ups use it once', async () => {
    const { u, c, cardId } = await activeCard('1200');
    const couponId = await couponFor(u.token, 'card_topup_gateway_fee', { discountValue: '1' });
    expect(await c.funding()).toBe('1090.00');
    // 50 USD and more carry no gateway fee: nothing to take off.
    expect(
      await t.post(
        'card/topUp',
        { cardId, amount: '60', couponId },
        { token: u.token, headers: { 'idempotency-key': key() } },
      ),
    ).toMatchObject({ key: 'coupon_not_applicable' });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post(
          'card/topUp',
          { cardId, amount: '20', couponId },
          { token: u.token, headers: { 'idempotency-key': key() } },
        ),
      ),
    );
    const ok = results.filter((r) => r.code === 200);
    expect(ok.length).toBe(1);
    expect(ok[0]!.data).toMatchObject({ kind: 'topup', amount: '20.00', fee: '0.00' });
    for (const r of results) if (r.code !== 200) expect(['coupon_used', 'coupon_not_applicable']).toContain(r.key);
    expect(await promotionsEntries(u.userId)).toBe(1);
    // The coupon paid the whole fee: exactly the 20 left the card funding.
    expect(await c.funding()).toBe('1070.00');
    expect((await c.card(cardId)).balance).toBe('120.00');
    await booksClean(t);
  });

  it('card withdrawal fee: 50 % off (2.50) — the card pays 20 + 2.50, the wallet gets 20; used once', async () => {
    const { u, c, cardId } = await activeCard('300');
    const couponId = await couponFor(u.token, 'card_withdrawal_fee', {
      discountType: 'percent',
      discountValue: '50',
      discountCap: '10',
    });
    await ensurePayPassword(t, u.token);
    const withdraw = (k = key()) =>
      t.post(
        'card/withdraw',
        { cardId, amount: '20', currency: 'USDT', payPassword: PAY_PASSWORD, couponId },
        { token: u.token, headers: { 'idempotency-key': k } },
      );
    const k = key();
    const w = await withdraw(k);
    expect(w.data, w.msg).toMatchObject({
      kind: 'withdraw',
      amount: '20.00',
      fee: '2.50',
      walletCurrency: 'USDT',
      card: { balance: '77.50' },
    });
    expect((await withdraw(k)).data.id).toBe(w.data.id);
    expect(await c.wallet('USDT')).toBe('20');
    expect(await withdraw()).toMatchObject({ key: 'coupon_not_applicable' });
    expect(await promotionsEntries(u.userId)).toBe(1);
    await booksClean(t);
  });

  it('unfreeze fee: a coupon covering it lets a customer without card funding ask for the review', async () => {
    const { u, c, cardId } = await activeCard('110', '100');
    expect(await c.funding()).toBe('0.00');
    const couponId = await couponFor(u.token, 'card_unfreeze_fee', { discountValue: '1' });
    const other = await couponFor(u.token, 'card_topup_gateway_fee');
    await t.post('dev/cards/riskFreeze', { cardId, days: 1 });
    t.clock.advance(86_400_000 + 1000);
    try {
      expect(await t.post('card/requestUnfreeze', { cardId, couponId: other }, { token: u.token })).toMatchObject({
        key: 'coupon_not_applicable',
      });
      const ok = await t.post('card/requestUnfreeze', { cardId, couponId }, { token: u.token });
      expect(ok, ok.msg).toMatchObject({ code: 200, data: { status: 'pending' } });
      expect(await c.funding()).toBe('0.00');
      expect(
        (await t.get('coupon/list', { state: 'used' }, { token: u.token })).data.data.map((x: { id: string }) => x.id),
      ).toContain(couponId);
      await booksClean(t);
    } finally {
      t.clock.advance(-(86_400_000 + 1000));
    }
  });
});
