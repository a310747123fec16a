import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { idempotencyKeyOf, idempotentOperation, replyIdempotent, requestHash } from '../../src/http/idempotency';
import { envelope, okEnvelope } from '../../src/http/envelope';
import { BusinessError } from '../../src/http/errors';

type CreditRow = { id: string; request_hash: string; amount: number; total: number };

/**
 * A dummy money-moving route on the per-row mechanism (src/http/idempotency.ts): the operation
 * row holds the key (UNIQUE (user_id, idempotency_key)) and is inserted in the transaction of its
 * effect. Proves: a replay answers the original with `Idempotent-Replayed: true` and no second
 * effect; another payload is a 409; racing duplicates apply once; a refused request stores nothing.
 */
async function dummyRoutes(base: import('fastify').FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = app.database.sql;
  await db.query(`create table if not exists dummy_counter (user_id text primary key, total integer not null)`);
  await db.query(
    `create table if not exists dummy_credits (id text primary key, user_id text not null, idempotency_key text not null, request_hash text not null,
       amount integer not null, total integer not null, unique (user_id, idempotency_key))`,
  );
  const find = async (userId: string, key: string) =>
    (
      await db.query<CreditRow>(
        `select id, request_hash, amount, total from dummy_credits where user_id = $1 and idempotency_key = $2`,
        [userId, key],
      )
    )[0];
  app.post(
    '/test/credit',
    {
      config: { auth: 'user' },
      schema: {
        body: z.object({ amount: z.number().int().min(1).max(1000), fail: z.boolean().optional() }),
        response: { 200: envelope(z.object({ id: z.string(), amount: z.number(), total: z.number() })) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const userId = request.user!.userId;
      const result = await idempotentOperation<CreditRow>({
        hash: requestHash({ op: 'credit', amount: request.body.amount }),
        find: () => find(userId, key),
        missing: () => new BusinessError('operation_failed'),
        execute: () =>
          db
            .transaction(async (tx) => {
              if (request.body.fail) throw new BusinessError('insufficient_balance');
              const [counter] = await tx.query<{ total: number }>(
                `insert into dummy_counter (user_id, total) values ($1, $2)
               on conflict (user_id) do update set total = dummy_counter.total + excluded.total returning total`,
                [userId, request.body.amount],
              );
              const [row] = await tx.query<CreditRow>(
                `insert into dummy_credits (id, user_id, idempotency_key, request_hash, amount, total) values ($1, $2, $3, $4, $5, $6)
               on conflict (user_id, idempotency_key) do nothing returning id, request_hash, amount, total`,
                [
                  randomUUID(),
                  userId,
                  key,
                  requestHash({ op: 'credit', amount: request.body.amount }),
                  request.body.amount,
                  counter!.total,
                ],
              );
              // The key was taken meanwhile: undo this attempt's effect (the original stands).
              if (!row) throw new RaceLost();
              return row;
            })
            .catch((e: unknown) => {
              if (e instanceof RaceLost) return undefined;
              throw e;
            }),
      });
      const { id, amount, total } = replyIdempotent(reply, result);
      return okEnvelope(request.locale, { id, amount, total });
    },
  );
}
class RaceLost extends Error {}

describe.each(testDrivers())('per-row idempotency on %s', (driver) => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['createUser']>>;
  const total = async (userId: string) =>
    (await t.database.sql.query<{ total: number }>(`select total from dummy_counter where user_id = $1`, [userId]))[0]
      ?.total ?? 0;
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

  it('same key + same payload → the original answer with Idempotent-Replayed: true, effect applied once', async () => {
    const first = await credit({ amount: 5 }, 'key-aaaaaaaa-1');
    const second = await credit({ amount: 5 }, 'key-aaaaaaaa-1');
    const a = JSON.parse(first.body);
    expect(a.code).toBe(200);
    expect(JSON.parse(second.body)).toEqual(a); // the same operation id
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await total(user.userId)).toBe(5);
  });

  it('same key + different payload → 409 idempotency_key_mismatch, no effect', async () => {
    const res = await credit({ amount: 6 }, 'key-aaaaaaaa-1');
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ code: 409, key: 'idempotency_key_mismatch' });
    expect(await total(user.userId)).toBe(5);
  });

  it('the request hash ignores key order', () => {
    expect(requestHash({ b: 1, a: '2' })).toBe(requestHash({ a: '2', b: 1 }));
    expect(requestHash({ a: '2', b: 1 })).not.toBe(requestHash({ a: '2', b: 2 }));
  });

  it('keys are scoped per user: another user may reuse the same key', async () => {
    const other = await t.createUser();
    expect(JSON.parse((await credit({ amount: 7 }, 'key-aaaaaaaa-1', other.token)).body).code).toBe(200);
    expect(await total(other.userId)).toBe(7);
    expect(await total(user.userId)).toBe(5);
  });

  it('a refused request stores nothing: the same key may be retried', async () => {
    const failed = JSON.parse((await credit({ amount: 3, fail: true }, 'key-bbbbbbbb-1')).body);
    expect(failed).toMatchObject({ key: 'insufficient_balance' });
    expect(
      await t.database.sql.query(`select 1 from dummy_credits where idempotency_key = 'key-bbbbbbbb-1'`),
    ).toHaveLength(0);
    const retried = await credit({ amount: 3 }, 'key-bbbbbbbb-1');
    expect(JSON.parse(retried.body).code).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await total(user.userId)).toBe(8);
  });

  it('50 racing duplicates apply the effect exactly once and all answer the same operation', async () => {
    const racer = await t.createUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => credit({ amount: 11 }, 'race-key-0001', racer.token)),
    );
    const bodies = results.map((r) => JSON.parse(r.body));
    expect(bodies.every((b) => b.code === 200)).toBe(true);
    expect(new Set(bodies.map((b) => b.data.id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await total(racer.userId)).toBe(11);
  });

  it('anonymous callers are refused before any effect', async () => {
    const res = JSON.parse((await credit({ amount: 1 }, 'key-cccccccc-1', '')).body);
    expect(res).toMatchObject({ code: 401 });
  });
});
