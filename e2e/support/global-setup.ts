import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function isTestBuild(): boolean {
  try {
    return JSON.parse(readFileSync(`${root}/shell/dist/build-info.json`, 'utf8')).testBuild === true;
  } catch {
    return false;
  }
}

/**
 * The suite drives the shell through `window.__cardwallet`, which only a test build has
 * (CW_TEST_BUILD=1: `npm test` builds that way). A shell built for production (`npm start`,
 * `pnpm -r run build`) is rebuilt here as a test build first, so specs never run against it.
 */
export default function globalSetup() {
  if (process.env.E2E_BASE_URL) return; // a deployed server: its build is what it is
  if (isTestBuild()) return;
  console.log('[e2e] shell/dist is not a test build: rebuilding the shell with CW_TEST_BUILD=1');
  const result = spawnSync(
    process.execPath,
    [`${root}/scripts/pnpm.mjs`, '--filter', '@cardwallet/shell', 'run', 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CW_TEST_BUILD: '1' },
    },
  );
  if (result.status !== 0) throw new Error('could not build the shell as a test build');
}
