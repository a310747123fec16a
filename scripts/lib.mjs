// Helpers shared by scripts/start.mjs and scripts/test.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmCommand } from './pnpm.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FRONT_END = ['./shell', './mf-card', './mf-wallet', './mf-user', './mf-share', './mf-passport'];

export function step(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const status = fn();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`✖ ${name} failed (exit ${status}) after ${seconds} s`);
    process.exit(status || 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
  return Number(seconds);
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) console.error(result.error.message);
  return result.status ?? 1;
}

export function pnpm(args, options = {}) {
  const [cmd, pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
}

export function install() {
  return pnpm(['install', '--frozen-lockfile'], { env: { ...process.env, CI: 'true' } });
}

/**
 * Production builds of the shell and the five feature apps, two at a time (two cores).
 * `{ testBuild: true }` (npm test) makes a test build of the shell: it exposes window.__cardwallet
 * for the e2e suite; `npm start` builds without it.
 */
export function buildFrontEnd({ testBuild = false } = {}) {
  return pnpm(['-r', '--workspace-concurrency=2', ...FRONT_END.flatMap((p) => ['--filter', p]), 'run', 'build'], {
    env: { ...process.env, CW_TEST_BUILD: testBuild ? '1' : '' },
  });
}

/** The server entry: the API (which also serves the front end), or the web-only server until it exists. */
export function serverEntry() {
  return existsSync(join(ROOT, 'api/src/main.ts')) ? 'src/main.ts' : 'src/web/standalone.ts';
}

export function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry()], {
    cwd: join(ROOT, 'api'),
    stdio: 'inherit',
    env: { ...process.env, WEB_ROOT: ROOT, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}
