/**
 * The proof of issue 16 (docs/performance.md "API processes behind nginx"): real PostgreSQL and
 * Redis, API processes behind Debian's nginx (scripts/cluster.mjs), loopback only, bounded in time.
 *
 *   cd api && node --import tsx bench/cluster-proof.ts      (PROOF_SECONDS, PROOF_CONNECTIONS, PROOF_PORT)
 *
 * 1. Mixed load (balances, cash flow, transfer info, transfers with Idempotency-Key, logins) for a
 *    fixed time with autocannon: 1 process behind nginx, then 2 — throughput, p50/p99, the ratio.
 * 2. kill -9 of one of the two processes in the middle of a load of transfers by clients that retry
 *    with the same key: every acknowledged transfer exactly once, none lost or doubled, ledger
 *    check clean, the error rate seen before retries during the failover.
 * 3. The per-IP login limit across both processes: 30 attempts through nginx, spread over the two
 *    (nginx's access log says which served each), the 31st refused.
 * Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startCluster, type Cluster } from '../../scripts/cluster.mjs';
import { checkLedger } from '../src/ledger/check.js';
import { sqlFromPgPool, type SqlDatabase } from '../src/ledger/sql.js';
import { insertUser } from '../src/modules/accounts/users.js';
import { hashToken, newToken } from '../src/security/tokens.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.PROOF_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.PROOF_CONNECTIONS ?? 16);
const PORT = Number(process.env.PROOF_PORT ?? 8163);
const BASE_PORT = PORT + 3;
const USERS = 24;
const PASSWORD = 'Passw0rd!';
/** The production scrypt cost: a login costs what it costs in production. */
const SCRYPT_N = 32768;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL server process (all databases: the server is shared). */
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

/** CPU seconds of the nginx master and its workers. */
function nginxCpuSeconds(master: number | undefined): number {
  let total = cpuSeconds(master);
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === master)
        total += cpuSeconds(Number(pid));
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

interface Customer {
  userId: string;
  account: string;
  token: string;
}

async function seedCustomers(sql: SqlDatabase, base: string, tag: string): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < USERS; i++) {
    const account = `proof${i}-${tag}@example.com`;
    const { id } = await insertUser(
      sql,
      { email: account, mobile: null, password: PASSWORD, kycLevel: 1 },
      SCRYPT_N,
      new Date(),
    );
    const token = newToken();
    await sql.query(
      `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
      [id, hashToken(token)],
    );
    const addr = (await (
      await fetch(`${base}/wallet/rechargeAddress?currency=USDT&network=TRC20`, { headers: { 'access-token': token } })
    ).json()) as { data: { address: string } };
    const dep = await fetch(`${base}/dev/chain/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: addr.data.address, currency: 'USDT', network: 'TRC20', amount: '100000000' }),
    });
    if (!dep.ok) throw new Error(`deposit failed: ${await dep.text()}`);
    customers.push({ userId: String(id), account, token });
  }
  await fetch(`${base}/dev/chain/mine`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'TRC20', blocks: 19 }),
  });
  return customers;
}

/** One cycle of 20 requests per connection: mostly reads, 6 transfers, 1 login (real scrypt cost). */
function mixedLoad(base: string, customers: Customer[], tag: string, readsOnly = false): autocannon.Options {
  let n = 0;
  const who = () => customers[n++ % customers.length]!;
  const get = (path: string) => ({
    method: 'GET',
    path,
    setupRequest: (req: Record<string, unknown>) => ({ ...req, path, headers: { 'access-token': who().token } }),
  });
  const transfer = {
    method: 'POST',
    setupRequest: (req: Record<string, unknown>) => {
      const c = who();
      return {
        ...req,
        method: 'POST',
        path: '/api/wallet/transfer',
        headers: {
          'content-type': 'application/json',
          'access-token': c.token,
          'idempotency-key': `load-${tag}-${n}-${randomBytes(4).toString('hex')}`,
        },
        body: JSON.stringify({ currency: 'USDT', amount: '50' }),
      };
    },
  };
  const login = {
    method: 'POST',
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      method: 'POST',
      path: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: who().account, password: PASSWORD }),
    }),
  };
  const balances = get('/api/wallet/balances');
  const cashFlow = get('/api/wallet/cashFlow?type=all&page=1');
  const info = get('/api/wallet/transferInfo');
  return {
    url: base.replace(/\/api$/, ''),
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: readsOnly
      ? [balances, cashFlow, info, balances, cashFlow]
      : [
          balances,
          cashFlow,
          transfer,
          balances,
          info,
          cashFlow,
          transfer,
          balances,
          cashFlow,
          transfer,
          login,
          balances,
          cashFlow,
          transfer,
          balances,
          info,
          cashFlow,
          transfer,
          balances,
          transfer,
        ],
  };
}

