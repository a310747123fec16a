#!/usr/bin/env node
// Starts the real server for the e2e suite: the API's Fastify process (which also serves the
// built front end via api/src/web) on a fresh temporary data directory, sandbox providers.
// Until the API's entry point exists it falls back to the web-only server of api/src/web.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiDir = join(root, 'api');
const port = process.env.E2E_PORT ?? '8090';
const dataDir = mkdtempSync(join(tmpdir(), 'cardwallet-e2e-'));
// E2E_SERVER=web serves only the front end (api/src/web/standalone.ts): for front-end work while
// the API is broken or absent. Default: the real API process.
const webOnly = process.env.E2E_SERVER === 'web' || !existsSync(join(apiDir, 'src/main.ts'));
const entry = webOnly ? 'src/web/standalone.ts' : 'src/main.ts';

const child = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: apiDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    WEB_ROOT: root,
    // api/src/config.ts: PGlite data dir, sandbox providers + demo seed.
    DATA_DIR: join(dataDir, 'pglite'),
    APP_MODE: 'sandbox',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every e2e request comes from 127.0.0.1 to one server for the whole suite; the per-IP limits
    // (covered by the API's own tests) would otherwise refuse later suites' codes and logins.
    IP_SEND_CODE_MAX: '1000',
    IP_INVITER_MAX: '1000',
    IP_LOGIN_MAX: '1000',
    // Every page of the suite asks a telemetry ticket from 127.0.0.1 (production: 20 per address per 10 min).
    TELEMETRY_TICKETS_PER_IP: '100000',
    // The rollouts spec's canary analysis on a dozen real browser sessions: judged every 2 s from 5
    // sessions per cohort (z ≥ 3), steps held 3 s (production: 60 s, 300 sessions, z ≥ 3.89, 10 min).
    TELEMETRY_ANALYSIS_INTERVAL_MS: '2000',
    TELEMETRY_FLUSH_MS: '1000',
    TELEMETRY_MIN_SESSIONS: '5',
    TELEMETRY_Z_CRITICAL: '3',
    TELEMETRY_STEP_HOLD_MINUTES: '0.05',
    // ERC20 on a real local EVM chain, as `npm start` (docs/chain.md): any free loopback port (runs
    // of several checkouts side by side), a fresh chain in the temporary folder. E2E_EVM=0: simulated.
    CHAIN_EVM_DEV_NODE: process.env.E2E_EVM === '0' ? '0' : '1',
    CHAIN_EVM_DEV_NODE_PORT: '0',
    CHAIN_EVM_SWEEP_MS: process.env.CHAIN_EVM_SWEEP_MS ?? '5000',
    // Direct uploads (docs/kyc.md): the API starts the sandbox bucket (s3rver behind a POST-policy
    // gate) on a free loopback port, so photos go from the browser straight to it. E2E_BUCKET=0: through the API.
    SANDBOX_BUCKET: process.env.E2E_BUCKET === '0' ? '0' : '1',
    SANDBOX_BUCKET_PORT: '0',
  },
});

let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
