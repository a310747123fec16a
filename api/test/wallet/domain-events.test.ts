import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** The wallet records its decided deposits and withdrawals as domain events, with their postings. */
describe.each(testDrivers())('wallet domain events on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  const eventsOf = async (userId: string) =>
    t.database.sql.query<{ type: string; aggregate_id: string; payload: Record<string, unknown> }>(
      `select type, aggregate_id, payload from domain_events where user_id = $1::bigint order by id`,
      [userId],
    );

  it('deposit credited, withdrawal sent and withdrawal rejected, each once', async () => {
    const u = await t.createUser({ kycLevel: 1 });
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    const dep = await t.post('dev/chain/deposit', {
      address: addr.data.address,
      currency: 'USDT',
      network: 'TRC20',
      amount: '100',
    });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 18 });
    expect(await eventsOf(u.userId)).toEqual([]);
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 5 });
    expect(await eventsOf(u.userId)).toEqual([
      {
        type: 'wallet.deposit_credited',
        aggregate_id: dep.data.id,
        payload: { currency: 'USDT', network: 'TRC20', amount: '100', txHash: dep.data.txHash },
      },
    ]);

    await stepUpGrant(t, u.token, 'paypass');
    await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token });
    const admin = await t.createAdmin();
    const body = { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount: '20', payPassword: '135790' };
    const w1 = await t.post('wallet/withdraw', body, { token: u.token, headers: { 'idempotency-key': randomUUID() } });
    const w2 = await t.post('wallet/withdraw', body, { token: u.token, headers: { 'idempotency-key': randomUUID() } });
    await t.post('admin/withdrawals/approve', { id: w1.data.id }, { token: admin.token });
    await t.post('admin/withdrawals/reject', { id: w2.data.id, reason: 'risk review' }, { token: admin.token });
    // A second decision is refused and records nothing.
    expect((await t.post('admin/withdrawals/reject', { id: w1.data.id }, { token: admin.token })).key).toBe(
      'withdrawal_not_pending',
    );

    const events = await eventsOf(u.userId);
    expect(events.map((e) => [e.type, e.aggregate_id])).toEqual([
      ['wallet.deposit_credited', dep.data.id],
      ['wallet.withdrawal_requested', w1.data.id],
      ['wallet.withdrawal_requested', w2.data.id],
      ['wallet.withdrawal_approved', w1.data.id],
      ['wallet.withdrawal_sent', w1.data.id],
      ['wallet.withdrawal_rejected', w2.data.id],
    ]);
    expect(events[4]!.payload).toMatchObject({
      currency: 'USDT',
      amount: '20',
      fee: '1',
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(events[5]!.payload).toMatchObject({ amount: '20', reason: 'risk review' });
  });
});
