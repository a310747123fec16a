#!/usr/bin/env node
// Runs pnpm with the given arguments, fetching the pinned version through npx when the machine has
// none (a fresh machine has only Node + npm). pnpm is deliberately not pinned with `packageManager`:
// pnpm 12 then tries to lock every platform binary and a frozen install fails (see docs/toolchain).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PNPM_VERSION = '12.21.0';

function hasPnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return probe.status === 0 && probe.stdout.trim().startsWith('12.');
}

export function pnpmCommand() {
  return hasPnpm() ? ['pnpm', []] : ['npx', ['-y', `pnpm@${PNPM_VERSION}`]];
}

export function pnpm(args, options = {}) {
  const [cmd, pre] = pnpmCommand();
  const result = spawnSync(cmd, [...pre, ...args], { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
