#!/usr/bin/env node
// The production shape on one machine (docs/operations.md): N API processes on PostgreSQL + Redis
// behind Debian's nginx.
//
//   node scripts/cluster.mjs                 # CLUSTER=2 processes, nginx on http://127.0.0.1:8080
//   CLUSTER=3 PORT=8154 node scripts/cluster.mjs --build
//
// Environment: CLUSTER (processes, default 2), PORT (nginx, default 8080), API_BASE_PORT (first API
// process; the others follow; default PORT+1), DATABASE_URL (default the `cardwallet` database on
// 127.0.0.1:5432, created when missing), REDIS_URL (default redis://127.0.0.1:6379). Anything else
// (APP_MODE, ADMIN_PASSWORD, SCRYPT_N …) is passed to the API processes. `--build` builds the front
// end first; without it the front end is served when its builds exist.
//
// What it does: installs nginx (apt-get) when missing; makes sure PostgreSQL and Redis answer
// (scripts/ensure-*.mjs) when the defaults are used; starts the first API process alone (it
// migrates and seeds), then the others; writes an nginx config (keep-alive upstream, passive health
// checks, retries only where safe — see nginxConfig) and runs nginx in the foreground; checks every
// process's /api/system/health every 2 s and replaces one that dies or stops answering (3 misses);
// SIGTERM/SIGINT stops nginx and drains every API process (graceful shutdown); SIGHUP restarts the
// API processes one at a time (rolling restart: nginx sends traffic to the others meanwhile).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
// The API's own PostgreSQL driver (the repo root has no dependencies of its own).
const pg = createRequire(join(ROOT, 'api/package.json'))('pg');
const log = (m) => console.log(`[cluster] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cardwallet';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** nginx from Debian's package; installed with apt-get when missing. Returns its path. */
export function ensureNginx() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  log('nginx missing: apt-get install -y nginx');
  const asRoot = process.getuid?.() === 0;
  const apt = (args) =>
    spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  if (apt(['install', '-y', '--no-install-recommends', 'nginx']) !== 0) {
    apt(['update']);
    if (apt(['install', '-y', '--no-install-recommends', 'nginx']) !== 0)
      throw new Error('apt-get install nginx failed: install nginx and run again');
  }
  return '/usr/sbin/nginx';
}

/**
 * The load balancer. Choices (docs/operations.md "nginx"):
 * - keep-alive to the upstreams (`keepalive`, HTTP/1.1, empty Connection header), idle 50 s — less
 *   than Node's 72 s keepAliveTimeout, so nginx never reuses a socket Node is about to close;
 * - passive health checks: one failure takes a process out for 3 s (`max_fails=1 fail_timeout=3s`);
 *   the supervisor below does the active checks (and replaces a process that stops answering);
 * - retry on the next process ONLY when it is safe: GET/HEAD/OPTIONS on error, timeout, 502/503/504;
 *   a POST/PATCH is retried only when nginx could not send it at all (connection refused — nginx's
 *   own rule), unless it carries `Idempotency-Key`: then the API answers a repeat with the original
 *   operation, so it is retried like a GET (`non_idempotent`, in the @idempotent location);
 * - the client address is passed in X-Forwarded-For (the API trusts it from 127.0.0.1 only);
 * - no buffering of server-sent events (the API sends X-Accel-Buffering: no).
 */
export function nginxConfig({ dir, port, upstreams, accessLog = false }) {
  const common = `
      proxy_pass http://cardwallet_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_send_timeout 60s;
      proxy_read_timeout 60s;
      proxy_next_upstream_tries 2;
      proxy_next_upstream_timeout 15s;`;
  return `# written by scripts/cluster.mjs — do not edit (regenerated on every start)
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  ${accessLog ? `log_format upstream '$remote_addr "$request" $status $upstream_addr $upstream_status $request_time';\n  access_log ${dir}/access.log upstream;` : 'access_log off;'}
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 16m;
  server_tokens off;

  upstream cardwallet_api {
${upstreams.map((u) => `    server 127.0.0.1:${u} max_fails=1 fail_timeout=3s;`).join('\n')}
    keepalive 64;
    keepalive_timeout 50s;
  }

  server {
    listen 127.0.0.1:${port};
    location / {${common}
      proxy_next_upstream error timeout http_502 http_503 http_504;
      # A request with an Idempotency-Key is safe to repeat: go to the location that retries it.
      if ($http_idempotency_key) { error_page 418 = @idempotent; return 418; }
    }
    location @idempotent {${common}
      proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;
    }
  }
}
`;
}

async function healthy(port, timeoutMs = 1500) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/system/health`, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      log(`creating database ${name}`);
      await client.query(`create database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Starts the cluster; resolves when nginx answers. `processes` API processes on `basePort`…,
 * nginx on `port`. Returns handles for the proof script (kill one, stop all).
 */
export async function startCluster({
  processes = 2,
  port = 8080,
  basePort = port + 1,
  databaseUrl = DEFAULT_DATABASE_URL,
  redisUrl = DEFAULT_REDIS_URL,
  env = {},
  web = existsSync(join(ROOT, 'shell/dist/index.html')),
  dir = join(ROOT, 'api/.data', `cluster-${port}`),
  supervise = true,
  accessLog = false,
  quiet = false,
} = {}) {
  const nginxBin = ensureNginx();
  if (databaseUrl === DEFAULT_DATABASE_URL)
    spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-postgres.mjs')], { stdio: quiet ? 'ignore' : 'inherit' });
  if (redisUrl === DEFAULT_REDIS_URL)
    spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-redis.mjs')], { stdio: quiet ? 'ignore' : 'inherit' });
  await ensureDatabase(databaseUrl);
  mkdirSync(dir, { recursive: true });
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, sub), { recursive: true, mode: 0o777 });

  const ports = Array.from({ length: processes }, (_, i) => basePort + i);
  const members = ports.map((p, index) => ({
    index,
    port: p,
    child: null,
    misses: 0,
    restarts: 0,
    stopping: false,
    up: false,
    launchedAt: 0,
  }));
  let shuttingDown = false;
  let processEnv = { ...env };

  const launch = (m) => {
    // Quiet (the proof script): each process logs to <dir>/api-<port>.log instead of the terminal.
    const out = quiet ? openSync(join(dir, `api-${m.port}.log`), 'a') : 'inherit';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(ROOT, 'api'),
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        ...processEnv,
        PORT: String(m.port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        TRUST_PROXY: '127.0.0.1',
        // nginx passes the client's Host through: the names nginx is reached by (loopback unless given).
        ALLOWED_HOSTS: processEnv.ALLOWED_HOSTS ?? process.env.ALLOWED_HOSTS ?? 'localhost,127.0.0.1',
        WEB_ROOT: web ? ROOT : '',
      },
    });
    if (typeof out === 'number') closeSync(out);
    m.child = child;
    m.misses = 0;
    // Health checks count only once the process has answered (start-up can take a while).
    m.up = false;
    m.launchedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (m.child !== child) return;
      m.child = null;
      if (shuttingDown || m.stopping || !supervise) return;
      m.restarts++;
      log(`API process :${m.port} exited (${signal ?? code}); restarting`);
      setTimeout(() => !shuttingDown && launch(m), Math.min(500 * m.restarts, 5_000)).unref();
    });
    return child;
  };
  const waitHealthy = async (m, ms = 300_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await healthy(m.port)) return;
      // Without supervision nobody restarts it; with it, a failed start is retried (see launch).
      if (!m.child && (!supervise || shuttingDown)) throw new Error(`API process :${m.port} exited during start-up`);
      await sleep(250);
    }
    throw new Error(`API process :${m.port} did not become healthy`);
  };
  const stopMember = (m, signal = 'SIGTERM') =>
    new Promise((resolve) => {
      const child = m.child;
      if (!child) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });

  // The first process alone: it applies migrations and seeds the sandbox.
  launch(members[0]);
  await waitHealthy(members[0]);
  for (const m of members.slice(1)) launch(m);
  await Promise.all(members.slice(1).map((m) => waitHealthy(m)));

  const confFile = join(dir, 'nginx.conf');
  writeFileSync(confFile, nginxConfig({ dir, port, upstreams: ports, accessLog }));
  const test = spawnSync(nginxBin, ['-t', '-p', dir, '-c', confFile], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx config refused:\n${test.stderr}`);
  const nginx = spawn(nginxBin, ['-p', dir, '-c', confFile, '-g', 'daemon off;'], {
    stdio: quiet ? 'ignore' : 'inherit',
  });
  for (let i = 0; i < 40 && !(await healthy(port)); i++) await sleep(100);
  if (!(await healthy(port))) throw new Error(`nginx does not answer on 127.0.0.1:${port} (see ${dir}/error.log)`);

  // Active health checks: a process that stops answering is replaced (nginx routes around it meanwhile).
  const monitor = setInterval(async () => {
    for (const m of members) {
      if (!m.child || m.stopping) continue;
      const ok = await healthy(m.port, 2000);
      if (!m.up) {
        if (ok) m.up = true;
        else if (Date.now() - m.launchedAt > 180_000) {
          log(`API process :${m.port} did not start within 180 s; replacing it`);
          m.child?.kill('SIGKILL');
        }
        continue;
      }
      if (ok) m.misses = 0;
      else if (++m.misses >= 3) {
        log(`API process :${m.port} failed 3 health checks; replacing it`);
        m.child?.kill('SIGKILL');
      }
    }
  }, 2_000);
  monitor.unref();
  if (!supervise) clearInterval(monitor);

  return {
    url: `http://127.0.0.1:${port}`,
    ports,
    dir,
    members,
    nginx,
    /** kill -9 (or another signal) one API process. */
    kill(index, signal = 'SIGKILL') {
      members[index].child?.kill(signal);
    },
    /** Changes the environment of processes started from now on (e.g. before a rolling restart). */
    setEnv(extra) {
      processEnv = { ...processEnv, ...extra };
    },
    /** Restarts the API processes one at a time, each drained gracefully. */
    async rollingRestart() {
      for (const m of members) {
        m.stopping = true;
        await stopMember(m);
        m.stopping = false;
        launch(m);
        await waitHealthy(m);
        log(`API process :${m.port} restarted`);
      }
    },
    async stop() {
      shuttingDown = true;
      clearInterval(monitor);
      // Processes first (each drains its requests), nginx last.
      await Promise.all(members.map((m) => stopMember(m)));
      await new Promise((resolve) => {
        if (nginx.exitCode !== null) return resolve();
        nginx.once('exit', resolve);
        nginx.kill('SIGQUIT');
      });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 8080);
  const processes = Number(process.env.CLUSTER ?? 2);
  if (!(processes >= 1 && processes <= 16)) throw new Error('CLUSTER must be 1..16');
  if (process.argv.includes('--build')) {
    const { buildFrontEnd, step } = await import('./lib.mjs');
    step('build shell + feature apps (production)', buildFrontEnd);
  }
  const passEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['PORT', 'CLUSTER', 'API_BASE_PORT', 'DATABASE_URL', 'REDIS_URL'].includes(k),
    ),
  );
  const cluster = await startCluster({
    processes,
    port,
    basePort: Number(process.env.API_BASE_PORT ?? port + 1),
    databaseUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
    env: passEnv,
  });
  log(
    `${processes} API processes (${cluster.ports.map((p) => `:${p}`).join(' ')}) behind nginx at ${cluster.url}/  — config ${cluster.dir}/nginx.conf`,
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      log('stopping: draining the API processes, then nginx');
      await cluster.stop();
      process.exit(0);
    });
  }
  process.on('SIGHUP', () => {
    log('SIGHUP: rolling restart');
    cluster.rollingRestart().catch((e) => log(`rolling restart failed: ${e.message}`));
  });
  cluster.nginx.on('exit', (code) => {
    if (!stopping) {
      log(`nginx exited (${code}); stopping`);
      void cluster.stop().then(() => process.exit(1));
    }
  });
}
