import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

/**
 * Fires malformed input at EVERY route Fastify registered (enumerated from the app, so new
 * modules are covered automatically) and asserts: never HTTP 5xx, always the envelope under
 * /api, never an internal_error, never a stack trace or SQL text in a body.
 */
const LEAK =
  /(\n\s+at |\.ts:\d+|node_modules|syntax error at|relation "|violates|duplicate key|\bselect\s.+\sfrom\b|\binsert into\b|\bupdate\s+\w+\s+set\b|ZodError|TypeError|ReferenceError)/i;

const junkStrings = [
  '',
  ' ',
  'x'.repeat(20_000),
  '\u0000\u0001\u0002',
  '🙂🙃\u202e\u200f مرحبا 你好',
  '\ud800',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%ff',
  '1e309',
  '-1',
  '0',
  'NaN',
  '{{constructor.constructor}}',
];

const bodies: unknown[] = [
  {},
  [],
  [{}],
  'string',
  123,
  null,
  true,
  { account: 1, password: 2, amount: -1, code: {}, id: [] },
  { account: 'a'.repeat(5000), password: 'b'.repeat(5000) },
  { amount: '1e400', currency: '🙂', network: null, address: 'x'.repeat(3000), quantity: '-0.000000000000000000001' },
  { page: -1, pageSize: 1e9, id: '999999999999999999999999', userId: '1; drop table users' },
  { nested: { deep: { deeper: { deepest: Array.from({ length: 50 }, () => ({ a: 1 })) } } } },
  { type: 'email', account: 'a@b.co', code: '12345a' },
  // Control characters and lone surrogates in the names the routes read (PostgreSQL refuses NUL).
  Object.fromEntries(
    ['id', 'cardId', 'orderId', 'account', 'message', 'name', 'address', 'code', 'quoteId', 'addressId'].map((k, i) => [
      k,
      ['\u0000', 'x\u0000y', '\ud800', 'a\u001bb', '\udfff\u0000'][i % 5],
    ]),
  ),
  Object.fromEntries(junkStrings.map((s, i) => [`k${i}`, s])),
];

const rawPayloads: { payload: string; type: string }[] = [
  { payload: '{"a":', type: 'application/json' },
  { payload: '{"a":1}garbage', type: 'application/json' },
  { payload: '\u0000\u0001', type: 'application/json' },
  { payload: '{"__proto__":{"x":1}}', type: 'application/json' },
  { payload: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: 'hello', type: 'text/plain' },
  { payload: '<x/>', type: 'application/xml' },
  { payload: '{}', type: 'application/json; charset=utf-16' },
  { payload: '{"a":1}', type: 'multipart/form-data; boundary=zzz' },
  { payload: '9'.repeat(400), type: 'application/json' },
  { payload: '['.repeat(5000), type: 'application/json' },
];

const queries: Record<string, string>[] = [
  {},
  { refereeId: 'x'.repeat(5000) },
  { page: '-1', pageSize: 'abc', limit: '1e9', to: '🙂' },
  { id: "1' or '1'='1", currency: '\u0000', status: '<script>' },
  { filter: 'nope', type: '[]', cursor: '%%%' },
  // The input text rule (src/http/input-text.ts): NUL, C0 controls, lone surrogates in every query value.
  { id: '\u0000', orderId: 'a\u001bb', account: '\ud800', cardId: '\u0007', currency: 'USD\n' },
];

describe.each(testDrivers())('fuzz every route on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { IP_LOGIN_MAX: '100000', IP_SEND_CODE_MAX: '100000', BODY_LIMIT_BYTES: '65536' });
  });
  afterAll(async () => {
    await t?.close();
  });

  function check(route: string, res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(res.statusCode, `${route} HTTP status`).toBeLessThan(500);
    expect(res.body, `${route} leaks internals: ${res.body.slice(0, 300)}`).not.toMatch(LEAK);
    const url = route.split(' ')[1]!;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    expect(res.statusCode, route).toBe(200);
    const body = JSON.parse(res.body);
    expect(typeof body.code, route).toBe('number');
    expect(typeof body.msg, route).toBe('string');
    expect(body, route).toHaveProperty('data');
    expect(body.key, `${route} answered internal_error`).not.toBe('internal_error');
    if (body.code !== 200) expect(typeof body.key, `${route}: error without key`).toBe('string');
  }

  it('enumerates the routes of every module', () => {
    const urls = t.app.routeList.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/user/login',
      'POST /api/user/register',
      'GET /api/user/isLogin',
      'POST /api/user/adminLogin',
      'GET /api/dev/outbox',
      'POST /api/passkey/registerOptions',
      'POST /api/passkey/register',
      'POST /api/passkey/loginOptions',
      'POST /api/passkey/login',
      'GET /api/passkey/list',
      'POST /api/passkey/rename',
      'POST /api/passkey/remove',
      'POST /api/passkey/proofOptions',
      'POST /api/card/funding/withdrawToWallet',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(urls.length).toBeGreaterThan(15);
  });

  it('no route crashes or leaks on malformed input', async () => {
    const routes = t.app.routeList.filter((r) => !r.url.includes('*') && r.method !== 'OPTIONS');
    let requests = 0;
    for (const route of routes) {
      const user = await t.createUser({ kycLevel: 2 });
      const admin = await t.createAdmin();
      const tokens = [undefined, 'junk-token', route.auth === 'admin' ? admin.token : user.token];
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
        name.toLowerCase().includes('id') ? '999999999999999999999' : 'x%00y',
      );
      const name = `${route.method} ${route.url}`;
      const send = async (opts: {
        payload?: unknown;
        type?: string;
        query?: Record<string, string>;
        token?: string;
        extra?: Record<string, string>;
      }) => {
        requests++;
        const headers: Record<string, string> = {
          ...(opts.token ? { 'access-token': opts.token } : {}),
          ...(opts.type ? { 'content-type': opts.type } : {}),
          ...(opts.extra ?? {}),
        };
        const res = await t.inject({
          method: route.method as 'GET',
          url,
          query: opts.query,
          headers,
          ...(opts.payload !== undefined ? { payload: opts.payload as string } : {}),
        });
        check(name, res);
      };
      if (route.url.includes(':')) {
        // Control characters in a path parameter, and one over the router's 200-character limit.
        for (const value of ['%00', '%01x', '%ED%A0%80', 'a'.repeat(201)]) {
          const bad = route.url.replace(/:(\w+)/g, value);
          requests++;
          const res = await t.inject({
            method: route.method as 'GET',
            url: bad,
            headers: { 'access-token': tokens[2]!, 'content-type': 'application/json' },
            ...(route.method !== 'GET' && route.method !== 'DELETE' ? { payload: '{}' } : {}),
          });
          check(`${name} (path ${value.slice(0, 12)})`, res);
          if (value.length > 200) expect(JSON.parse(res.body).key, name).toBe('uri_too_long');
        }
      }
      if (route.method === 'GET' || route.method === 'DELETE') {
        for (const token of tokens) for (const query of queries) await send({ query, token });
        await send({
          token: tokens[2],
          extra: { 'accept-language': '\u0000junk;q=abc', platform: 'x'.repeat(5000), 'idempotency-key': '🙂' },
        });
      }
      if (route.method !== 'GET') {
        // Auth runs before parsing: junk/no token only need a sample; the valid token reaches validation and handlers.
        for (const token of [tokens[0], tokens[2]]) {
          for (const body of bodies)
            await send({
              payload: JSON.stringify(body),
              type: 'application/json',
              token,
              extra: { 'idempotency-key': `fuzz-${requests}-key` },
            });
        }
        await send({ payload: JSON.stringify(bodies[7]), type: 'application/json', token: tokens[1] });
        for (const raw of rawPayloads) await send({ payload: raw.payload, type: raw.type, token: tokens[2] });
        await send({ payload: JSON.stringify({ a: 'x'.repeat(70_000) }), type: 'application/json', token: tokens[2] });
        // Random JSON values (fast-check), bounded.
        const samples = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 10, seed: 42 });
        for (const value of samples)
          await send({
            payload: JSON.stringify(value),
            type: 'application/json',
            token: tokens[2],
            extra: { 'idempotency-key': `fuzz-${requests}-key` },
          });
      }
    }
    console.log(`fuzz: ${routes.length} routes, ${requests} requests`);
    expect(requests).toBeGreaterThan(1000);
  }, 240_000);
});
