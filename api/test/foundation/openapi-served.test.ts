import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DIR } from '../../src/config';
import { freePort, spawnApiChild, waitUntilHealthy } from '../support/api-process';
import { ensureTemplate } from '../support/template';

/**
 * The document the RUNNING server serves (src/main.ts as `npm start` and scripts/cluster.mjs start
 * it), on a first start that seeds the sandbox demo data: that start used to answer 500 ("swagger()
 * must be called after .ready()") because a module's inject started the app without its onReady
 * hooks. Then `redocly lint` with api/redocly.yaml, offline, and the completeness rules below.
 */

// POST routes that take no body on purpose (the session, the path or nothing else says it all).
const NO_BODY = new Set([
  '/api/user/logout',
  '/api/user/logoutOthers',
  '/api/admin/session/logout',
  '/api/content/announcements/readAll',
  '/api/notifications/readAll',
  '/api/notifications/streamTicket',
  '/api/wallet/markEventsSeen',
  '/api/releases/{app}/rollback',
  '/api/dev/kyc/deliver',
  // Passkeys: the ceremony options take no input.
  '/api/passkey/registerOptions',
  '/api/passkey/loginOptions',
  '/api/passkey/proofOptions',
]);

type Operation = { summary?: string; operationId?: string; security?: unknown[]; requestBody?: unknown };

describe('OpenAPI document served by the running API (npm start)', () => {
  let child: ChildProcess | undefined;
  let port = 0;
  let scratch = '';
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-openapi-'));
    const dataDir = path.join(scratch, 'pglite');
    fs.cpSync(await ensureTemplate(), dataDir, { recursive: true });
    port = await freePort();
    // A fresh sandbox database: the demo seeds run (and inject webhooks) during this start.
    const spawned = spawnApiChild('', port, {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SCRYPT_N: '1024',
      UPLOAD_DIR: path.join(scratch, 'uploads'),
    });
    child = spawned.child;
    await waitUntilHealthy(child, port, spawned.stderr, 60_000);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('answers 200 with the document and the UI', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as typeof doc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    const ui = await fetch(`http://127.0.0.1:${port}/api/docs`, { redirect: 'manual' });
    expect([200, 302]).toContain(ui.status);
  });

  it('passes redocly lint (api/redocly.yaml) with no error and no warning, offline', () => {
    const file = path.join(scratch, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const bin = path.join(API_DIR, 'node_modules/.bin/redocly');
    let out: string;
    try {
      out = execFileSync(bin, ['lint', file, '--config', path.join(API_DIR, 'redocly.yaml'), '--format=json'], {
        cwd: API_DIR,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        // No telemetry, no update check; a dead proxy makes any other network use fail loudly.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          HTTPS_PROXY: 'http://127.0.0.1:9',
          HTTP_PROXY: 'http://127.0.0.1:9',
        },
      });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    const report = JSON.parse(out) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('documents every route: summary, declared access, and a body for every POST', () => {
    const missingBody: string[] = [];
    for (const [url, ops] of Object.entries(doc.paths)) {
      expect(url.startsWith('/api/'), url).toBe(true);
      for (const [method, op] of Object.entries(ops)) {
        expect(op.summary, `${method} ${url}`).toBeTruthy();
        expect(Array.isArray(op.security), `${method} ${url} security`).toBe(true);
        if (url.startsWith('/api/admin/')) expect(op.security, url).toEqual([{ adminToken: [] }]);
        if (method === 'post' && !op.requestBody && !NO_BODY.has(url)) missingBody.push(url);
      }
    }
    expect(missingBody).toEqual([]);
    expect(doc.paths['/api/user/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/user/info']!.get!.security).toEqual([{ accessToken: [] }]);
  });
});
