import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, calls, customer, fundCard, postingCount } from './support';

/**
 * A coupon on the card application fee (issue 12 × issue 9): redeemed inside the fee's posting,
 * the customer pays fee − discount, the promotions account funds the rest, the coupon is used once.
 */
describe.each(testDrivers())('card application with a coupon on %s', (driver) => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await t.createAdmin();
  }, 120_000);
  afterAll(async () => t?.close());

  const future = () => new Date(Date.now() + 30 * 86400_000).toISOString();
  async function couponFor(token: string, over: Record<string, unknown> = {}) {
    const body = {
      name: 'Card welcome',
      scope: 'card_application_fee',
      discountType: 'fixed',
      discountValue: '4',
      validUntil: future(),
      quantity: 1,
      ...over,
    };
    const issued = await t.post('admin/coupons/issue', body, { token: admin.token });
    expect(issued.code, issued.msg).toBe(200);
    expect((await t.post('coupon/bind', { code: issued.data.codes[0] }, { token })).code).toBe(200);
    const list = await t.get('coupon/list', { state: 'available', scope: body.scope as string }, { token });
    return list.data.data[0].id as string;
  }

  it('charges the fee minus the discount in one posting and uses the coupon once', async () => {
    const u = await customer(t);
    await fundCard(t, u.token, '60');
    const c = calls(t, u.token);
    const couponId = await couponFor(u.token);
    const card = await c.apply({ productId: 'virtual-visa-standard', couponId });
    expect(card.code, card.msg).toBe(200);
    // Application fee 10 USD, coupon 4 USD off: 6 USD leaves the card funding.
    expect(await c.funding()).toBe('54.00');
    const [posting] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from ledger_entries e join ledger_postings p on p.id = e.posting_id where p.ref = $1`,
      [`card_apply:${card.data.id}`],
    );
    expect(posting!.n).toBe(3);
    expect(
      (await t.get('coupon/list', { state: 'used' }, { token: u.token })).data.data.map((x: { id: string }) => x.id),
    ).toContain(couponId);
    const again = await c.apply({ productId: 'virtual-visa-standard', couponId });
    expect(again.key).toBe('coupon_used');
    await booksClean(t);
  });

  it('a coupon covering the whole fee moves no customer money; a failed application leaves the coupon unused', async () => {
    const u = await customer(t);
    await fundCard(t, u.token, '50');
    const c = calls(t, u.token);
    const couponId = await couponFor(u.token, { discountType: 'percent', discountValue: '100', discountCap: '50' });
    const before = await postingCount(t);
    await t.post('dev/cards/failures', { create: 'refuse' });
    try {
      expect(await c.apply({ productId: 'virtual-visa-standard', couponId })).toMatchObject({
        key: 'card_apply_failed',
      });
    } finally {
      await t.post('dev/cards/failures', { create: 'ok' });
    }
    expect(await postingCount(t)).toBe(before);
    expect(
      (await t.get('coupon/list', { state: 'available' }, { token: u.token })).data.data.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(couponId);
    const card = await c.apply({ productId: 'virtual-visa-standard', couponId });
    expect(card.code, card.msg).toBe(200);
    expect(await c.funding()).toBe('50.00');
    await booksClean(t);
  });

  it("another customer's coupon, or one for another fee, is refused and nothing is charged", async () => {
    const owner = await customer(t);
    const couponId = await couponFor(owner.token);
    const u = await customer(t);
    await fundCard(t, u.token, '50');
    const c = calls(t, u.token);
    expect((await c.apply({ productId: 'virtual-visa-standard', couponId })).key).toBe('coupon_not_found');
    const topUpCoupon = await couponFor(u.token, { scope: 'card_topup_gateway_fee' });
    expect((await c.apply({ productId: 'virtual-visa-standard', couponId: topUpCoupon })).key).toBe(
      'coupon_not_applicable',
    );
    expect(await c.funding()).toBe('50.00');
    expect((await t.get('card/list', {}, { token: u.token })).data.cards).toEqual([]);
  });
});
