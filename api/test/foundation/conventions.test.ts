import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { BusinessError } from '../../src/http/errors';

async function throwingRoutes(app: import('fastify').FastifyInstance) {
  app.get('/test/boom', async () => {
    throw new Error('SELECT password_hash FROM users -- secret internals');
  });
  app.get('/test/sql-error', async () => {
    await app.database.sql.query('select * from table_that_does_not_exist');
    return {};
  });
  app.get('/test/business', async () => {
    throw new BusinessError('insufficient_balance');
  });
  app.get('/test/with-params', async () => {
    throw new BusinessError('withdraw_below_minimum', { min: '10', currency: 'USDT' });
  });
}

describe.each(testDrivers())('API conventions on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { BODY_LIMIT_BYTES: '4096' }, throwingRoutes);
  });
  afterAll(async () => {
    await t?.close();
  });

  const raw = async (opts: Parameters<TestApp['inject']>[0]) => {
    const res = await t.inject(opts);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return JSON.parse(res.body);
  };

  it('bad JSON → 422 illegal_request (HTTP 200)', async () => {
    const body = await raw({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"account": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(body).toMatchObject({ code: 422, key: 'illegal_request', data: null });
  });

  it('wrong content types → 422 unsupported_media_type', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'image/png',
    ]) {
      const body = await raw({
        method: 'POST',
        url: '/api/user/login',
        payload: 'account=a&password=b',
        headers: { 'content-type': type },
      });
      expect(body, type).toMatchObject({ code: 422, key: 'unsupported_media_type' });
    }
  });

  it('oversized body → 422 payload_too_large', async () => {
    const body = await raw({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: 'a@b.co', password: 'x'.repeat(10_000) },
    });
    expect(body).toMatchObject({ code: 422, key: 'payload_too_large' });
  });

  it('empty JSON body → 422 illegal_request; arrays/strings instead of objects → 422 invalid_params', async () => {
    expect(
      await raw({
        method: 'POST',
        url: '/api/user/login',
        payload: '',
        headers: { 'content-type': 'application/json' },
      }),
    ).toMatchObject({ code: 422 });
    const arr = await raw({
      method: 'POST',
      url: '/api/user/login',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(arr).toMatchObject({ code: 422, key: 'invalid_params' });
    const str = await raw({
      method: 'POST',
      url: '/api/user/login',
      payload: '"hello"',
      headers: { 'content-type': 'application/json' },
    });
    expect(str).toMatchObject({ code: 422 });
  });

  it('prototype-poisoning JSON is refused', async () => {
    const body = await raw({
      method: 'POST',
      url: '/api/user/login',
      payload: '{"account":"a@b.co","password":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(body.code).toBe(422);
  });

  it('wrong types → 422 with one translated message per field', async () => {
    const body = await raw({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: 42, password: ['x'] },
      headers: { 'accept-language': 'tr-TR' },
    });
    expect(body.code).toBe(422);
    expect(body.data.fields).toEqual({ account: expect.any(String), password: expect.any(String) });
    expect(body.data.fields.account).toBe('Zorunlu');
  });

  it('unknown routes under /api → envelope 404 in every method; a known path in another method → method_not_allowed', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      expect(await raw({ method, url: '/api/does/not/exist' })).toMatchObject({ code: 404, key: 'not_found' });
    }
    expect(await raw({ method: 'GET', url: '/api' })).toMatchObject({ code: 404 });
    expect(await raw({ method: 'DELETE', url: '/api/user/login' })).toMatchObject({
      code: 422,
      key: 'method_not_allowed',
    });
  });

  it('msg is translated from Accept-Language into the four locales', async () => {
    const msgs = new Set<string>();
    for (const locale of ['en-US', 'zh-HK', 'ar-AE', 'tr-TR']) {
      const body = await raw({ method: 'GET', url: '/api/test/business', headers: { 'accept-language': locale } });
      expect(body).toMatchObject({ code: 500, key: 'insufficient_balance' });
      msgs.add(body.msg);
    }
    expect(msgs.size).toBe(4);
    expect((await raw({ method: 'GET', url: '/api/test/business', headers: { 'accept-language': 'fr-FR' } })).msg).toBe(
      'Insufficient balance',
    );
    expect((await raw({ method: 'GET', url: '/api/test/with-params' })).msg).toBe('The minimum withdrawal is 10 USDT.');
    const ok = await raw({ method: 'GET', url: '/api/system/health', headers: { 'accept-language': 'zh-HK' } });
    expect(ok).toMatchObject({ code: 200, msg: '成功' });
  });

  it('unexpected errors → 500 internal_error, logged, no stack or SQL in the body', async () => {
    for (const url of ['/api/test/boom', '/api/test/sql-error']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({ code: 500, key: 'internal_error', data: null });
      expect(res.body).not.toMatch(/SELECT|select|table_that|password_hash|at .*\.ts|stack/i);
    }
  });

  it('X-Request-Id: echoed when sane, generated otherwise', async () => {
    const given = await t.inject({
      method: 'GET',
      url: '/api/system/health',
      headers: { 'x-request-id': 'client-req-123' },
    });
    expect(given.headers['x-request-id']).toBe('client-req-123');
    const none = await t.inject({ method: 'GET', url: '/api/system/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const evil = await t.inject({
      method: 'GET',
      url: '/api/system/health',
      headers: { 'x-request-id': 'bad id\twith "junk"' },
    });
    expect(evil.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('API answers are not cacheable and not sniffable', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/system/health' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('OpenAPI document generated from the zod schemas at /api/docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'account',
    );
    expect(doc.paths['/api/user/register']).toBeTruthy();
    const ui = await t.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sandbox outbox filters by ?to=', async () => {
    await t.post('user/sendCode', { account: 'outbox-a@example.com', purpose: 'register' });
    await t.post('user/sendCode', { account: 'outbox-b@example.com', purpose: 'register' });
    const a = await t.get('dev/outbox', { to: 'OUTBOX-A@example.com' });
    expect(a.data.messages).toHaveLength(1);
    expect(a.data.messages[0].to).toBe('outbox-a@example.com');
  });
});

describe('production mode', () => {
  it('has no dev outbox (404) and refuses SMS without a gateway', async () => {
    const t = await createTestApp('pglite', { APP_MODE: 'production', ADMIN_PASSWORD: 'Prod-Admin-Password-1' });
    try {
      expect(await t.get('dev/outbox')).toMatchObject({ code: 404, key: 'not_found' });
      const sms = await t.post('user/sendCode', { account: '+905321234567', purpose: 'register' });
      expect(sms).toMatchObject({ code: 500, key: 'code_delivery_failed' });
      // The failed delivery does not start a cooldown.
      const again = await t.post('user/sendCode', { account: '+905321234567', purpose: 'register' });
      expect(again.key).toBe('code_delivery_failed');
    } finally {
      await t.close();
    }
  });
});