async function measure(cluster: Cluster, base: string, customers: Customer[], label: string, readsOnly = false) {
  await cannon({ ...mixedLoad(base, customers, `${label}-warm`, readsOnly), duration: 3 });
  const pids = cluster.members.map((m) => m.child?.pid);
  const cpuBefore = pids.map(cpuSeconds);
  const pgBefore = postgresCpuSeconds();
  const nginxBefore = nginxCpuSeconds(cluster.nginx.pid);
  const started = Date.now();
  const result = await cannon(mixedLoad(base, customers, label, readsOnly));
  const wall = (Date.now() - started) / 1000;
  const cpu = pids.map((p, i) => Number(((cpuSeconds(p) - cpuBefore[i]!) / wall).toFixed(2)));
  return {
    load: readsOnly ? 'reads only' : 'mixed',
    postgresCpuCores: Number(((postgresCpuSeconds() - pgBefore) / wall).toFixed(2)),
    nginxCpuCores: Number(((nginxCpuSeconds(cluster.nginx.pid) - nginxBefore) / wall).toFixed(2)),
    processes: cluster.members.length,
    requestsPerSecond: Number(result.requests.average.toFixed(1)),
    requests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    apiCpuCoresPerProcess: cpu,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/**
 * Clients that retry: each transfer carries a key; on a network error or a non-200 status the same
 * request is sent again with the same key (up to 40 times, 100 ms apart). Also reads balances.
 */
async function retryingClients(
  base: string,
  customers: Customer[],
  tag: string,
  seconds: number,
  during: () => Promise<void>,
) {
  const acked = new Map<string, { userId: string; id: string }>();
  const gaveUp: string[] = [];
  const stats = {
    requests: 0,
    firstTryFailures: 0,
    failedAttempts: 0,
    retriedTransfersAcked: 0,
    readFailures: 0,
    reads: 0,
    logins: 0,
    loginFailures: 0,
  };
  const errorKinds: Record<string, number> = {};
  const kind = (k: string) => (errorKinds[k] = (errorKinds[k] ?? 0) + 1);
  let stop = false;
  let seq = 0;
  const send = async (c: Customer, key: string) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      stats.requests++;
      try {
        const res = await fetch(`${base}/wallet/transfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': c.token, 'idempotency-key': key },
          body: JSON.stringify({ currency: 'USDT', amount: '50' }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = res.status === 200 ? ((await res.json()) as { code: number; data: { id: string } }) : undefined;
        if (res.status !== 200) kind(`transfer HTTP ${res.status}`);
        else if (body?.code !== 200) kind(`transfer code ${body?.code}`);
        if (body?.code === 200) {
          acked.set(key, { userId: c.userId, id: body.data.id });
          if (attempt > 0) stats.retriedTransfersAcked++;
          return;
        }
      } catch (e) {
        // connection refused / reset / timeout: outcome unknown, send again with the same key
        kind(`transfer ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name}`);
      }
      stats.failedAttempts++;
      if (attempt === 0) stats.firstTryFailures++;
      await sleep(100);
    }
    gaveUp.push(key);
  };
  const worker = async (w: number) => {
    while (!stop) {
      const c = customers[(seq + w) % customers.length]!;
      await send(c, `failover-${tag}-${seq++}`);
      stats.reads++;
      try {
        const res = await fetch(`${base}/wallet/balances`, {
          headers: { 'access-token': c.token },
          signal: AbortSignal.timeout(15_000),
        });
        if (res.status !== 200) {
          stats.readFailures++;
          kind(`read HTTP ${res.status}`);
        } else await res.arrayBuffer();
      } catch (e) {
        stats.readFailures++;
        kind(`read ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name}`);
      }
      // Every 5th round an un-keyed POST (a login: nginx may not retry it once sent).
      if (seq % 5 === w % 5) {
        stats.logins++;
        try {
          const res = await fetch(`${base}/user/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ account: c.account, password: PASSWORD }),
            signal: AbortSignal.timeout(15_000),
          });
          if (res.status !== 200) {
            stats.loginFailures++;
            kind(`login HTTP ${res.status}`);
          } else await res.arrayBuffer();
        } catch (e) {
          stats.loginFailures++;
          kind(`login ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name}`);
        }
      }
    }
  };
  const workers = Array.from({ length: CONNECTIONS }, (_, w) => worker(w));
  const started = Date.now();
  await during();
  const left = seconds * 1000 - (Date.now() - started);
  if (left > 0) await sleep(left);
  stop = true;
  await Promise.all(workers);
  return { acked, gaveUp, stats, errorKinds };
}

