import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the real API (`src/main.ts`) as its own process on 127.0.0.1:`port` against `databaseUrl`,
 * in sandbox mode without the front end; `env` adds or overrides variables. Its stdout is piped when
 * the caller reads the log.
 */
export function spawnApiChild(
  databaseUrl: string,
  port: number,
  env: Record<string, string>,
  stdout: 'pipe' | 'ignore' = 'ignore',
): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_MODE: 'sandbox',
      SANDBOX_CHAIN_BLOCK_MS: '0',
      WEB_ROOT: '',
      ...env,
    },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, stderr: () => stderr };
}

/** Resolves once `system/health` answers; kills the process and throws after `timeoutMs`. */
export async function waitUntilHealthy(
  child: ChildProcess,
  port: number,
  stderr: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}): ${stderr()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/system/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`API did not start: ${stderr()}`);
}

/**
 * Starts the real API as its own process and resolves once it answers. For tests and benchmarks
 * that need a process to kill or to load over real HTTP.
 */
export async function startApiProcess(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const { child, stderr } = spawnApiChild(databaseUrl, port, { LOG_LEVEL: 'silent', ...env });
  await waitUntilHealthy(child, port, stderr, 45_000);
  return child;
}
