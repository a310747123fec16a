import { spawnSync } from 'node:child_process';
import pg from 'pg';

/**
 * pgbench's built-in tpcb-like script on a scratch database of the same server, same machine, same
 * client count: the yardstick the HTTP transfer throughput is compared with (docs/performance.md).
 */
export async function runPgbench(adminUrl: string, opts: { clients: number; threads: number; seconds: number }) {
  const name = `cw_pgbench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    const conn = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
    const init = spawnSync('pgbench', [...conn, '-i', '-q', '-s', '1', name], { encoding: 'utf8', timeout: 120_000 });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const run = spawnSync(
      'pgbench',
      [
        ...conn,
        '-b',
        'tpcb-like',
        '-c',
        String(opts.clients),
        '-j',
        String(opts.threads),
        '-T',
        String(opts.seconds),
        '-r',
        name,
      ],
      { encoding: 'utf8', timeout: (opts.seconds + 60) * 1000 },
    );
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1];
    return { tps: Number(tps), latencyAvgMs: Number(latency), raw: run.stdout };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
