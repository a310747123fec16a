#!/usr/bin/env node
// Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with trust auth for user postgres, for
// the API's PostgreSQL tests. Idempotent and quick when the server is already up:
//   1. TCP + `select 1` as postgres → done;
//   2. else install Debian's postgresql when pg_ctlcluster is missing (apt-get, via sudo if not root);
//   3. create the `main` cluster of the newest installed version if there is none, start it with
//      `pg_ctlcluster --skip-systemctl-redirect <ver> main start`;
//   4. when the server answers but refuses passwordless login, add trust lines for 127.0.0.1/::1
//      to pg_hba.conf and reload; wait until ready (30 s max).
// Anything that fails ends with exit 1 and a message saying what to do by hand.
// PG_PORT / PG_CLUSTER (default 5432 / main) point it at another port and a cluster of its own —
// how it was proven on a machine whose shared server must not be stopped (docs/operations.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';

const HOST = '127.0.0.1';
const PORT = Number(process.env.PG_PORT ?? 5432);
const CLUSTER = process.env.PG_CLUSTER ?? 'main';
if (!/^[a-z0-9_-]+$/i.test(CLUSTER) || !(PORT > 0 && PORT < 65536))
  throw new Error('PG_CLUSTER must be a plain name and PG_PORT a port');
const asRoot = process.getuid?.() === 0;
const log = (m) => console.log(`[ensure-postgres] ${m}`);

function run(cmd, args, opts = {}) {
  const full = asRoot || opts.noSudo ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
  const r = spawnSync(full[0], full[1], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    ...opts,
  });
  return { status: r.status ?? 1, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

function portOpen() {
  return new Promise((resolve) => {
    const s = net.connect({ host: HOST, port: PORT });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1500, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/** 'ok' | 'auth' (answers but wants a password) | 'down' */
function probe() {
  if (!existsSync('/usr/bin/psql')) return portOpenSync() ? 'ok' : 'down';
  const r = spawnSync(
    'psql',
    ['-h', HOST, '-p', String(PORT), '-U', 'postgres', '-d', 'postgres', '-w', '-tAc', 'select 1'],
    {
      encoding: 'utf8',
      env: { ...process.env, PGCONNECT_TIMEOUT: '3' },
    },
  );
  if (r.status === 0) return 'ok';
  const err = `${r.stderr}`;
  if (/password|authentication|no pg_hba/i.test(err)) return 'auth';
  return 'down';
}
function portOpenSync() {
  return (
    spawnSync(process.execPath, [
      '-e',
      `require('net').connect(${PORT},'${HOST}').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))`,
    ]).status === 0
  );
}

function versions() {
  if (!existsSync('/usr/lib/postgresql')) return [];
  return readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
}

function install() {
  log('pg_ctlcluster missing: apt-get install -y postgresql');
  let r = run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql']);
  if (r.status !== 0) {
    run('apt-get', ['update']);
    r = run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql']);
  }
  if (r.status !== 0) {
    throw new Error(
      `apt-get install postgresql failed:\n${r.out}\n` +
        `Install PostgreSQL (Debian: apt-get install postgresql), or start any PostgreSQL on ${HOST}:${PORT} with trust auth for user postgres, then run this again.`,
    );
  }
}

function start() {
  const [ver] = versions();
  if (!ver) throw new Error('no PostgreSQL server version installed');
  if (!existsSync(`/etc/postgresql/${ver}/${CLUSTER}`)) {
    log(`creating cluster ${ver}/${CLUSTER} on port ${PORT}`);
    const c = run('pg_createcluster', [ver, CLUSTER, '--port', String(PORT)]);
    if (c.status !== 0)
      throw new Error(
        `pg_createcluster failed:\n${c.out}\nCreate and start a cluster by hand (pg_createcluster ${ver} ${CLUSTER} --port ${PORT} --start).`,
      );
  }
  const conf = readFileSync(`/etc/postgresql/${ver}/${CLUSTER}/postgresql.conf`, 'utf8');
  const configured = Number(conf.match(/^\s*port\s*=\s*(\d+)/m)?.[1] ?? 5432);
  if (configured !== PORT) {
    throw new Error(
      `cluster ${ver}/${CLUSTER} is configured for port ${configured}, not ${PORT}: start it (pg_ctlcluster ${ver} ${CLUSTER} start) and use that port, or set PG_CLUSTER to another name`,
    );
  }
  log(`starting cluster ${ver}/${CLUSTER}`);
  const r = run('pg_ctlcluster', ['--skip-systemctl-redirect', ver, CLUSTER, 'start']);
  // Exit 2 = already running.
  if (r.status !== 0 && r.status !== 2)
    throw new Error(`pg_ctlcluster start failed:\n${r.out}\nSee /var/log/postgresql/postgresql-${ver}-${CLUSTER}.log.`);
  return ver;
}

function trustLocal(ver) {
  const file = `/etc/postgresql/${ver}/${CLUSTER}/pg_hba.conf`;
  const text = readFileSync(file, 'utf8');
  const lines = ['host all all 127.0.0.1/32 trust', 'host all all ::1/128 trust', 'local all all trust'];
  if (lines.every((l) => text.includes(l))) return;
  log(`setting trust auth for local connections in ${file}`);
  writeFileSync(file, `# added by scripts/ensure-postgres.mjs (test server)\n${lines.join('\n')}\n${text}`);
  run('pg_ctlcluster', ['--skip-systemctl-redirect', ver, CLUSTER, 'reload']);
}

async function waitReady(seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if ((await portOpen()) && probe() === 'ok') return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function main() {
  const started = Date.now();
  if ((await portOpen()) && probe() === 'ok') {
    log(`PostgreSQL answers on ${HOST}:${PORT} (${Date.now() - started} ms)`);
    return;
  }
  if (!existsSync('/usr/bin/pg_ctlcluster') || versions().length === 0) install();
  const ver = start();
  if (probe() === 'auth') trustLocal(ver);
  if (!(await waitReady(30))) {
    if (probe() === 'auth') {
      trustLocal(ver);
      if (await waitReady(10)) return log('ready');
    }
    throw new Error(
      `PostgreSQL did not become ready on ${HOST}:${PORT} (see /var/log/postgresql/postgresql-${ver}-${CLUSTER}.log)`,
    );
  }
  log(`PostgreSQL ${ver} ready on ${HOST}:${PORT} (${Date.now() - started} ms)`);
}

main().catch((e) => {
  console.error(`[ensure-postgres] ${e.message}`);
  process.exit(1);
});
