#!/usr/bin/env node
// `npm test`: install, lint, type-check, unit tests of every package, production builds, then the
// end-to-end suite in real Chromium against the real server. Fails on the first failing step.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkCycles } from './check-cycles.mjs';
import { ROOT, buildFrontEnd, install, pnpm, run, step } from './lib.mjs';

const timings = {};
const started = Date.now();

timings.install = step('install (pnpm, frozen lockfile)', install);
timings.lint = step('lint (eslint, module boundaries; prettier formatting; import cycles)', () => {
  const eslint = run(join(ROOT, 'node_modules/.bin/eslint'), ['.', '--max-warnings=50']);
  return eslint || run(join(ROOT, 'node_modules/.bin/prettier'), ['--check', '--log-level=warn', '.']) || checkCycles();
});
timings.typecheck = step('type-check every package', () =>
  pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']),
);

// The API tests run against PostgreSQL when it is reachable (the API helper's script says how).
const ensurePostgres = join(ROOT, 'scripts/ensure-postgres.mjs');
if (existsSync(ensurePostgres))
  timings.postgres = step('PostgreSQL reachable', () => run(process.execPath, [ensurePostgres]));
// …and Redis for the cluster tests (per-IP limits shared by two API instances; docs/operations.md).
const ensureRedis = join(ROOT, 'scripts/ensure-redis.mjs');
if (existsSync(ensureRedis)) timings.redis = step('Redis reachable', () => run(process.execPath, [ensureRedis]));

// The API's database tests use both cores themselves (two vitest workers); the front-end packages'
// jsdom suites are mostly start-up and import time, so two run at once (measured 188 → 153 s).
timings.unitApi = step('unit tests of the API (PGlite and PostgreSQL)', () =>
  pnpm(['--filter', '@cardwallet/api', 'run', 'test']),
);
timings.unit = step('unit tests of the other packages (two at a time)', () =>
  pnpm([
    '-r',
    '--workspace-concurrency=2',
    '--filter',
    '!@cardwallet/e2e',
    '--filter',
    '!cardwallet',
    '--filter',
    '!@cardwallet/api',
    'run',
    'test',
  ]),
);
timings.build = step('production builds (test build of the shell)', () => buildFrontEnd({ testBuild: true }));

timings.chromium = step('Chromium at /usr/bin/chromium', () => {
  if (existsSync('/usr/bin/chromium')) return 0;
  // Debian's chromium; never `npx playwright install` (no downloads of browser builds).
  const asRoot = process.getuid?.() === 0;
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) =>
    asRoot ? run('apt-get', args, { env: aptEnv }) : run('sudo', ['apt-get', ...args], { env: aptEnv });
  return aptGet(['update']) || aptGet(['install', '-y', '--no-install-recommends', 'chromium']);
});

timings.e2e = step('end-to-end suite (Playwright, Chromium)', () =>
  pnpm(['--filter', '@cardwallet/e2e', 'run', 'test'], { env: { ...process.env, CI: process.env.CI ?? 'true' } }),
);

const total = ((Date.now() - started) / 1000).toFixed(1);
console.log('\nnpm test passed. Seconds per step:', timings, `total ${total} s`);
