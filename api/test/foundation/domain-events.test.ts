import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainEvents, type DomainEvent } from '../../src/events/domain-events';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

/**
 * The transactional outbox: events exist exactly when their operation committed, and every
 * consumer's effect happens exactly once — with two drainers racing, after a crash between the
 * effect and its completion, and after handler failures (retried, then dead, never dropped).
 */
describe.each(testDrivers())('domain events on %s', (driver) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.database.sql.query(
      `create table test_effects (consumer text not null, event_id bigint not null, unique (consumer, event_id))`,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const fresh = () => `agg-${driver}-${++seq}`;
  const effects = async (consumer: string) =>
    (
      await t.database.sql.query<{ n: number }>(`select count(*)::int as n from test_effects where consumer = $1`, [
        consumer,
      ])
    )[0]!.n;
  const effect =
    (consumer: string) => async (tx: { query: (q: string, p?: unknown[]) => Promise<unknown[]> }, e: DomainEvent) => {
      // A plain insert (no ON CONFLICT): a second effect for one event would fail the test loudly.
      await tx.query(`insert into test_effects (consumer, event_id) values ($1, $2::bigint)`, [consumer, e.id]);
    };

  it("records once per fact, inside the caller's transaction, and fans out only to subscribed consumers", async () => {
    const events = new DomainEvents(t.database.sql);
    events.subscribe('c-money', ['wallet.deposit_credited'], effect('c-money'));
    events.subscribe('c-other', ['cards.issued'], effect('c-other'));
    const user = await t.createUser();
    const aggregateId = fresh();
    const first = await t.database.sql.transaction((tx) =>
      events.record(tx, {
        type: 'wallet.deposit_credited',
        userId: user.userId,
        aggregateId,
        payload: { amount: '12.5' },
      }),
    );
    expect(first).toMatch(/^\d+$/);
    const again = await t.database.sql.transaction((tx) =>
      events.record(tx, { type: 'wallet.deposit_credited', userId: user.userId, aggregateId }),
    );
    expect(again).toBeNull();
    // Rolled back with its operation: no event, no delivery.
    const lost = fresh();
    await expect(
      t.database.sql.transaction(async (tx) => {
        await events.record(tx, { type: 'wallet.deposit_credited', userId: user.userId, aggregateId: lost });
        throw new Error('operation failed');
      }),
    ).rejects.toThrow('operation failed');
    expect(await t.database.sql.query(`select 1 from domain_events where aggregate_id = $1`, [lost])).toHaveLength(0);

    expect(await events.drain('c-money')).toEqual({ done: 1, failed: 0 });
    expect(await events.drain('c-other')).toEqual({ done: 0, failed: 0 });
    expect(await effects('c-money')).toBe(1);
    const [payload] = await t.database.sql.query<{ payload: { amount: string } }>(
      `select payload from domain_events where id = $1::bigint`,
      [first],
    );
    expect(payload!.payload.amount).toBe('12.5');
  });

  it('two drainers racing handle each event exactly once', async () => {
    const events = new DomainEvents(t.database.sql);
    events.subscribe('c-race', ['test.raced'], effect('c-race'));
    for (let i = 0; i < 60; i++) {
      await t.database.sql.transaction((tx) =>
        events.record(tx, { type: 'test.raced', userId: null, aggregateId: fresh() }),
      );
    }
    const [a, b] = await Promise.all([events.drain('c-race', 100), events.drain('c-race', 100)]);
    expect(a.done + b.done).toBe(60);
    expect(await effects('c-race')).toBe(60);
    expect(await events.drain('c-race')).toEqual({ done: 0, failed: 0 });
  });

  it('a crash after the effect but before completion leaves nothing half-done; the retry applies it once', async () => {
    let crash = true;
    const events = new DomainEvents(t.database.sql, { retryBaseMs: 1 });
    events.subscribe('c-crash', ['test.crashed'], async (tx, e) => {
      await effect('c-crash')(tx, e);
      if (crash) throw new Error('process died mid-way');
    });
    await t.database.sql.transaction((tx) =>
      events.record(tx, { type: 'test.crashed', userId: null, aggregateId: fresh() }),
    );
    expect(await events.drain('c-crash')).toEqual({ done: 0, failed: 1 });
    expect(await effects('c-crash')).toBe(0);
    crash = false;
    await new Promise((r) => setTimeout(r, 20));
    expect(await events.drain('c-crash')).toEqual({ done: 1, failed: 0 });
    expect(await effects('c-crash')).toBe(1);
  });

  it('a handler that keeps failing is retried with backoff and then marked dead, with its last error', async () => {
    const events = new DomainEvents(t.database.sql, { retryBaseMs: 1, maxAttempts: 3 });
    events.subscribe('c-dead', ['test.poison'], async () => {
      throw new Error('cannot handle');
    });
    const aggregateId = fresh();
    await t.database.sql.transaction((tx) => events.record(tx, { type: 'test.poison', userId: null, aggregateId }));
    for (let i = 0; i < 5; i++) {
      await events.drain('c-dead');
      await new Promise((r) => setTimeout(r, 10));
    }
    const [row] = await t.database.sql.query<{ status: string; attempts: number; last_error: string }>(
      `select d.status, d.attempts, d.last_error from domain_event_deliveries d join domain_events e on e.id = d.event_id where d.consumer = 'c-dead' and e.aggregate_id = $1`,
      [aggregateId],
    );
    expect(row).toEqual({ status: 'dead', attempts: 3, last_error: 'cannot handle' });
  });
});
