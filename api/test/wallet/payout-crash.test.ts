import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkLedger } from '../../src/ledger/check';
import { sqlFromPgPool } from '../../src/ledger/sql';
import { insertUser } from '../../src/modules/accounts/users';
import { hashToken, newToken } from '../../src/security/tokens';
import { freePort, startApiProcess } from '../support/api-process';
import { createScratchDatabase, scratchPool } from '../support/pg';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * kill -9 of the API between a payout's claim and its broadcast (PostgreSQL, real processes): the
 * administrator's approval committed the claim, the chain never heard of it, the process dies. The
 * restarted process's outbox poller broadcasts it by itself — once — and a reject after the claim
 * loses. Never both refunded and sent; the books balance.
 */
describe.runIf(inject('pgReachable'))('payout crash safety (PostgreSQL, kill -9)', () => {
  const children: ChildProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    await drop?.();
  });

  it('a claimed payout whose process died is broadcast by the restarted one, once', async () => {
    const scratch = await createScratchDatabase('cw_payout_crash');
    drop = scratch.drop;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const first = await startApiProcess(scratch.url, port, { SCRYPT_N: '1024' });
    children.push(first);
    const pool = scratchPool({ connectionString: scratch.url, max: 2 });
    const sql = sqlFromPgPool(pool);
    const call = async (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
      const get = body === null;
      const res = await fetch(`${base}/${path}`, {
        method: get ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}), ...headers },
        body: get ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; key?: string; data: Record<string, string> };
    };
    try {
      const { id } = await insertUser(
        sql,
        { email: 'payout-crash@example.com', mobile: null, password: 'Passw0rd!', kycLevel: 1 },
        1024,
        new Date(),
      );
      const token = newToken();
      await sql.query(
        `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
        [id, hashToken(token)],
      );
      const [admin] = await sql.query<{ id: string }>(
        `insert into admins (username, password_hash) values ('payout-crash-admin', 'x') returning id::text as id`,
      );
      const adminToken = newToken();
      await sql.query(
        `insert into admin_sessions (admin_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
        [admin!.id, hashToken(adminToken)],
      );

      const addr = await call('wallet/rechargeAddress?currency=USDT&network=TRC20', null, token);
      expect(
        (
          await call('dev/chain/deposit', {
            address: addr.data.address,
            currency: 'USDT',
            network: 'TRC20',
            amount: '100',
          })
        ).code,
      ).toBe(200);
      await call('dev/chain/mine', { network: 'TRC20', blocks: 19 });
      expect(
        (await call('user/stepUp', { purpose: 'paypass', proof: { kind: 'password', password: 'Passw0rd!' } }, token))
          .code,
      ).toBe(200);
      expect((await call('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, token)).code).toBe(
        200,
      );
      const w = await call(
        'wallet/withdraw',
        { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount: '20', payPassword: '135790' },
        token,
        {
          'idempotency-key': 'payout-crash-1',
        },
      );
      expect(w.data.status).toBe('pending');

      // The chain is unreachable for this process: the claim commits, nothing is broadcast. Then it dies.
      await call('dev/chain/failures', { send: true });
      expect((await call('admin/withdrawals/approve', { id: w.data.id }, adminToken)).data).toMatchObject({
        status: 'sending',
      });
      first.kill('SIGKILL');
      await new Promise<void>((r) =>
        first.exitCode !== null || first.signalCode ? r() : first.once('exit', () => r()),
      );
      const postingsOf = async () =>
        (
          await sql.query<{ type: string }>(`select type from ledger_postings where operation_id = $1 order by id`, [
            w.data.id,
          ])
        ).map((p) => p.type);
      expect(await postingsOf()).toEqual(['withdraw']);

      // A fresh process (working chain): its outbox poller picks the payout up after the retry backoff.
      const second = await startApiProcess(scratch.url, port, { SCRYPT_N: '1024' });
      children.push(second);
      expect((await call('admin/withdrawals/reject', { id: w.data.id }, adminToken)).key).toBe(
        'withdrawal_not_pending',
      );
      const deadline = Date.now() + 30_000;
      let status = 'sending';
      while (status === 'sending' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        [{ status }] = (await sql.query<{ status: string }>(`select status from wallet_withdrawals where id = $1`, [
          w.data.id,
        ])) as [{ status: string }];
      }
      expect(status).toBe('sent');
      expect(await postingsOf()).toEqual(['withdraw', 'withdraw_sent']);
      const bal = await call('wallet/balances', null, token);
      expect(
        (bal.data.balances as unknown as { currency: string; available: string; held: string }[]).find(
          (b) => b.currency === 'USDT',
        ),
      ).toMatchObject({
        available: '79',
        held: '0',
      });
      expect((await checkLedger(sql)).problems).toEqual([]);
      second.kill('SIGTERM');
    } finally {
      await pool.end();
    }
  }, 120_000);
});
