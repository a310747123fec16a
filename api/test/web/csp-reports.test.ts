import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CspReportStore } from '../../src/security/csp-report-store';
import { registerCspReports } from '../../src/web/csp-reports';
import { createTestApp, type TestApp } from '../support/harness';

/**
 * CSP reports (issue 43): anonymous reports are limited per address, size-capped and deduplicated;
 * only an administrator lists and clears them.
 */
const report = (blocked: string) =>
  JSON.stringify({
    'csp-report': {
      'document-uri': 'http://127.0.0.1/pages/home',
      'effective-directive': 'script-src-elem',
      'blocked-uri': blocked,
    },
  });

describe('POST /csp-reports', () => {
  let app: FastifyInstance;
  const store = new CspReportStore();
  beforeAll(async () => {
    app = Fastify();
    app.decorate('cspReports', store);
    await registerCspReports(app);
    await app.ready();
  });
  afterAll(async () => app.close());
  const send = (payload: string, ip = '10.9.0.1') =>
    app.inject({
      method: 'POST',
      url: '/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload,
      remoteAddress: ip,
    });

  it('the same violation is one entry with a count; 30 a minute per address, then 429; other addresses unaffected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await send(report('https://evil.example/x.js'))).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(30);
    expect(codes.slice(30)).toEqual(Array(10).fill(429));
    expect(store.list()).toEqual([
      expect.objectContaining({ blockedUri: 'https://evil.example/x.js', directive: 'script-src-elem', count: 30 }),
    ]);
    expect((await send(report('https://other.example/y.js'), '10.9.0.2')).statusCode).toBe(204);
    expect(store.list()).toHaveLength(2);
  });

  it('a body over 16 KB is refused; at most 200 distinct violations are kept', async () => {
    expect((await send(report('x'.repeat(17 * 1024)), '10.9.0.3')).statusCode).toBe(413);
    const small = new CspReportStore(3);
    for (const b of ['a', 'b', 'c', 'd'])
      small.add({ documentUri: 'p', directive: 'img-src', blockedUri: b, at: new Date().toISOString() });
    expect(small.list().map((v) => v.blockedUri)).toEqual(['b', 'c', 'd']);
  });
});

describe('listing and clearing: administrators only (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('anonymous → 401, a customer → 403, the admin lists and clears; the old open GET/DELETE is gone', async () => {
    t.app.cspReports.add({
      documentUri: 'http://127.0.0.1/',
      directive: 'img-src',
      blockedUri: 'https://tracker.example/p.gif',
      at: new Date().toISOString(),
    });
    expect((await t.get('admin/csp-reports')).code).toBe(401);
    const customer = await t.createUser();
    expect((await t.get('admin/csp-reports', {}, { token: customer.token })).key).toBe('admin_only');
    expect((await t.post('admin/csp-reports/clear', {}, { token: customer.token })).key).toBe('admin_only');
    const admin = await t.createAdmin();
    const listed = await t.get('admin/csp-reports', {}, { token: admin.token });
    expect(listed.data.violations).toEqual([
      expect.objectContaining({ blockedUri: 'https://tracker.example/p.gif', count: 1 }),
    ]);
    expect((await t.post('admin/csp-reports/clear', {}, { token: admin.token })).data).toEqual({ cleared: 1 });
    expect((await t.get('admin/csp-reports', {}, { token: admin.token })).data.violations).toEqual([]);
    for (const method of ['GET', 'DELETE'] as const)
      expect((await t.inject({ method, url: '/csp-reports' })).statusCode).toBe(404);
  });
});
