import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkLedger } from '../../src/ledger/check';
import { sqlFromPgPool } from '../../src/ledger/sql';
import { insertUser } from '../../src/modules/accounts/users';
import { hashToken, newToken } from '../../src/security/tokens';
import { freePort, startApiProcess } from '../support/api-process';
import { createScratchDatabase, scratchPool } from '../support/pg';

/**
 * kill -9 of the API in the middle of a load of wallet → card transfers against PostgreSQL:
 * after a restart every transfer the client saw acknowledged is there, retrying the unanswered
 * ones with their keys executes each at most once, and the books balance. Loopback only; bounded
 * (≤ 400 acknowledged transfers or 4 s of load before the kill).
 */
const USERS = 4;
const CONCURRENCY = 12;

describe.runIf(inject('pgReachable'))('crash safety (PostgreSQL, kill -9)', () => {
  const children: ChildProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    await drop?.();
  });

  it('keeps every acknowledged transfer and balanced books across a SIGKILL', async () => {
    const scratch = await createScratchDatabase('cw_crash');
    drop = scratch.drop;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const first = await startApiProcess(scratch.url, port, { SCRYPT_N: '1024' });
    children.push(first);

    const pool = scratchPool({ connectionString: scratch.url, max: 4 });
    const sql = sqlFromPgPool(pool);
    try {
      const users: Array<{ userId: string; token: string }> = [];
      for (let i = 0; i < USERS; i++) {
        const { id } = await insertUser(
          sql,
          { email: `crash${i}@example.com`, mobile: null, password: 'Passw0rd!', kycLevel: 1 },
          1024,
          new Date(),
        );
        const token = newToken();
        await sql.query(
          `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
          [id, hashToken(token)],
        );
        users.push({ userId: String(id), token });
      }
      const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${base}/${path}`, {
          method: path.startsWith('wallet/rechargeAddress') ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: path.startsWith('wallet/rechargeAddress') ? undefined : JSON.stringify(body),
        });
        return (await res.json()) as { code: number; key?: string; data: { id: string; address: string } };
      };
      for (const u of users) {
        const addr = await call('wallet/rechargeAddress?currency=USDT&network=TRC20', null, {
          'access-token': u.token,
        });
        expect(addr.code).toBe(200);
        expect(
          (
            await call('dev/chain/deposit', {
              address: addr.data.address,
              currency: 'USDT',
              network: 'TRC20',
              amount: '1000000',
            })
          ).code,
        ).toBe(200);
      }
      await call('dev/chain/mine', { network: 'TRC20', blocks: 19 });

      // Load: transfers with client keys; record what the server acknowledged.
      const acked = new Map<string, { user: number; id: string }>();
      const unanswered = new Map<string, number>();
      let seq = 0;
      let stop = false;
      let inFlightAtKill = 0;
      const started = Date.now();
      const worker = async () => {
        while (!stop) {
          const n = seq++;
          const user = n % USERS;
          const key = `crash-transfer-${n}`;
          unanswered.set(key, user);
          try {
            const res = await call(
              'wallet/transfer',
              { currency: 'USDT', amount: '50' },
              { 'access-token': users[user]!.token, 'idempotency-key': key },
            );
            if (res.code === 200) {
              acked.set(key, { user, id: res.data.id });
              unanswered.delete(key);
            } else throw new Error(`refused: ${res.key}`);
          } catch (e) {
            if (!stop) throw e;
            return; // the connection died with the process: outcome unknown, stays in `unanswered`
          }
          if (acked.size >= 400 || Date.now() - started > 4000) {
            if (!stop) {
              stop = true;
              inFlightAtKill = unanswered.size;
              first.kill('SIGKILL');
            }
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await new Promise<void>((r) =>
        first.exitCode !== null || first.signalCode ? r() : first.once('exit', () => r()),
      );
      expect(first.signalCode).toBe('SIGKILL');
      expect(acked.size).toBeGreaterThan(20);
      process.stderr.write(
        `[crash test] SIGKILL with ${inFlightAtKill} requests in flight; ${acked.size} acknowledged, ${unanswered.size} never answered\n`,
      );

      // Every acknowledged transfer is in the database, with the id the client was given.
      const rows = await sql.query<{ idempotency_key: string; id: string }>(
        `select idempotency_key, id from wallet_transfers`,
      );
      const stored = new Map(rows.map((r) => [r.idempotency_key, r.id]));
      for (const [key, { id }] of acked) expect(stored.get(key)).toBe(id);
      expect((await checkLedger(sql)).problems).toEqual([]);

      // Restart; the client retries what it never heard back about, with the same keys.
      const second = await startApiProcess(scratch.url, port, { SCRYPT_N: '1024' });
      children.push(second);
      for (const [key, user] of unanswered) {
        const res = await call(
          'wallet/transfer',
          { currency: 'USDT', amount: '50' },
          { 'access-token': users[user]!.token, 'idempotency-key': key },
        );
        expect(res.code).toBe(200);
        if (stored.has(key)) expect(res.data.id).toBe(stored.get(key)); // it had committed: the original
      }
      for (const [key, { user, id }] of acked) {
        const res = await call(
          'wallet/transfer',
          { currency: 'USDT', amount: '50' },
          { 'access-token': users[user]!.token, 'idempotency-key': key },
        );
        expect(res.data.id).toBe(id);
      }
      // Only this test's customers: the sandbox demo data of the started process has transfers too.
      const ours = users.map((u) => u.userId);
      const [count] = await sql.query<{ n: number }>(
        `select count(*)::int as n from wallet_transfers where user_id = any($1::text[])`,
        [ours],
      );
      expect(count!.n).toBe(acked.size + unanswered.size);
      const [funding] = await sql.query<{ total: string }>(
        `select coalesce(sum(balance), 0)::text as total from ledger_accounts where kind = 'card_funding' and user_id = any($1::text[])`,
        [ours],
      );
      expect(Number(funding!.total)).toBe(50 * count!.n);
      expect((await checkLedger(sql)).problems).toEqual([]);
      second.kill('SIGTERM');
    } finally {
      await pool.end();
    }
  }, 120_000);
});
