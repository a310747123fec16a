import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

for (const driver of testDrivers()) {
  describe(`Wallet tab badge: unseen wallet events (${driver})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    it('counts credited deposits and decided withdrawals per customer, cleared when seen', async () => {
      const u = await t.createUser();
      const other = await t.createUser();
      const admin = await t.createAdmin();
      // The badge count is kept by the `wallet-unseen` consumer of domain events: drained here as the
      // background poller would.
      const count = async (token: string) => {
        await t.app.events.drain('wallet-unseen');
        return (await t.get('wallet/unseenEvents', {}, { token })).data.count as number;
      };
      expect(await count(u.token)).toBe(0);

      const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '100',
      });
      // Confirming is not yet an event; the credit is.
      expect(await count(u.token)).toBe(0);
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
      expect(await count(u.token)).toBe(1);
      expect(await count(other.token)).toBe(0);

      await stepUpGrant(t, u.token, 'paypass');
      expect(
        (await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token }))
          .code,
      ).toBe(200);
      const withdraw = (amount: string) =>
        t.post(
          'wallet/withdraw',
          { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount, payPassword: '135790' },
          { token: u.token, headers: { 'idempotency-key': randomUUID() } },
        );
      const w1 = await withdraw('20');
      const w2 = await withdraw('15');
      expect(await count(u.token)).toBe(1);
      await t.post('admin/withdrawals/approve', { id: w1.data.id }, { token: admin.token });
      await t.post('admin/withdrawals/reject', { id: w2.data.id, reason: 'risk' }, { token: admin.token });
      expect(await count(u.token)).toBe(3);

      const seen = await t.post('wallet/markEventsSeen', {}, { token: u.token });
      expect(seen.data).toEqual({ count: 0 });
      expect(await count(u.token)).toBe(0);
      expect((await t.get('wallet/unseenEvents')).code).toBe(401);
    });
  });
}
