import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeneratorSync } from 'json-schema-faker';
import { createTestApp, type TestApp } from '../support/harness';

/**
 * The served OpenAPI document (/api/docs/json) tells the truth about what the validators accept:
 * for EVERY operation, requests sampled from the document's own schemas (json-schema-faker: body,
 * query, path and header parameters) must never be refused as `invalid_params`; and requests made
 * invalid on purpose (a required field dropped, a wrong type, a NUL byte) must be. A refinement
 * the document does not state (a pattern, an enum, a minimum, oneOf…) shows up here as a sampled
 * request refused. docs/security.md "OpenAPI equal to the validators".
 */
type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'query' | 'path' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: Record<string, string[]>[];
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Operations whose JSON body is not the request (signed webhooks read raw bytes; uploads are multipart). */
const NOT_JSON = /^(application\/octet-stream|multipart\/)/;
const SAMPLES = 4;
/**
 * The document's custom format `e164-mobile` (shared MOBILE_JSON_SCHEMA): a number its country assigns
 * to mobiles, which no pattern says — the sampler draws from real mobile ranges.
 */
const formats = {
  'e164-mobile': (random: { pick<T>(values: readonly T[]): T }) =>
    random.pick(['+905321234567', '+447700900123', '+85291234567', '+971501234567', '+8613812345678']),
};

// Opt-in (OPENAPI_SAMPLES=1) until it finishes within the suite's time: a full run on this 2-core
// machine under load did not finish in 10 minutes (sampled deploy uploads, POST releases/{app}, are
// slow); its findings are not yet fixed. docs/security.md says what is left.
describe.runIf(process.env.OPENAPI_SAMPLES === '1')('OpenAPI document equal to the validators', () => {
  let t: TestApp;
  let doc: Doc;
  let userToken = '';
  let adminToken = '';
  beforeAll(async () => {
    t = await createTestApp('pglite', { IP_LOGIN_MAX: '100000', IP_SEND_CODE_MAX: '100000' });
    userToken = (await t.createUser({ kycLevel: 2 })).token;
    adminToken = (await t.createAdmin()).token;
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    doc = JSON.parse(res.body) as Doc;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function freshSessions() {
    userToken = (await t.createUser({ kycLevel: 2 })).token;
    adminToken = (await t.createAdmin()).token;
  }

  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ url, method: method.toUpperCase(), op })),
    );

  function jsonBodySchema(op: Operation): Schema | undefined | null {
    const content = op.requestBody?.content;
    if (!content) return undefined;
    if (Object.keys(content).some((type) => NOT_JSON.test(type))) return null;
    return content['application/json']?.schema;
  }

  function parametersSchema(params: Parameter[]): Schema {
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? { type: 'string' }])),
      required: params.filter((p) => p.required).map((p) => p.name),
    };
  }

  function request(
    url: string,
    method: string,
    op: Operation,
    gen: { generate(s: Schema): unknown },
    body: unknown,
  ): Parameters<TestApp['inject']>[0] {
    const params = op.parameters ?? [];
    const of = (where: Parameter['in']) => params.filter((p) => p.in === where);
    const path = gen.generate(parametersSchema(of('path'))) as Record<string, unknown>;
    const query = gen.generate(parametersSchema(of('query'))) as Record<string, unknown>;
    const headers = gen.generate(parametersSchema(of('header'))) as Record<string, unknown>;
    const scheme = Object.keys(op.security?.[0] ?? {})[0];
    const token = scheme === 'adminToken' ? adminToken : scheme === 'accessToken' ? userToken : undefined;
    const concrete = url.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(path[name] ?? 'x')));
    return {
      method: method as 'GET',
      url: concrete,
      query: Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
      headers: {
        ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
        ...(token ? { 'access-token': token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    };
  }

  it('samples of every operation pass its validators', async () => {
    const refused: string[] = [];
    let sent = 0;
    for (const { url, method, op } of operations()) {
      const bodySchema = jsonBodySchema(op);
      if (bodySchema === null) continue;
      for (let seed = 1; seed <= SAMPLES; seed++) {
        const gen = createGeneratorSync({
          seed,
          alwaysFakeOptionals: seed % 2 === 0,
          optionalsProbability: 0.5,
          refResolver: (ref: string) => doc.components?.schemas?.[ref.split('/').pop()!] ?? {},
          maxItems: 3,
          formats,
        });
        const body = bodySchema ? gen.generate(bodySchema) : undefined;
        const started = Date.now();
        if (process.env.SAMPLES_TRACE)
          (await import('node:fs')).appendFileSync(process.env.SAMPLES_TRACE, `${method} ${url}\n`);
        const res = await t.inject(request(url, method, op, gen, body));
        if (Date.now() - started > 3000) console.log(`slow: ${method} ${url} ${Date.now() - started} ms`);
        sent++;
        if (res.headers['content-type']?.toString().startsWith('application/json')) {
          const answer = JSON.parse(res.body) as { key?: string; data?: { fields?: unknown } };
          // A sample that signed the session out (logout, password change…): fresh sessions for the next ones.
          if (answer.key === 'unauthenticated' || answer.key === 'session_expired') await freshSessions();
          if (answer.key === 'invalid_params')
            refused.push(`${method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(answer.data?.fields)}`);
        }
      }
    }
    console.log(`openapi samples: ${sent} requests`);
    expect(refused).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 300_000);

  it('invalid samples (a required field dropped, a wrong type, a NUL byte) are refused', async () => {
    const accepted: string[] = [];
    let sent = 0;
    for (const { url, method, op } of operations()) {
      const bodySchema = jsonBodySchema(op);
      if (!bodySchema || bodySchema.type !== 'object') continue;
      const required = (bodySchema.required as string[] | undefined) ?? [];
      if (required.length === 0) continue;
      const properties = (bodySchema.properties ?? {}) as Record<string, Schema>;
      const gen = createGeneratorSync({ seed: 7, alwaysFakeOptionals: true, formats });
      const valid = gen.generate(bodySchema) as Record<string, unknown>;
      const field = required[0]!;
      const stringField = required.find((k) => properties[k]?.type === 'string');
      const broken: Record<string, unknown>[] = [
        Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field)),
        { ...valid, [field]: { not: 'a scalar' } },
        ...(stringField ? [{ ...valid, [stringField]: `x\u0000y` }] : []),
      ];
      for (const body of broken) {
        const res = await t.inject(request(url, method, op, gen, body));
        sent++;
        const answer = JSON.parse(res.body) as { key?: string };
        if (answer.key === 'unauthenticated' || answer.key === 'session_expired') await freshSessions();
        if (!['invalid_params', 'illegal_request'].includes(answer.key ?? ''))
          accepted.push(`${method} ${url} ${JSON.stringify(body).slice(0, 200)} → ${answer.key ?? 'ok'}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  }, 300_000);
});
