import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { runnerOf, pgErrorCode } from '../../src/db/index';

describe.each(testDrivers())('withTransaction on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.database.sql.query(
      `create table tx_accounts (id int primary key, balance int not null check (balance >= 0))`,
    );
    await t.database.sql.query(`insert into tx_accounts values (1, 100), (2, 100)`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('rolls back everything when the callback throws', async () => {
    await expect(
      t.database.withTransaction(async (tx) => {
        await tx.execute(sql`update tx_accounts set balance = balance - 10 where id = 1`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await t.database.sql.query(`select balance from tx_accounts where id = 1`)).toEqual([{ balance: 100 }]);
  });

  it('read-check-write under SELECT … FOR UPDATE never overdraws (60 racing debits of 5 from 100)', async () => {
    const debit = () =>
      t.database.withTransaction(async (tx) => {
        const q = runnerOf(tx);
        const [row] = await q.query<{ balance: number }>(`select balance from tx_accounts where id = 2 for update`);
        if (row!.balance < 5) return false;
        await q.query(`update tx_accounts set balance = $1 where id = 2`, [row!.balance - 5]);
        return true;
      });
    const results = await Promise.all(Array.from({ length: 60 }, debit));
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await t.database.sql.query(`select balance from tx_accounts where id = 2`)).toEqual([{ balance: 0 }]);
  });

  it.runIf(driver === 'pg')('retries a deadlock victim (40P01) so crossing transfers both complete', async () => {
    await t.database.sql.query(`update tx_accounts set balance = 100`);
    let attempts = 0;
    let deadlocks = 0;
    // Two transactions lock 1→2 and 2→1 (the wrong way on purpose) and meet in the middle.
    const barrier = (() => {
      let waiting = 0;
      let release: () => void = () => undefined;
      const gate = new Promise<void>((r) => (release = r));
      return async () => {
        waiting++;
        if (waiting === 2) release();
        await Promise.race([gate, new Promise((r) => setTimeout(r, 500))]);
      };
    })();
    const transfer = (from: number, to: number) =>
      t.database.withTransaction(async (tx) => {
        attempts++;
        const q = runnerOf(tx);
        try {
          await q.query(`update tx_accounts set balance = balance - 1 where id = $1`, [from]);
          await barrier();
          await q.query(`update tx_accounts set balance = balance + 1 where id = $1`, [to]);
        } catch (e) {
          if (pgErrorCode(e) === '40P01') deadlocks++;
          throw e;
        }
      });
    await Promise.all([transfer(1, 2), transfer(2, 1)]);
    expect(deadlocks).toBe(1);
    expect(attempts).toBe(3);
    expect(await t.database.sql.query(`select id, balance from tx_accounts order by id`)).toEqual([
      { id: 1, balance: 100 },
      { id: 2, balance: 100 },
    ]);
  });
});
