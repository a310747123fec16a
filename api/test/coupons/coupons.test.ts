import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/ledger/check';
import { systemAccount, userAccount } from '../../src/ledger/accounts';
import { post } from '../../src/ledger/store';
import { redeemCoupon, type RedeemCouponInput } from '../../src/modules/coupons/redeem';
import { seedDemoCoupons } from '../../src/modules/coupons/seed';
import { CouponsService } from '../../src/modules/coupons/service';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

const DAY = 86_400_000;
const future = (days = 30) => new Date(Date.now() + days * DAY).toISOString();

describe.each(testDrivers())('coupons on %s', (driver) => {
  let t: TestApp;
  let admin: { adminId: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await t.createAdmin();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const issue = async (over: Record<string, unknown> = {}) => {
    const res = await t.post(
      'admin/coupons/issue',
      {
        name: 'Test',
        scope: 'card_application_fee',
        discountType: 'fixed',
        discountValue: '10',
        validUntil: future(),
        quantity: 1,
        ...over,
      },
      { token: admin.token },
    );
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.data as { batchId: string; codes: string[] };
  };
  const bind = (token: string, code: string, locale?: string) =>
    t.post('coupon/bind', { code }, { token, ...(locale ? { locale } : {}) });
  /** Moves a batch's end of validity relative to the DATABASE clock (what expiry is derived from). */
  const setValidUntil = (batchId: string, sqlOffset: string) =>
    t.database.sql.query(`update coupon_batches set valid_until = now() + $2::interval where id = $1::bigint`, [
      batchId,
      sqlOffset,
    ]);

  describe('issuance', () => {
    it('is for administrators only', async () => {
      const u = await t.createUser();
      const body = {
        name: 'x',
        scope: 'card_application_fee',
        discountType: 'fixed',
        discountValue: '1',
        validUntil: future(),
        quantity: 1,
      };
      expect(await t.post('admin/coupons/issue', body, { token: u.token })).toMatchObject({
        code: 403,
        key: 'admin_only',
      });
      expect(await t.post('admin/coupons/issue', body)).toMatchObject({ code: 401 });
      expect(await t.get('admin/coupons/batches', {}, { token: u.token })).toMatchObject({
        code: 403,
        key: 'admin_only',
      });
    });

    it('issues distinct random codes and validates the discount', async () => {
      const { codes } = await issue({ quantity: 25 });
      expect(new Set(codes).size).toBe(25);
      for (const c of codes) expect(c).toMatch(/^[A-HJ-KM-NP-Z2-9]{12}$/);
      const bad = await t.post(
        'admin/coupons/issue',
        {
          name: 'p',
          scope: 'card_application_fee',
          discountType: 'percent',
          discountValue: '150',
          validUntil: future(),
          quantity: 1,
        },
        { token: admin.token, locale: 'tr-TR' },
      );
      expect(bad.code).toBe(422);
      expect(Object.keys(bad.data.fields).sort()).toEqual(['discountCap', 'discountValue']);
      const past = await t.post(
        'admin/coupons/issue',
        {
          name: 'p',
          scope: 'card_application_fee',
          discountType: 'fixed',
          discountValue: '1',
          validUntil: new Date(Date.now() - DAY).toISOString(),
          quantity: 1,
        },
        { token: admin.token },
      );
      expect(past).toMatchObject({ code: 422, data: { fields: { validUntil: expect.any(String) } } });
      const batches = await t.get('admin/coupons/batches', {}, { token: admin.token });
      expect(batches.data.total).toBeGreaterThanOrEqual(1);
    });

    it('an administrator can end a batch early; its coupons turn expired at once', async () => {
      const u = await t.createUser();
      const { batchId, codes } = await issue();
      await bind(u.token, codes[0]!);
      expect(await t.post('admin/coupons/end', { batchId }, { token: u.token })).toMatchObject({
        code: 403,
        key: 'admin_only',
      });
      expect(await t.post('admin/coupons/end', { batchId: '999999999' }, { token: admin.token })).toMatchObject({
        code: 404,
      });
      expect(await t.post('admin/coupons/end', { batchId }, { token: admin.token })).toMatchObject({ code: 200 });
      expect((await t.get('coupon/list', { state: 'expired' }, { token: u.token })).data.total).toBe(1);
      const batch = (await t.get('admin/coupons/batches', {}, { token: admin.token })).data.data.find(
        (b: { id: string }) => b.id === batchId,
      );
      expect(batch).toMatchObject({ quantity: 1, maxUses: 1, bound: 1, used: 0 });
    });

    it('refuses a chosen code that already exists', async () => {
      await issue({ code: 'SPRING2026' });
      const again = await t.post(
        'admin/coupons/issue',
        {
          name: 'dup',
          scope: 'card_application_fee',
          discountType: 'fixed',
          discountValue: '1',
          validUntil: future(),
          quantity: 1,
          code: 'spring-2026',
        },
        { token: admin.token },
      );
      expect(again.code).toBe(422);
    });
  });

  describe('binding', () => {
    it('binds a code typed loosely and refuses unknown, already bound, bound by someone else, expired', async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const { codes, batchId } = await issue();
      const code = codes[0]!;
      const loose = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
      const bound = await bind(a.token, loose);
      expect(bound).toMatchObject({
        code: 200,
        data: {
          code,
          scope: 'card_application_fee',
          discountType: 'fixed',
          discountValue: '10.00',
          state: 'available',
        },
      });
      expect(await bind(a.token, code)).toMatchObject({ code: 500, key: 'coupon_already_bound' });
      expect(await bind(b.token, code, 'zh-HK')).toMatchObject({
        code: 500,
        key: 'coupon_bound_by_other',
        msg: '此優惠券已被其他帳戶綁定。',
      });
      expect(await bind(b.token, 'NOSUCHCODE1')).toMatchObject({ code: 404, key: 'coupon_not_found' });
      expect(await bind(b.token, '')).toMatchObject({ code: 422 });
      const other = await issue();
      await setValidUntil(other.batchId, '-1 second');
      expect(await bind(b.token, other.codes[0]!)).toMatchObject({ code: 500, key: 'coupon_expired' });
      expect(batchId).toBeTruthy();
    });

    it('a shared code binds up to maxUses customers, each once, under concurrency', async () => {
      const { codes } = await issue({ code: 'TEAMPROMO', maxUses: 3 });
      const users = await Promise.all(Array.from({ length: 8 }, () => t.createUser()));
      const results = await Promise.all(users.map((u) => bind(u.token, codes[0]!)));
      expect(results.filter((r) => r.code === 200)).toHaveLength(3);
      expect(results.filter((r) => r.key === 'coupon_bound_by_other')).toHaveLength(5);
    });
  });

  describe('listing by state', () => {
    it('derives available / used / expired from the database clock, with counts', async () => {
      const u = await t.createUser();
      const a = await issue({
        scope: 'card_topup_gateway_fee',
        discountType: 'percent',
        discountValue: '50',
        discountCap: '0.30',
      });
      const b = await issue();
      const c = await issue();
      const ca = (await bind(u.token, a.codes[0]!)).data;
      await bind(u.token, b.codes[0]!);
      const cc = (await bind(u.token, c.codes[0]!)).data;
      await setValidUntil(b.batchId, '-1 second');
      await t.database.sql.transaction((tx) =>
        redeemCoupon(tx, {
          userId: u.userId,
          couponId: cc.id,
          scope: 'card_application_fee',
          feeAmount: '25',
          reference: `test:${cc.id}`,
        }),
      );
      const avail = await t.get('coupon/list', { state: 'available' }, { token: u.token });
      expect(avail.data.counts).toEqual({ available: 1, used: 1, expired: 1 });
      expect(avail.data.data).toEqual([
        expect.objectContaining({
          id: ca.id,
          discountType: 'percent',
          discountValue: '50',
          discountCap: '0.30',
          state: 'available',
        }),
      ]);
      const used = await t.get('coupon/list', { state: 'used' }, { token: u.token });
      expect(used.data.data).toEqual([expect.objectContaining({ id: cc.id, state: 'used', usedDiscount: '10.00' })]);
      // The card application's picker: only the coupons for its fee.
      const forGateway = await t.get(
        'coupon/list',
        { state: 'available', scope: 'card_topup_gateway_fee' },
        { token: u.token },
      );
      expect(forGateway.data.data.map((x: { id: string }) => x.id)).toEqual([ca.id]);
      expect(
        (await t.get('coupon/list', { state: 'available', scope: 'card_application_fee' }, { token: u.token })).data
          .counts,
      ).toEqual({ available: 0, used: 1, expired: 1 });
      const expired = await t.get('coupon/list', { state: 'expired' }, { token: u.token });
      expect(expired.data.data).toHaveLength(1);
      expect(expired.data.total).toBe(1);
      // Someone else sees none of them.
      const other = await t.createUser();
      expect((await t.get('coupon/list', {}, { token: other.token })).data.counts).toEqual({
        available: 0,
        used: 0,
        expired: 0,
      });
      expect(await t.get('coupon/list', { state: 'lost' }, { token: u.token })).toMatchObject({ code: 422 });
    });

    it('expires exactly at valid_until: available 1 µs before, expired at the instant', async () => {
      const [row] = await t.database.sql.query<{ before: string; at: string; after: string; usedLate: string }>(
        `select coupon_state(null, '2030-01-01T00:00:00Z', '2029-12-31T23:59:59.999999Z') as before,
                coupon_state(null, '2030-01-01T00:00:00Z', '2030-01-01T00:00:00Z') as at,
                coupon_state(null, '2030-01-01T00:00:00Z', '2030-01-01T00:00:00.000001Z') as after,
                coupon_state('2029-12-31T00:00:00Z', '2030-01-01T00:00:00Z', '2031-01-01T00:00:00Z') as "usedLate"`,
      );
      expect(row).toEqual({ before: 'available', at: 'expired', after: 'expired', usedLate: 'used' });
      // Over HTTP, with no job: a coupon moves to "expired" as the database clock passes its end.
      const u = await t.createUser();
      const { codes, batchId } = await issue();
      await bind(u.token, codes[0]!);
      await setValidUntil(batchId, '1 hour');
      expect((await t.get('coupon/list', { state: 'available' }, { token: u.token })).data.total).toBe(1);
      await setValidUntil(batchId, '0 seconds');
      expect((await t.get('coupon/list', { state: 'expired' }, { token: u.token })).data.total).toBe(1);
      expect((await t.get('coupon/list', { state: 'available' }, { token: u.token })).data.total).toBe(0);
    });
  });

  describe('redemption inside the fee posting', () => {
    /** A stand-in for the card application: fee charged from card funding, the coupon in the same transaction. */
    const chargeFee = (input: Omit<RedeemCouponInput, 'reference'> & { ref: string }) =>
      t.database.sql.transaction(async (tx) => {
        const r = await redeemCoupon(tx, { ...input, reference: input.ref });
        if (Number(r.payable) > 0) {
          await post(tx, {
            ref: input.ref,
            type: 'card_apply_fee',
            userId: input.userId,
            remark: `coupon:${r.couponId}`,
            txHash: null,
            entries: [
              { account: userAccount(input.userId, 'card_funding', 'USD'), amount: `-${r.payable}` },
              { account: systemAccount('card_fees', 'USD'), amount: r.payable },
            ],
          });
        }
        return r;
      });
    const fund = async (userId: string, amount: string) => {
      await t.database.sql.transaction((tx) =>
        post(tx, {
          ref: `test-fund:${userId}:${amount}:${Math.random()}`,
          type: 'transfer_to_card',
          userId,
          remark: null,
          txHash: null,
          entries: [
            { account: systemAccount('card_funding', 'USD'), amount: `-${amount}` },
            { account: userAccount(userId, 'card_funding', 'USD'), amount },
          ],
        }),
      );
    };
    const cardFunding = async (userId: string) =>
      (
        await t.database.sql.query<{ balance: string }>(
          `select balance::text as balance from ledger_accounts where key = $1`,
          [`user:${userId}:card_funding:USD`],
        )
      )[0]?.balance;
    const couponFor = async (userToken: string, over: Record<string, unknown> = {}) => {
      const { codes, batchId } = await issue(over);
      const res = await bind(userToken, codes[0]!);
      return { id: res.data.id as string, batchId };
    };

    it('computes fixed and capped percentage discounts, rounding down to cents', async () => {
      const u = await t.createUser();
      await fund(u.userId, '100');
      const cases: [Record<string, unknown>, string, string, string][] = [
        [{ discountValue: '3' }, '10', '3.00', '7.00'],
        [{ discountValue: '20' }, '10', '10.00', '0.00'],
        [{ discountType: 'percent', discountValue: '50', discountCap: '2' }, '10', '2.00', '8.00'],
        [{ discountType: 'percent', discountValue: '10', discountCap: '5' }, '0.15', '0.01', '0.14'],
      ];
      for (const [over, fee, discount, payable] of cases) {
        const c = await couponFor(u.token, over);
        const r = await chargeFee({
          userId: u.userId,
          couponId: c.id,
          scope: 'card_application_fee',
          feeAmount: fee,
          ref: `fee:${c.id}`,
        });
        expect(r).toEqual({ couponId: c.id, discount, payable, replayed: false });
      }
      expect(await cardFunding(u.userId)).toMatch(/^84\.86/);
    });

    it('is idempotent with the posting and refuses another use, another scope, an expired or foreign coupon', async () => {
      const u = await t.createUser();
      const other = await t.createUser();
      await fund(u.userId, '50');
      const c = await couponFor(u.token);
      const first = await chargeFee({
        userId: u.userId,
        couponId: c.id,
        scope: 'card_application_fee',
        feeAmount: '25',
        ref: 'apply:1',
      });
      const replay = await chargeFee({
        userId: u.userId,
        couponId: c.id,
        scope: 'card_application_fee',
        feeAmount: '25',
        ref: 'apply:1',
      });
      expect(replay).toEqual({ ...first, replayed: true });
      expect(await cardFunding(u.userId)).toMatch(/^35(\.0+)?$/);
      await expect(
        chargeFee({ userId: u.userId, couponId: c.id, scope: 'card_application_fee', feeAmount: '25', ref: 'apply:2' }),
      ).rejects.toMatchObject({ key: 'coupon_used' });
      const d = await couponFor(u.token, { scope: 'card_withdrawal_fee' });
      await expect(
        chargeFee({ userId: u.userId, couponId: d.id, scope: 'card_application_fee', feeAmount: '25', ref: 'apply:3' }),
      ).rejects.toMatchObject({ key: 'coupon_not_applicable' });
      await expect(
        chargeFee({ userId: other.userId, couponId: d.id, scope: 'card_withdrawal_fee', feeAmount: '5', ref: 'w:1' }),
      ).rejects.toMatchObject({ key: 'coupon_not_found' });
      const e = await couponFor(u.token);
      await setValidUntil(e.batchId, '-1 second');
      await expect(
        chargeFee({ userId: u.userId, couponId: e.id, scope: 'card_application_fee', feeAmount: '25', ref: 'apply:4' }),
      ).rejects.toMatchObject({ key: 'coupon_expired' });
      // A refused charge (insufficient balance) rolls the redemption back: the coupon stays available.
      const f = await couponFor(u.token, { discountValue: '1' });
      await expect(
        chargeFee({
          userId: u.userId,
          couponId: f.id,
          scope: 'card_application_fee',
          feeAmount: '999',
          ref: 'apply:5',
        }),
      ).rejects.toBeTruthy();
      const avail = await t.get('coupon/list', { state: 'available' }, { token: u.token });
      expect(avail.data.data.map((x: { id: string }) => x.id)).toContain(f.id);
    });

    it('uses a coupon once under 50 concurrent redemptions; the books balance', async () => {
      const u = await t.createUser();
      await fund(u.userId, '1000');
      const c = await couponFor(u.token, { discountValue: '5' });
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          chargeFee({
            userId: u.userId,
            couponId: c.id,
            scope: 'card_application_fee',
            feeAmount: '10',
            ref: `race:${c.id}:${i}`,
          }),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      expect(ok).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'coupon_used' });
      // Exactly one discounted fee was charged (those refused by the coupon charged nothing).
      expect(await cardFunding(u.userId)).toMatch(/^995(\.0+)?$/);
      const [row] = await t.database.sql.query<{ n: number }>(
        `select count(*)::int as n from user_coupons where id = $1::bigint and used_at is not null`,
        [c.id],
      );
      expect(row!.n).toBe(1);
      const report = await checkLedger(t.database.sql);
      expect(report.ok, JSON.stringify(report)).toBe(true);
    }, 60_000);
  });

  it('the demo seed gives a customer coupons in each of the three states, through the services', async () => {
    const u = await t.createUser();
    await seedDemoCoupons(t.app, new CouponsService(t.app), u.userId);
    const list = await t.get('coupon/list', { state: 'available' }, { token: u.token });
    expect(list.data.counts).toEqual({ available: 3, used: 1, expired: 1 });
    // One of each fee the seed covers is usable, the unfreeze fee included (the card settings page offers it).
    const unfreeze = await t.get('coupon/list', { state: 'available', scope: 'card_unfreeze_fee' }, { token: u.token });
    expect(unfreeze.data.data).toHaveLength(1);
  });
});