/** Verifies the retrying clients' view against the database: each key once, with the id the client got. */
async function verifyTransfers(sql: SqlDatabase, acked: Map<string, { userId: string; id: string }>, prefix: string) {
  const rows = await sql.query<{ idempotency_key: string; id: string }>(
    `select idempotency_key, id from wallet_transfers where idempotency_key like $1`,
    [`${prefix}%`],
  );
  const stored = new Map<string, string[]>();
  for (const r of rows) stored.set(r.idempotency_key, [...(stored.get(r.idempotency_key) ?? []), r.id]);
  let lost = 0;
  let doubled = 0;
  let wrongId = 0;
  for (const [key, { id }] of acked) {
    const ids = stored.get(key) ?? [];
    if (ids.length === 0) lost++;
    else if (ids.length > 1) doubled++;
    else if (ids[0] !== id) wrongId++;
  }
  const unacknowledgedButStored = [...stored.keys()].filter((k) => !acked.has(k)).length;
  return { acknowledged: acked.size, stored: rows.length, lost, doubled, wrongId, unacknowledgedButStored };
}

/** A POST from a chosen loopback source address (so this client has its own per-IP window). */
function loginFrom(localAddress: string, account: string): Promise<{ key?: string; code: number }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ account, password: 'Wrong-pass1' });
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: '/api/user/login',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent: false,
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve(JSON.parse(text) as { key?: string; code: number }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const tag = randomBytes(4).toString('hex');
  const name = `cw_proof_${tag}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  // The database is dropped with (force) at the end: an idle client's termination is expected.
  pool.on('error', () => undefined);
  const sql = sqlFromPgPool(pool);
  const env = {
    APP_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    SANDBOX_CHAIN_BLOCK_MS: '0',
    REDIS_KEY_PREFIX: `cw-proof-${tag}:`,
    IP_LOGIN_MAX: '1000000',
    LOGIN_MAX_FAILURES: '1000000',
  };
  const base = `http://127.0.0.1:${PORT}/api`;
  const common = {
    port: PORT,
    basePort: BASE_PORT,
    databaseUrl: dbUrl.toString(),
    env,
    web: false,
    quiet: true,
    dir: join(os.tmpdir(), `cw-proof-${tag}`),
  };
  const summary: Record<string, unknown> = {
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; shared with other workloads (load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
    seconds: SECONDS,
    connections: CONNECTIONS,
  };
  let cluster: Cluster | undefined;
  // Ctrl-C or a time limit: stop the processes and nginx, drop the database.
  let cleaning = false;
  const cleanUp = async () => {
    if (cleaning) return;
    cleaning = true;
    await cluster?.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  const limit = setTimeout(() => {
    console.error('cluster proof: 15 minute limit reached');
    void cleanUp().then(() => process.exit(1));
  }, 15 * 60_000);
  limit.unref();
  try {
    // ---- 1 process behind nginx
    cluster = await startCluster({ ...common, processes: 1 });
    const customers = await seedCustomers(sql, base, tag);
    const one = await measure(cluster, base, customers, `one-${tag}`);
    const oneReads = await measure(cluster, base, customers, `one-reads-${tag}`, true);
    await cluster.stop();
    cluster = undefined;

    // ---- 2 processes behind nginx
    cluster = await startCluster({ ...common, processes: 2, accessLog: true });
    const two = await measure(cluster, base, customers, `two-${tag}`);
    const twoReads = await measure(cluster, base, customers, `two-reads-${tag}`, true);
    const report = (phase: string) => console.log(`${phase}: ${JSON.stringify(summary[phase], null, 2)}`);
    summary.throughput = {
      mixed: { one, two, ratio: Number((two.requestsPerSecond / one.requestsPerSecond).toFixed(2)) },
      readsOnly: {
        one: oneReads,
        two: twoReads,
        ratio: Number((twoReads.requestsPerSecond / oneReads.requestsPerSecond).toFixed(2)),
      },
    };
    report('throughput');

    // ---- kill -9 of one process under retrying clients
    const accessLog = join(cluster.dir, 'access.log');
    /** nginx's view since `from`: requests sent to a second process (retries) and error answers. */
    const nginxView = (from: number) => {
      const lines = readFileSync(accessLog, 'utf8').slice(from).split('\n').filter(Boolean);
      return {
        requests: lines.length,
        retriedOnAnotherProcess: lines.filter((l) => /:\d+, 127\.0\.0\.1:\d+/.test(l)).length,
        answered502: lines.filter((l) => / 502 /.test(l)).length,
      };
    };
    const failoverLogFrom = readFileSync(accessLog, 'utf8').length;
    let killedAt = 0;
    const failover = await retryingClients(base, customers, tag, 15, async () => {
      await sleep(5_000);
      killedAt = Date.now();
      cluster!.kill(1, 'SIGKILL');
    });
    const failoverCheck = await verifyTransfers(sql, failover.acked, `failover-${tag}-`);
    summary.killMinus9 = {
      ...failoverCheck,
      gaveUp: failover.gaveUp.length,
      transferAttempts: failover.stats.requests,
      transfersFailedFirstTry: failover.stats.firstTryFailures,
      firstTryErrorRate: Number(
        (failover.stats.firstTryFailures / Math.max(1, failover.acked.size + failover.gaveUp.length)).toFixed(4),
      ),
      failedAttempts: failover.stats.failedAttempts,
      acknowledgedAfterRetry: failover.stats.retriedTransfersAcked,
      reads: failover.stats.reads,
      readFailures: failover.stats.readFailures,
      unkeyedLogins: failover.stats.logins,
      unkeyedLoginFailures: failover.stats.loginFailures,
      errorKinds: failover.errorKinds,
      nginx: nginxView(failoverLogFrom),
      restartedProcess: cluster.members[1]!.restarts,
      killedAfterMs: killedAt ? 5_000 : null,
      ledgerCheck: ((r) => (r.ok ? 'clean' : r.problems))(await checkLedger(sql)),
    };
    report('killMinus9');
    // Wait for the supervisor's restart before the next phase.
    for (
      let i = 0;
      i < 1200 &&
      !(await fetch(`http://127.0.0.1:${BASE_PORT + 1}/api/system/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await sleep(250);

    // ---- per-IP login limit across processes (the default 30 per 15 min)
    cluster.setEnv({ IP_LOGIN_MAX: '30' });
    await cluster.rollingRestart();
    const logBefore = readFileSync(accessLog, 'utf8').length;
    const answers: string[] = [];
    for (let i = 0; i < 31; i++)
      answers.push((await loginFrom('127.0.0.77', `limit${i}-${tag}@example.com`)).key ?? 'ok');
    const other = await loginFrom('127.0.0.78', `limit-other-${tag}@example.com`);
    const served = readFileSync(accessLog, 'utf8')
      .slice(logBefore)
      .split('\n')
      .filter((l) => l.startsWith('127.0.0.77 ') && l.includes('/api/user/login'))
      .map((l) => l.split(' ').at(-3));
    const perProcess: Record<string, number> = {};
    for (const upstream of served.slice(0, 30)) perProcess[upstream ?? '?'] = (perProcess[upstream ?? '?'] ?? 0) + 1;
    summary.loginLimit = {
      first30: answers.slice(0, 30).every((k) => k === 'invalid_credentials')
        ? 'all invalid_credentials'
        : answers.slice(0, 30),
      attempt31: answers[30],
      servedBy: perProcess,
      otherAddress: other.key,
    };

    const ledger = await checkLedger(sql);
    summary.ledgerCheck = ledger.ok ? 'clean' : ledger.problems;
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    await cleanUp();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
