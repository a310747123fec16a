import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { withIdempotency, purgeExpiredIdempotencyKeys, canonicalJson } from '../../src/http/idempotency';
import { envelope, okEnvelope } from '../../src/http/envelope';
import { BusinessError } from '../../src/http/errors';

/**
 * A dummy money-moving route: adds `amount` to a counter row in the same transaction as the key.
 * Proves: replay returns the stored response without a second effect; a different payload is a
 * 409 mismatch; racing duplicates apply once; a failed effect leaves the key free.
 */
async function dummyRoutes(base: import('fastify').FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.database.sql.query(`create table if not exists dummy_counter (user_id text primary key, total integer not null)`);
  app.post(
    '/test/credit',
    {
      config: { auth: 'user' },
      schema: {
        body: z.object({ amount: z.number().int().min(1).max(1000), fail: z.boolean().optional() }),
        response: { 200: envelope(z.object({ total: z.number(), nonce: z.string() })) },
      },
    },
    async (request, reply) => {
      const { response, replayed } = await withIdempotency(request, request.body, async (tx) => {
        // Slow the effect a bit so racing duplicates overlap.
        await tx.query(`select pg_sleep(0.02)`);
        const [row] = await tx.query<{ total: number }>(
          `insert into dummy_counter (user_id, total) values ($1, $2)
           on conflict (user_id) do update set total = dummy_counter.total + excluded.total returning total`,
          [request.user!.userId, request.body.amount],
        );
        if (request.body.fail) throw new BusinessError('insufficient_balance');
        return { total: row!.total, nonce: Math.random().toString(36).slice(2) };
      });
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return okEnvelope(request.locale, response);
    },
  );
}

describe.each(testDrivers())('idempotency helper on %s', (driver) => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  const total = async (userId: string) =>
    (await t.database.sql.query<{ total: number }>(`select total from dummy_counter where user_id = $1`, [userId]))[0]?.total ?? 0;
  const credit = (body: unknown, key: string | undefined, token = user.token) =>
    t.inject({
      method: 'POST',
      url: '/api/test/credit',
      payload: body as object,
      headers: { 'access-token': token, ...(key ? { 'idempotency-key': key } : {}) },
    });

  beforeAll(async () => {
    t = await createTestApp(driver, {}, dummyRoutes);
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires a well-formed Idempotency-Key', async () => {
    for (const key of [undefined, 'short', 'has spaces in it', 'x'.repeat(300)]) {
      const res = JSON.parse((await credit({ amount: 1 }, key)).body);
      expect(res).toMatchObject({ code: 422, key: 'idempotency_key_required' });
    }
    expect(await total(user.userId)).toBe(0);
  });

  it('same key + same payload → the stored response, effect applied once', async () => {
    const first = await credit({ amount: 5 }, 'key-aaaaaaaa-1');
    const second = await credit({ amount: 5 }, 'key-aaaaaaaa-1');
    const a = JSON.parse(first.body);
    const b = JSON.parse(second.body);
    expect(a.code).toBe(200);
    expect(b).toEqual(a); // identical, including the random nonce
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await total(user.userId)).toBe(5);
  });

  it('same key + different payload → 409 idempotency_key_mismatch, no effect', async () => {
    const res = JSON.parse((await credit({ amount: 6 }, 'key-aaaaaaaa-1')).body);
    expect(res).toMatchObject({ code: 409, key: 'idempotency_key_mismatch' });
    expect(await total(user.userId)).toBe(5);
  });

  it('payload key order does not matter', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe(canonicalJson({ a: [1, { c: 3, d: 2 }], b: 1 }));
  });

  it('keys are scoped per user: another user may reuse the same key', async () => {
    const other = await t.createUser();
    const res = JSON.parse((await credit({ amount: 7 }, 'key-aaaaaaaa-1', other.token)).body);
    expect(res.code).toBe(200);
    expect(await total(other.userId)).toBe(7);
    expect(await total(user.userId)).toBe(5);
  });

  it('a failed effect rolls back together with its key (the key can be retried)', async () => {
    const failed = JSON.parse((await credit({ amount: 3, fail: true }, 'key-bbbbbbbb-1')).body);
    expect(failed).toMatchObject({ code: 500, key: 'insufficient_balance' });
    expect(await total(user.userId)).toBe(5);
    const rows = await t.database.sql.query(`select 1 from idempotency_keys where idem_key = 'key-bbbbbbbb-1'`);
    expect(rows).toHaveLength(0);
  });

  it('20 racing duplicates apply the effect exactly once and all answer the same', async () => {
    const racer = await t.createUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => credit({ amount: 11 }, 'race-key-0001', racer.token)));
    const bodies = results.map((r) => JSON.parse(r.body));
    const ok = bodies.filter((b) => b.code === 200);
    const inFlight = bodies.filter((b) => b.key === 'idempotency_key_in_flight');
    expect(ok.length + inFlight.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((b) => b.data.nonce)).size).toBe(1);
    expect(await total(racer.userId)).toBe(11);
  });

  it('keys are kept ≥ 24 h and purged after their retention', async () => {
    const [row] = await t.database.sql.query<{ hours: number }>(
      `select extract(epoch from (expires_at - created_at))::float8 / 3600 as hours from idempotency_keys where idem_key = 'key-aaaaaaaa-1' limit 1`,
    );
    expect(row!.hours).toBeGreaterThanOrEqual(24);
    expect(await purgeExpiredIdempotencyKeys(t.database.sql, t.clock.now())).toBe(0);
    const later = new Date(t.clock.now().getTime() + (t.config.idempotencyTtlHours + 1) * 3600_000);
    expect(await purgeExpiredIdempotencyKeys(t.database.sql, later)).toBeGreaterThan(0);
  });

  it('anonymous callers are refused before any effect', async () => {
    const res = JSON.parse((await credit({ amount: 1 }, 'key-cccccccc-1', '')).body);
    expect(res).toMatchObject({ code: 401 });
  });
});
