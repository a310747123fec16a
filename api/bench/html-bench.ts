/**
 * Requests per second for the per-client HTML (the shell page with its cohort's registry inline,
 * issue 24) next to `/remotes.json` and a static file, on one API process with the embedded
 * database (PGlite), loopback only, bounded: autocannon for BENCH_SECONDS (default 10) with
 * BENCH_CONNECTIONS (default 32) per target, after a 2 s warm-up. Needs the front end built
 * (`npm run build`). Reports the load average before and after each target (shared machine).
 *
 *   node --import tsx api/bench/html-bench.ts
 *
 * Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureTemplate } from '../test/support/template.js';
import { freePort, spawnApiChild, waitUntilHealthy } from '../test/support/api-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'shell/dist/index.html')))
    throw new Error('build the front end first (npm run build)');
  const dataDir = path.join(os.tmpdir(), `cw-html-bench-${randomBytes(4).toString('hex')}`, 'pglite');
  fs.cpSync(await ensureTemplate(), dataDir, { recursive: true });
  const port = await freePort();
  const { child, stderr } = spawnApiChild('', port, {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    WEB_ROOT: ROOT,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  });
  try {
    await waitUntilHealthy(child, port, stderr, 120_000);
    const base = `http://127.0.0.1:${port}`;
    // A returning visitor: the anonymous cohort cookie is set (a first visit also gets Set-Cookie).
    const cookie = `cw_cohort=${randomBytes(16).toString('base64url')}`;
    const targets: Array<[string, string, Record<string, string>]> = [
      ['page / (registry inline)', '/', { cookie, 'accept-encoding': 'gzip, br' }],
      ['page /pages/wallet/index', '/pages/wallet/index', { cookie, 'accept-encoding': 'gzip, br' }],
      ['/remotes.json', '/remotes.json', { cookie }],
    ];
    // A signed-in customer's wallet page: the session checked and the total and card funding read
    // from the books for every request (web/first-view.ts). The sandbox demo customer, when seeded.
    const login = (await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo@cardwallet.test', password: 'Demo1234!' }),
      })
    ).json()) as { code: number; data?: { token: string } };
    if (login.code === 200 && login.data)
      targets.push(
        [
          'page wallet, signed in',
          '/pages/wallet/index',
          { cookie: `${cookie}; cw_session=${login.data.token}`, 'accept-encoding': 'gzip, br' },
        ],
        // What that page asks for anyway once it runs: the same books, for comparison.
        ['GET /api/wallet/balances', '/api/wallet/balances', { 'access-token': login.data.token }],
        // The home page (the installed app's start URL) draws the total: the wallet's books and the cards.
        [
          'page /, signed in',
          '/',
          { cookie: `${cookie}; cw_session=${login.data.token}`, 'accept-encoding': 'gzip, br' },
        ],
        ['GET /api/card/list', '/api/card/list', { 'access-token': login.data.token }],
      );
    else console.log('note: no demo customer to sign in (the signed-in wallet page is not measured)');
    const staticFile = fs.readdirSync(path.join(ROOT, 'shell/dist/static/js')).find((f) => /^main\..*\.js$/.test(f));
    if (staticFile) targets.push(['static main.js (br)', `/static/js/${staticFile}`, { 'accept-encoding': 'br' }]);
    const page = await fetch(`${base}/`, { headers: { cookie } });
    if (!(await page.text()).includes('id="cw-registry"'))
      console.log('note: no inline registry in this page (a before-measurement)');
    console.log(`connections ${CONNECTIONS}, ${SECONDS} s each, node ${process.version}, ${os.cpus().length} cpus`);
    for (const [label, url, headers] of targets) {
      await cannon({ url: `${base}${url}`, headers, connections: CONNECTIONS, duration: 2 });
      const loadBefore = os.loadavg()[0]!.toFixed(1);
      const r = await cannon({ url: `${base}${url}`, headers, connections: CONNECTIONS, duration: SECONDS });
      console.log(
        `${label.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  max ${r.latency.max} ms  non2xx ${r.non2xx}  errors ${r.errors}  load ${loadBefore} → ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
