/**
 * Wallet → card transfers per second through HTTP on PostgreSQL, next to pgbench's built-in
 * tpcb-like TPS measured in the same run on the same machine (docs/performance.md, "Wallet API
 * throughput"). Bounded and loopback only: one API process on 127.0.0.1, a scratch database,
 * autocannon for BENCH_SECONDS (default 10) with BENCH_CONNECTIONS (default 16).
 *
 *   node --import tsx api/bench/transfer-bench.ts        (needs PostgreSQL at TEST_DATABASE_URL)
 *
 * Not part of `npm test`.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { readFileSync, readdirSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkLedger } from '../src/ledger/check.js';
import { sqlFromPgPool } from '../src/ledger/sql.js';
import { insertUser } from '../src/modules/accounts/users.js';
import { hashToken, newToken } from '../src/security/tokens.js';
import { freePort, startApiProcess } from '../test/support/api-process.js';
import { runPgbench } from './pgbench.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const USERS = 32;

/** CPU seconds (user + system) used so far by a process, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of every PostgreSQL server process (backends + background writers). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres')) total += cpuSeconds(Number(pid));
    } catch {
      // gone
    }
  }
  return total;
}

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const name = `cw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const port = await freePort();
  let api: ChildProcess | undefined;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  try {
    api = await startApiProcess(url.toString(), port);
    const sql = sqlFromPgPool(pool);
    const base = `http://127.0.0.1:${port}/api`;
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const { id } = await insertUser(
        sql,
        { email: `bench${i}@example.com`, mobile: null, password: 'Passw0rd!', kycLevel: 1 },
        1024,
        new Date(),
      );
      const token = newToken();
      await sql.query(
        `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
        [id, hashToken(token)],
      );
      const addr = (await (
        await fetch(`${base}/wallet/rechargeAddress?currency=USDT&network=TRC20`, {
          headers: { 'access-token': token },
        })
      ).json()) as {
        data: { address: string };
      };
      await fetch(`${base}/dev/chain/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: addr.data.address, currency: 'USDT', network: 'TRC20', amount: '100000000' }),
      });
      tokens.push(token);
    }
    await fetch(`${base}/dev/chain/mine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ network: 'TRC20', blocks: 19 }),
    });

    let n = 0;
    const target = {
      url: `${base}/wallet/transfer`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'USDT', amount: '50' }),
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const i = n++;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                'access-token': tokens[i % USERS]!,
                'idempotency-key': `bench-${name}-${i}`,
              },
            };
          },
        },
      ],
    };
    await cannon({ ...target, connections: CONNECTIONS, duration: 2 }); // warm-up (JIT, pools)
    // pgbench right before and right after the HTTP run: the machine's load drifts, the mean of
    // the two brackets the moment the transfers ran.
    const benchBefore = await runPgbench(ADMIN_URL, { clients: CONNECTIONS, threads: 2, seconds: SECONDS });
    const [{ before }] = (await sql.query<{ before: number }>(
      `select count(*)::int as before from wallet_transfers`,
    )) as [{ before: number }];
    const apiCpuBefore = cpuSeconds(api.pid);
    const pgCpuBefore = postgresCpuSeconds();
    const result = await cannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
    const apiCpu = cpuSeconds(api.pid) - apiCpuBefore;
    const pgCpu = postgresCpuSeconds() - pgCpuBefore;
    const [{ after }] = (await sql.query<{ after: number }>(`select count(*)::int as after from wallet_transfers`)) as [
      { after: number },
    ];
    const posted = after - before;
    const report = await checkLedger(sql);

    const benchAfter = await runPgbench(ADMIN_URL, { clients: CONNECTIONS, threads: 2, seconds: SECONDS });
    const bench = { tps: (benchBefore.tps + benchAfter.tps) / 2 };
    const transfersPerSecond = posted / SECONDS;
    const summary = {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
      seconds: SECONDS,
      connections: CONNECTIONS,
      httpRequests: result.requests.total,
      non2xx: result.non2xx,
      transfersPosted: posted,
      transfersPerSecond: Number(transfersPerSecond.toFixed(1)),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      cpuMsPerTransfer: {
        apiProcess: Number(((apiCpu * 1000) / posted).toFixed(2)),
        postgres: Number(((pgCpu * 1000) / posted).toFixed(2)),
      },
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      pgbenchTpcbLikeTps: {
        before: Number(benchBefore.tps.toFixed(1)),
        after: Number(benchAfter.tps.toFixed(1)),
        mean: Number(bench.tps.toFixed(1)),
      },
      ratio: Number((transfersPerSecond / bench.tps).toFixed(2)),
      ledgerCheck: report.ok ? 'clean' : report.problems,
    };
    console.log(JSON.stringify(summary, null, 2));
    console.log(
      `\n| ${summary.transfersPerSecond} transfers/s | p50 ${summary.latencyMs.p50} ms | p99 ${summary.latencyMs.p99} ms | pgbench tpcb-like ${bench.tps.toFixed(0)} TPS (${benchBefore.tps.toFixed(0)} before, ${benchAfter.tps.toFixed(0)} after) | ratio ${summary.ratio} |`,
    );
    if (result.non2xx > 0 || posted < result.requests.total) {
      console.log(`warning: ${result.non2xx} non-2xx answers, ${result.requests.total} answered vs ${posted} posted`);
    }
  } finally {
    api?.kill('SIGTERM');
    await pool.end();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
