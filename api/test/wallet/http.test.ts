import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { isValidTronAddress } from '../../src/providers/chain/addresses';
import { stepUpGrant } from '../support/step-up';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

for (const driver of testDrivers()) {
  describe(`wallet HTTP API (${driver})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver);
    });
    afterAll(async () => t?.close());

    async function funded(amount: string, kycLevel = 1) {
      const u = await t.createUser({ kycLevel });
      const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      expect(addr.code).toBe(200);
      const dep = await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount,
      });
      expect(dep.code).toBe(200);
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
      return u;
    }
    const transfer = (token: string, key: string, amount: string, currency = 'USDT') =>
      t.post('wallet/transfer', { currency, amount }, { token, headers: { 'idempotency-key': key } });

    it('needs a session; admin routes need an admin token', async () => {
      expect((await t.get('wallet/balances')).code).toBe(401);
      const u = await t.createUser();
      expect((await t.get('admin/ledger/check', {}, { token: u.token })).key).toBe('admin_only');
      const admin = await t.createAdmin();
      expect((await t.get('wallet/balances', {}, { token: admin.token })).code).toBe(401);
    });

    it('deposit → confirmations → credit; small deposit recorded uncredited; cash flow; tx hash once', async () => {
      const u = await t.createUser();
      const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      expect(isValidTronAddress(addr.data.address)).toBe(true);
      expect(addr.data.confirmations).toBe(19);
      const dep = await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '12.5',
      });
      expect(dep.data).toMatchObject({ status: 'confirming', confirmations: 0 });
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 18 });
      let bal = await t.get('wallet/balances', {}, { token: u.token });
      expect(bal.data.balances.find((b: { currency: string }) => b.currency === 'USDT').available).toBe('0');
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 1 });
      bal = await t.get('wallet/balances', {}, { token: u.token });
      expect(bal.data.balances.find((b: { currency: string }) => b.currency === 'USDT')).toMatchObject({
        available: '12.5',
        usdValue: '12.50',
      });
      const again = await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '12.5',
        txHash: dep.data.txHash,
      });
      expect(again.data.id).toBe(dep.data.id);
      await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '0.3',
      });
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 30 });
      const flow = await t.get('wallet/cashFlow', { filter: 'all' }, { token: u.token });
      expect(flow.data).toMatchObject({ total: 2, per_page: 15, current_page: 1, last_page: 1 });
      expect(flow.data.data[0]).toMatchObject({
        type: 'deposit_not_credited',
        amount: '0.3',
        remark: 'below_minimum',
        network: 'TRC20',
      });
      expect(flow.data.data[1]).toMatchObject({
        type: 'deposit',
        amount: '12.5',
        txHash: dep.data.txHash,
        network: 'TRC20',
      });
      const deps = await t.get('wallet/deposits', {}, { token: u.token });
      expect(deps.data.data.map((d: { status: string }) => d.status)).toEqual(['not_credited', 'credited']);
    });

    it('recharge address failure switch → recharge_address_failed', async () => {
      const u = await t.createUser();
      await t.post('dev/chain/failures', { rechargeAddress: true });
      try {
        const r = await t.get(
          'wallet/rechargeAddress',
          { currency: 'USDC', network: 'ERC20' },
          { token: u.token, locale: 'en-US' },
        );
        expect(r).toMatchObject({
          code: 500,
          key: 'recharge_address_failed',
          msg: 'Failed to get the recharge address. Please try later.',
        });
      } finally {
        await t.post('dev/chain/failures', { rechargeAddress: false });
      }
    });

    it('transfer: key required, replay returns the original, other payload 409, KYC and limits', async () => {
      const u = await funded('200');
      expect((await t.post('wallet/transfer', { currency: 'USDT', amount: '60' }, { token: u.token })).key).toBe(
        'idempotency_key_required',
      );
      const key = randomUUID();
      const first = await transfer(u.token, key, '60');
      expect(first.code).toBe(200);
      const replay = await transfer(u.token, key, '60');
      expect(replay.data).toEqual(first.data);
      const mismatch = await transfer(u.token, key, '70');
      expect(mismatch).toMatchObject({ code: 409, key: 'idempotency_key_mismatch' });
      // The replay says so in a header (src/http/idempotency.ts); the first answer does not.
      const raw = (k: string, amount: string) =>
        t.inject({
          method: 'POST',
          url: '/api/wallet/transfer',
          payload: { currency: 'USDT', amount },
          headers: { 'access-token': u.token, 'idempotency-key': k },
        });
      expect((await raw(key, '60')).headers['idempotent-replayed']).toBe('true');
      const fresh = randomUUID();
      expect((await raw(fresh, '50')).headers['idempotent-replayed']).toBeUndefined();
      expect((await raw(fresh, '50')).headers['idempotent-replayed']).toBe('true');
      expect((await transfer(u.token, randomUUID(), '49.99')).key).toBe('transfer_below_minimum');
      expect((await transfer(u.token, randomUUID(), '10000.01')).key).toBe('transfer_above_maximum');
      expect((await transfer(u.token, randomUUID(), '90.01')).key).toBe('insufficient_balance');
      expect((await transfer(u.token, randomUUID(), '60.001')).code).toBe(422);
      const noKyc = await t.createUser({ kycLevel: 0 });
      expect(await transfer(noKyc.token, randomUUID(), '60')).toMatchObject({ code: 403, key: 'kyc1_required' });
      const bal = await t.get('wallet/balances', {}, { token: u.token });
      expect(bal.data.cardFunding).toBe('110.00');
    });

    it('withdraw with transaction password; admin approves with a tx hash or rejects with a refund', async () => {
      const u = await funded('100');
      const admin = await t.createAdmin();
      const h = (key: string) => ({ token: u.token, headers: { 'idempotency-key': key } });
      const body = { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount: '20', payPassword: '135790' };
      expect((await t.post('wallet/withdraw', body, h(randomUUID()))).key).toBe('paypass_not_set');
      expect(
        (await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135791' }, { token: u.token }))
          .code,
      ).toBe(422);
      expect(
        (await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token }))
          .key,
      ).toBe('step_up_required');
      await stepUpGrant(t, u.token, 'paypass');
      expect(
        (await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token }))
          .code,
      ).toBe(200);
      expect((await t.post('wallet/withdraw', { ...body, address: 'T123' }, h(randomUUID()))).key).toBe(
        'address_invalid',
      );
      expect((await t.post('wallet/withdraw', { ...body, amount: '5' }, h(randomUUID()))).key).toBe(
        'withdraw_below_minimum',
      );
      expect(await t.post('wallet/withdraw', { ...body, payPassword: '000000' }, h(randomUUID()))).toMatchObject({
        key: 'paypass_wrong',
        msg: expect.stringContaining('4'),
      });
      const fee = await t.get(
        'wallet/withdrawFee',
        { currency: 'USDT', network: 'TRC20', amount: '20' },
        { token: u.token },
      );
      expect(fee.data).toMatchObject({ fee: '1', total: '21' });
      const w = await t.post('wallet/withdraw', body, h('withdraw-key-1'));
      expect(w.data).toMatchObject({ status: 'pending', total: '21' });
      const secured = await t.get('wallet/securedAccount', {}, { token: u.token });
      expect(secured.data.totals).toEqual([{ currency: 'USDT', amount: '21', usdValue: '21.00' }]);
      const pendingList = await t.get('admin/withdrawals', { status: 'pending' }, { token: admin.token });
      expect(pendingList.data.data.some((x: { id: string }) => x.id === w.data.id)).toBe(true);
      const sent = await t.post('admin/withdrawals/approve', { id: w.data.id }, { token: admin.token });
      expect(sent.data.status).toBe('sent');
      expect(sent.data.txHash).toMatch(/^[0-9a-f]{64}$/);
      expect((await t.post('admin/withdrawals/approve', { id: w.data.id }, { token: admin.token })).key).toBe(
        'withdrawal_not_pending',
      );
      const w2 = await t.post('wallet/withdraw', { ...body, amount: '30' }, h('withdraw-key-2'));
      expect(
        (await t.post('admin/withdrawals/reject', { id: w2.data.id, reason: 'risk' }, { token: admin.token })).data
          .status,
      ).toBe('rejected');
      const bal = await t.get('wallet/balances', {}, { token: u.token });
      expect(bal.data.balances.find((b: { currency: string }) => b.currency === 'USDT')).toMatchObject({
        available: '79',
        held: '0',
      });
      const check = await t.get('admin/ledger/check', {}, { token: admin.token });
      expect(check.data).toMatchObject({ ok: true, problems: [] });
    });

    it('transaction password: reset with a verification code (purpose paypass), single use', async () => {
      const u = await t.createUser();
      await stepUpGrant(t, u.token, 'paypass');
      expect(
        (await t.post('user/setPayPassword', { password: '111111', confirmPassword: '111111' }, { token: u.token }))
          .code,
      ).toBe(200);
      expect(
        (await t.post('user/setPayPassword', { password: '222222', confirmPassword: '222222' }, { token: u.token }))
          .key,
      ).toBe('paypass_already_set');
      expect(
        (
          await t.post(
            'user/changePayPassword',
            { oldPassword: '999999', password: '222222', confirmPassword: '222222' },
            { token: u.token },
          )
        ).key,
      ).toBe('paypass_wrong');
      expect(
        (
          await t.post(
            'user/changePayPassword',
            { oldPassword: '111111', password: '222222', confirmPassword: '222222' },
            { token: u.token },
          )
        ).key,
      ).toBe('step_up_required');
      await stepUpGrant(t, u.token, 'paypass');
      expect(
        (
          await t.post(
            'user/changePayPassword',
            { oldPassword: '111111', password: '222222', confirmPassword: '222222' },
            { token: u.token },
          )
        ).code,
      ).toBe(200);
      // The e-mail the account registered with is bound for 24 hours before it can reset the transaction password.
      t.clock.advance(86_400_000 + 1000);
      expect(
        (
          await t.post(
            'user/resetPayPassword',
            { code: '000000', password: '333333', confirmPassword: '333333' },
            { token: u.token },
          )
        ).key,
      ).toBe('code_invalid');
      const sent = await t.post('user/sendCode', { account: u.account, purpose: 'paypass' }, { token: u.token });
      expect(sent.code).toBe(200);
      const code = await t.lastCode(u.account);
      expect(code).toMatch(/^\d{6}$/);
      const reset = await t.post(
        'user/resetPayPassword',
        { code, password: '333333', confirmPassword: '333333' },
        { token: u.token },
      );
      expect(reset.code).toBe(200);
      expect(
        (
          await t.post(
            'user/resetPayPassword',
            { code, password: '444444', confirmPassword: '444444' },
            { token: u.token },
          )
        ).code,
      ).not.toBe(200);
      await stepUpGrant(t, u.token, 'paypass');
      expect(
        (
          await t.post(
            'user/changePayPassword',
            { oldPassword: '333333', password: '555555', confirmPassword: '555555' },
            { token: u.token },
          )
        ).code,
      ).toBe(200);
      expect((await t.get('user/payPasswordStatus', {}, { token: u.token })).data).toEqual({
        isSet: true,
        lockedForMinutes: 0,
      });
    });

    it('address book: currency first, valid address, ownership on delete', async () => {
      const u = await t.createUser();
      const other = await t.createUser();
      expect(
        (await t.post('wallet/addAddress', { network: 'TRC20', address: DEST_TRON }, { token: u.token })).key,
      ).toBe('choose_currency_first');
      expect(
        (
          await t.post(
            'wallet/addAddress',
            { currency: 'USDT', network: 'TRC20', address: DEST_TRON.slice(0, -1) + 'u' },
            { token: u.token },
          )
        ).key,
      ).toBe('address_invalid');
      const added = await t.post(
        'wallet/addAddress',
        { currency: 'USDT', network: 'TRC20', address: DEST_TRON, remark: 'Binance' },
        { token: u.token },
      );
      expect(added.data).toMatchObject({ address: DEST_TRON, remark: 'Binance' });
      expect((await t.post('wallet/deleteAddress', { id: added.data.id }, { token: other.token })).key).toBe(
        'address_not_found',
      );
      expect((await t.get('wallet/addresses', {}, { token: u.token })).data.addresses).toHaveLength(1);
      expect((await t.post('wallet/deleteAddress', { id: added.data.id }, { token: u.token })).code).toBe(200);
      expect((await t.get('wallet/addresses', {}, { token: u.token })).data.addresses).toHaveLength(0);
    });

    it('exchange: quote, execute once, records, expired quote refused', async () => {
      const u = await funded('500');
      const q = await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'USD', amount: '100' }, { token: u.token });
      expect(q.data).toMatchObject({ rate: '0.995', receive: '99.5', ttlSeconds: 30 });
      const x = await t.post(
        'wallet/exchange',
        { quoteId: q.data.quoteId },
        { token: u.token, headers: { 'idempotency-key': 'exchange-key-1' } },
      );
      expect(x.data).toMatchObject({ from: 'USDT', to: 'USD', amount: '100', receive: '99.5' });
      const recs = await t.get('wallet/exchangeRecords', {}, { token: u.token });
      expect(recs.data.total).toBe(1);
      expect(
        (await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'USD', amount: '0.5' }, { token: u.token })).key,
      ).toBe('exchange_out_of_limits');
      const q2 = await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'BTC', amount: '100' }, { token: u.token });
      await t.database.sql.query(
        `UPDATE wallet_exchange_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [q2.data.quoteId],
      );
      expect(
        (
          await t.post(
            'wallet/exchange',
            { quoteId: q2.data.quoteId },
            { token: u.token, headers: { 'idempotency-key': 'exchange-key-2' } },
          )
        ).key,
      ).toBe('quote_expired');
    });

    it('300 concurrent transfers racing over HTTP (1,000 at the ledger level: ledger-concurrency.test.ts): no overdraft, nothing doubled on replay, books clean', async () => {
      const users = await Promise.all(Array.from({ length: 10 }, () => funded('400')));
      const requests = Array.from({ length: 300 }, (_, i) => ({
        u: users[i % users.length]!,
        key: `race-key-${i}`,
        amount: String(50 + (i % 7) * 10),
      }));
      const run = () => Promise.all(requests.map((r) => transfer(r.u.token, r.key, r.amount)));
      const first = await run();
      const okCount = first.filter((r) => r.code === 200).length;
      expect(first.every((r) => r.code === 200 || r.key === 'insufficient_balance')).toBe(true);
      expect(okCount).toBeGreaterThanOrEqual(30); // 400 USDT each, transfers of 50–110
      expect(okCount).toBeLessThan(300);
      const replay = await run();
      for (let i = 0; i < first.length; i++) {
        if (first[i]!.code === 200) expect(replay[i]!.data).toEqual(first[i]!.data);
      }
      const [counted] = await t.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_transfers`);
      expect(counted!.n).toBeGreaterThanOrEqual(okCount);
      const rows = await t.database.sql.query<{ neg: number; total: string }>(
        `SELECT count(*) FILTER (WHERE balance < 0)::int AS neg,
                sum(balance) FILTER (WHERE user_id = ANY($1::text[]) AND kind IN ('wallet', 'card_funding'))::text AS total
         FROM ledger_accounts WHERE user_id IS NOT NULL`,
        [users.map((u) => u.userId)],
      );
      expect(rows[0]!.neg).toBe(0);
      expect(rows[0]!.total).toMatch(/^4000(\.0+)?$/);
      const admin = await t.createAdmin();
      expect((await t.get('admin/ledger/check', {}, { token: admin.token })).data.problems).toEqual([]);
    }, 120_000);
  });
}

describe('sandbox chain routes outside sandbox mode', () => {
  it('do not exist', async () => {
    const t = await createTestApp('pglite', { APP_MODE: 'production', ADMIN_PASSWORD: 'a-long-admin-password' });
    try {
      expect(
        await t.post('dev/chain/deposit', { address: DEST_TRON, currency: 'USDT', network: 'TRC20', amount: '1' }),
      ).toMatchObject({ code: 404 });
      expect((await t.post('dev/chain/mine', {})).code).toBe(404);
      const u = await t.createUser();
      expect(
        (await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token })).key,
      ).toBe('recharge_address_failed');
    } finally {
      await t.close();
    }
  });
});
