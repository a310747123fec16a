import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSandbox } from '../../src/modules/accounts/seed';
import { runDemoSeeds } from '../../src/sandbox/demo-seeds';
import { hashToken, newToken } from '../../src/security/tokens';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, fundCard } from './support';

/**
 * The cards demo seed on its own: the kyc and wallet seeds (other branches) are stood in for by
 * the sandbox controls — level 2 + birth date, and a funded card-funding balance.
 */
describe.each(testDrivers())('cards demo seed on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  it('gives the demo customer an active virtual card with a balance and a physical card on its way, once', async () => {
    const userId = await seedSandbox(t.app);
    expect((await t.post('dev/users/kyc', { userId, level: 2, birthDate: '1990-05-14' })).code).toBe(200);
    const token = newToken();
    await t.database.sql.query(
      `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
      [userId, hashToken(token)],
    );
    await fundCard(t, token, '500');
    const stand = async () => {};
    for (const name of ['wallet', 'kyc'])
      if (!t.app.demoSeeds.ordered().some((s) => s.name === name)) t.app.demoSeeds.add({ name, run: stand });
    const report = await runDemoSeeds(t.app, { userId });
    expect(report.failed).toEqual([]);
    expect(report.ran).toContain('cards');
    const { cards } = (await t.get('card/list', {}, { token })).data;
    expect(cards).toHaveLength(3);
    // The card that works comes first (the physical one and the WeChat Pay one are newer but not activated yet).
    expect(cards.map((c: { type: string; status: string }) => `${c.type}:${c.status}`)).toEqual([
      'virtual:active',
      'virtual:inactivated',
      'physical:inactivated',
    ]);
    // 120 USD loaded, then the statement seed's purchases through the issuer's webhooks:
    // 4.80 + 25.33 (23.45 EUR) + 19.99 completed, 9.90 still held; the voided hotel returned;
    // then the 3-D Secure seed's 12.96 (12 EUR) approved in the app and completed.
    expect(cards.find((c: { type: string }) => c.type === 'virtual')).toMatchObject({
      status: 'active',
      balance: '47.02',
      cardholder: 'Alex Morgan',
    });
    expect(report.ran).toContain('card-transactions');
    const orders = (await t.get('card/orders', {}, { token })).data.data as { status: string }[];
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['completed', 'settling', 'authorization_cancelled', 'pre_authorization', 'transaction_cancelled']),
    );
    expect(report.ran).toContain('card-threeds');
    expect(orders.some((o) => (o as { threeDs?: string }).threeDs === 'approved')).toBe(true);
    const controls = (await t.get('card/controls', { cardId: cards[0].id }, { token })).data;
    expect(controls).toMatchObject({ magstripe: false, monthlyLimit: '3000.00', appliedAtIssuer: true });
    expect(controls.blocks[0]).toMatchObject({ category: 'gambling', coolOffHours: 720 });
    expect(cards.find((c: { type: string }) => c.type === 'physical')).toMatchObject({
      status: 'inactivated',
      shippingStatus: 'processing',
    });
    // Issue 23: a dispute under review (wrong amount at the supermarket), taken up by the issuer's signed webhook.
    expect(report.ran).toContain('card-disputes');
    const disputes = (await t.get('card/dispute/list', {}, { token })).data.data as {
      status: string;
      merchant: string;
    }[];
    expect(disputes.map((d) => `${d.merchant}:${d.status}`)).toEqual(['Carrefour Market:under_review']);
    // Issue 27: a card application paid with WeChat Pay through the real service and the sandbox cashier.
    expect(report.ran).toContain('card-wechat-pay');
    const [paid] = await t.database.sql.query<{ status: string; product_id: string; card_status: string }>(
      `SELECT o.status, o.product_id, c.status AS card_status FROM wechat_pay_orders o JOIN cards c ON c.id = o.card_id::text WHERE o.user_id = $1`,
      [userId],
    );
    expect(paid).toMatchObject({
      status: 'COMPLETED',
      product_id: 'virtual-mastercard-discount',
      card_status: 'inactivated',
    });
    expect((await runDemoSeeds(t.app, { userId })).ran).toEqual([]);
    await booksClean(t);
  }, 120_000);
});
