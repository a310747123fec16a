import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { createTestApp, type TestApp } from '../support/harness';

/** With WEB_ROOT set, the web plugin serves the front end beside the API; /api/* stays envelope-only. */
describe('API beside the web front end (WEB_ROOT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_ROOT: REPO_ROOT });
  });
  afterAll(async () => {
    await t?.close();
  });
  it('serves /remotes.json and the shell route, and still answers unknown /api/* with the envelope', async () => {
    const remotes = await t.inject({ method: 'GET', url: '/remotes.json' });
    expect(remotes.statusCode).toBe(200);
    expect(JSON.parse(remotes.body)).toHaveProperty('remotes');
    const shell = await t.inject({ method: 'GET', url: '/' });
    expect([200, 503]).toContain(shell.statusCode); // 503 = front end not built yet
    const missing = await t.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(missing.statusCode).toBe(200);
    expect(JSON.parse(missing.body)).toMatchObject({ code: 404, key: 'not_found' });
    expect((await t.get('system/health')).code).toBe(200);
  });
});
