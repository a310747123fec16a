#!/usr/bin/env node
// Makes sure a Redis server answers PING on 127.0.0.1:6379 (REDIS_PORT overrides), for the API's
// cluster tests (shared per-IP limits) and scripts/cluster.mjs. Idempotent and quick when it is up:
//   1. PING → +PONG: done;
//   2. else install Debian's redis-server when missing (apt-get, via sudo when not root);
//   3. start it daemonised on loopback only (`redis-server --daemonize yes --bind 127.0.0.1`), wait 15 s max.
// Exit 1 with what to do when none of that works.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

const HOST = '127.0.0.1';
const PORT = Number(process.env.REDIS_PORT ?? 6379);
const asRoot = process.getuid?.() === 0;
const log = (m) => console.log(`[ensure-redis] ${m}`);

export function ping(host = HOST, port = PORT, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    let buf = '';
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => s.write('*1\r\n$4\r\nPING\r\n'));
    s.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
    });
    s.once('error', () => done(false));
  });
}

function run(cmd, args) {
  const full = asRoot ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
  const r = spawnSync(full[0], full[1], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return { status: r.status ?? 1, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}`.trim() };
}

async function main() {
  const started = Date.now();
  if (await ping()) return log(`Redis answers on ${HOST}:${PORT} (${Date.now() - started} ms)`);
  if (!existsSync('/usr/bin/redis-server')) {
    log('redis-server missing: apt-get install -y redis-server');
    let r = run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server']);
    if (r.status !== 0) {
      run('apt-get', ['update']);
      r = run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server']);
    }
    if (r.status !== 0)
      throw new Error(`apt-get install redis-server failed (install it, or start Redis on ${HOST}:${PORT}):\n${r.out}`);
  }
  log(`starting redis-server on ${HOST}:${PORT}`);
  const r = spawnSync(
    '/usr/bin/redis-server',
    ['--daemonize', 'yes', '--bind', HOST, '--port', String(PORT), '--save', '', '--appendonly', 'no'],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`redis-server did not start: ${r.stderr || r.stdout}`);
  for (let i = 0; i < 60; i++) {
    if (await ping()) return log(`Redis ready on ${HOST}:${PORT} (${Date.now() - started} ms)`);
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`Redis did not answer on ${HOST}:${PORT} within 15 s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(`[ensure-redis] ${e.message}`);
    process.exit(1);
  });
}
