import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/index';
import { SANDBOX_OPERATOR_PROFILE } from '../../src/modules/content/operator';
import { freePort, spawnApiChild, waitUntilHealthy } from '../support/api-process';
import { createScratchDatabase } from '../support/pg';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis half of the cluster tests can run. Like PostgreSQL (test/global-setup.ts): when
 * Redis does not answer the tests are skipped with a warning, except under CI=true, where a missing
 * Redis fails the run (`node scripts/ensure-redis.mjs` installs and starts one).
 */
export async function redisReachable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1500,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function requireRedis(): Promise<boolean> {
  const up = await redisReachable();
  if (!up) {
    const msg = `Redis is not reachable at ${TEST_REDIS_URL} (run: node scripts/ensure-redis.mjs)`;
    if (process.env.CI === 'true') throw new Error(`${msg}. CI=true: the Redis half of the cluster tests must run.`);
    process.stderr.write(`\n[cluster tests] WARNING: ${msg} — Redis tests are SKIPPED.\n\n`);
  }
  return up;
}

/** A key prefix of its own per test, so parallel runs sharing one Redis never see each other's counters. */
export function uniquePrefix(): string {
  return `cw-test-${randomBytes(6).toString('hex')}:`;
}

export interface Replica {
  app: FastifyInstance;
  database: Database;
}

/**
 * Two API instances on ONE PostgreSQL database (a scratch one), the way two processes behind the
 * load balancer are: same config, separate pools, separate memory.
 */
export async function twoReplicas(
  env: Record<string, string> = {},
): Promise<{ replicas: [Replica, Replica]; close(): Promise<void> }> {
  const scratch = await createScratchDatabase('cw_cluster');
  const make = async (): Promise<Replica> => {
    const config = loadConfig({
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'silent',
      SCRYPT_N: '1024',
      OPERATOR_PROFILE_JSON: JSON.stringify(SANDBOX_OPERATOR_PROFILE),
      DATABASE_URL: scratch.url,
      ...env,
    });
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: config.dataDir });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return { app, database };
  };
  // One after the other: both run the migrations check, the second finds them applied.
  const a = await make();
  const b = await make();
  return {
    replicas: [a, b],
    async close() {
      for (const r of [a, b]) {
        await r.app.close();
        await r.database.close();
      }
      await scratch.drop();
    },
  };
}

export function body(res: { body: string }): { code: number; key?: string; data: Record<string, unknown> } {
  return JSON.parse(res.body);
}

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Every JSON log line the process printed so far. */
  logs: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real API (`src/main.ts`) as its own process on 127.0.0.1, sandbox mode, logging at info so a
 * test can read what it did (leadership, drain). Resolves once `system/health` answers (150 s max:
 * start-up took over 60 s on the shared machine under load).
 */
export async function spawnApi(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const { child, stderr } = spawnApiChild(
    databaseUrl,
    port,
    { SANDBOX_KYC_DELIVERY_MS: '0', SCRYPT_N: '1024', LOG_LEVEL: 'info', ...env },
    'pipe',
  );
  const logs: Array<Record<string, unknown>> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a log line
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await waitUntilHealthy(child, port, stderr, 150_000);
  return { child, port, base: `http://127.0.0.1:${port}/api`, logs, exited };
}
