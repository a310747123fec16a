import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkLedger } from '../../src/ledger/check';
import { sqlFromPgPool } from '../../src/ledger/sql';
import { insertUser } from '../../src/modules/accounts/users';
import { hashToken, newToken } from '../../src/security/tokens';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { createScratchDatabase, scratchPool } from '../support/pg';
import { spawnApi, type ApiProcess } from './support';

/**
 * Real API processes on one PostgreSQL (loopback only, bounded): SIGTERM under load finishes what
 * is in flight and exits 0; kill -9 of the process running the sandbox chain hands the blocks to
 * the other process and the deposit is credited exactly once.
 */
describe.runIf(inject('pgReachable'))('API processes (PostgreSQL)', () => {
  const started: ApiProcess[] = [];
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null && !p.child.signalCode) p.child.kill('SIGKILL');
    await Promise.all(started.map((p) => p.exited));
    for (const drop of drops) await drop();
  });

  it('SIGTERM under load: requests in flight are answered, new connections refused, exit 0', async () => {
    const scratch = await createScratchDatabase('cw_drain');
    drops.push(scratch.drop);
    // Real scrypt cost: each login keeps the process busy for a while, so many are in flight at SIGTERM.
    // Production mode: no demo data to seed, so the process is up quickly.
    const api = await spawnApi(scratch.url, {
      APP_MODE: 'production',
      ADMIN_PASSWORD: 'Drain-test-admin-1',
      ADMIN_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      ALLOWED_HOSTS: '127.0.0.1',
      SIGNING_SECRET: 'test-signing-secret-of-at-least-32-characters',
      TRUST_PROXY: '127.0.0.1',
      OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
      SCRYPT_N: '32768',
      IP_LOGIN_MAX: '10000',
      LOGIN_MAX_FAILURES: '10000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    started.push(api);
    const login = (i: number) =>
      fetch(`${api.base}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: `drain${i % 4}@example.com`, password: 'Wrong-pass1' }),
      }).then(async (res) => ({
        status: res.status,
        connection: res.headers.get('connection'),
        body: (await res.json()) as { key?: string },
      }));

    const inFlight = Array.from({ length: 24 }, (_, i) => login(i));
    // Once the server has read all 24 (it logs each incoming request), ask it to stop.
    const received = () =>
      api.logs.filter(
        (l) => l.msg === 'incoming request' && String((l.req as { url?: string })?.url).endsWith('/user/login'),
      ).length;
    for (let i = 0; i < 200 && received() < 24; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received()).toBe(24);
    api.child.kill('SIGTERM');
    const answers = await Promise.allSettled(inFlight);
    const exit = await api.exited;

    const failed = answers.filter((a) => a.status === 'rejected');
    expect(failed, 'every request in flight at SIGTERM gets its answer').toEqual([]);
    for (const a of answers)
      expect(a.status === 'fulfilled' && a.value.status === 200 && a.value.body.key).toBe('invalid_credentials');
    expect(exit).toEqual({ code: 0, signal: null });

    const shutdown = api.logs.find((l) => l.msg === 'shutting down: draining requests');
    const drained = api.logs.find((l) => l.msg === 'requests drained');
    // Logins take scrypt time: most were still being processed when SIGTERM came.
    expect(Number(shutdown?.inFlight)).toBeGreaterThan(0);
    expect(drained).toMatchObject({ settled: true, inFlight: 0 });
    await expect(fetch(`${api.base}/system/health`)).rejects.toThrow();
  }, 360_000);

  it('kill -9 of the process mining the sandbox chain: the other takes over, the deposit is credited once', async () => {
    const scratch = await createScratchDatabase('cw_failover');
    drops.push(scratch.drop);
    const env = { SANDBOX_CHAIN_BLOCK_MS: '150' };
    // One after the other: the first runs the migrations and the demo seeds.
    const first = await spawnApi(scratch.url, env);
    started.push(first);
    const second = await spawnApi(scratch.url, env);
    started.push(second);
    const leads = (p: ApiProcess) =>
      p.logs.some((l) => l.job === 'sandbox-chain.blocks' && l.msg === 'background job: this process leads it now');
    const until = async (predicate: () => boolean | Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && !(await predicate())) await new Promise((r) => setTimeout(r, 100));
      return predicate();
    };
    expect(await until(() => leads(first) || leads(second), 10_000)).toBe(true);
    const [leader, follower] = leads(first) ? [first, second] : [second, first];
    expect(leads(follower)).toBe(false);

    const pool = scratchPool({ connectionString: scratch.url, max: 2 });
    const sql = sqlFromPgPool(pool);
    try {
      const { id } = await insertUser(
        sql,
        { email: 'failover@example.com', mobile: null, password: 'Passw0rd!', kycLevel: 1 },
        1024,
        new Date(),
      );
      const token = newToken();
      await sql.query(
        `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
        [id, hashToken(token)],
      );
      const addr = (await (
        await fetch(`${follower.base}/wallet/rechargeAddress?currency=USDT&network=TRC20`, {
          headers: { 'access-token': token },
        })
      ).json()) as {
        data: { address: string };
      };
      const deposit = (await (
        await fetch(`${follower.base}/dev/chain/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ address: addr.data.address, currency: 'USDT', network: 'TRC20', amount: '100' }),
        })
      ).json()) as { code: number; data: { id: string } };
      expect(deposit.code).toBe(200);

      leader.child.kill('SIGKILL');
      expect(await leader.exited).toEqual({ code: null, signal: 'SIGKILL' });
      const killedAt = Date.now();
      // PostgreSQL ends the dead process's session; the follower's next tick takes the blocks over.
      expect(await until(() => leads(follower), 10_000)).toBe(true);
      const takeoverMs = Date.now() - killedAt;
      // 19 TRC20 confirmations, mined by the survivor.
      const credited = async () => {
        const [row] = await sql.query<{ status: string }>(`select status from wallet_deposits where id = $1`, [
          deposit.data.id,
        ]);
        return row?.status === 'credited';
      };
      expect(await until(credited, 30_000)).toBe(true);
      const [balance] = await sql.query<{ balance: string }>(
        `select balance::text as balance from ledger_accounts where key = $1`,
        [`user:${id}:wallet:USDT`],
      );
      expect(Number(balance!.balance)).toBe(100);
      const [postings] = await sql.query<{ n: number }>(
        `select count(*)::int as n from ledger_postings where ref = $1`,
        [`deposit:${deposit.data.id}`],
      );
      expect(postings!.n).toBe(1);
      expect((await checkLedger(sql)).problems).toEqual([]);
      process.stderr.write(`[cluster test] chain blocks taken over ${takeoverMs} ms after kill -9 of the leader\n`);
    } finally {
      await pool.end();
    }
    follower.child.kill('SIGTERM');
    expect(await follower.exited).toEqual({ code: 0, signal: null });
  }, 480_000);
});
