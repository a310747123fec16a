import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { sqlFromDrizzle } from '../../src/db/sql';

/**
 * The one SQL adapter (src/db/sql.ts) is the one the running app uses (`app.database.sql`), and on
 * PGlite it lets the event loop turn between queued transactions: a timer set while 300
 * transactions are queued fires before they have all run (without the yield they run back to back
 * as one microtask chain and starve timers, sockets and health checks).
 */
describe('SQL adapter on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  async function ranBeforeTimer(run: (fn: () => Promise<void>) => Promise<void>): Promise<number> {
    let fired = false;
    let before = 0;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        fired = true;
        resolve();
      }, 0),
    );
    await Promise.all([...Array.from({ length: 300 }, () => run(async () => void (fired ? 0 : before++))), timer]);
    return before;
  }

  it('the app’s adapter yields between transactions; the same adapter as sqlFromDrizzle', async () => {
    const viaApp = await ranBeforeTimer((fn) =>
      t.database.sql.transaction(async (tx) => {
        await tx.query('select 1');
        await fn();
      }),
    );
    expect(viaApp).toBeLessThan(300);
    const viaDrizzle = sqlFromDrizzle(t.database);
    const again = await ranBeforeTimer((fn) =>
      viaDrizzle.transaction(async (tx) => {
        await tx.query('select 1');
        await fn();
      }),
    );
    expect(again).toBeLessThan(300);
  });
});
