import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoSeedRegistry, runDemoSeeds } from '../../src/sandbox/demo-seeds';
import { seedSandbox } from '../../src/modules/accounts/seed';
import { checkLedger } from '../../src/ledger/check';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

describe('DemoSeedRegistry ordering', () => {
  const noop = async () => {};
  it('runs each seed after the ones it names, alphabetical among equals', () => {
    const r = new DemoSeedRegistry();
    r.add({ name: 'cards', after: ['wallet', 'kyc'], run: noop });
    r.add({ name: 'wallet', run: noop });
    r.add({ name: 'kyc', run: noop });
    r.add({ name: 'coupons', run: noop });
    expect(r.ordered().map((s) => s.name)).toEqual(['kyc', 'wallet', 'cards', 'coupons']);
  });
  it('ignores dependencies nobody registered, refuses duplicates and cycles', () => {
    const r = new DemoSeedRegistry();
    r.add({ name: 'a', after: ['not-landed-yet'], run: noop });
    expect(r.ordered().map((s) => s.name)).toEqual(['a']);
    expect(() => r.add({ name: 'a', run: noop })).toThrow(/twice/);
    const c = new DemoSeedRegistry();
    c.add({ name: 'x', after: ['y'], run: noop });
    c.add({ name: 'y', after: ['x'], run: noop });
    expect(() => c.ordered()).toThrow(/cycle/);
  });
});

/**
 * Every module's demo seed, run as `npm start` runs them on a fresh sandbox database: all succeed,
 * the books stay balanced, and a second start runs none again.
 */
describe.each(testDrivers())('sandbox demo data on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every registered seed succeeds once and the ledger check stays clean', async () => {
    const userId = await seedSandbox(t.app);
    expect(await seedSandbox(t.app)).toBe(userId);
    const first = await runDemoSeeds(t.app, { userId });
    expect(first.failed).toEqual([]);
    expect(first.ran.sort()).toEqual(
      t.app.demoSeeds
        .ordered()
        .map((s) => s.name)
        .sort(),
    );
    const report = await checkLedger(t.database.sql);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    const second = await runDemoSeeds(t.app, { userId });
    expect(second.ran).toEqual([]);
  }, 120_000);

  it('a failing seed is reported, blocks the seeds after it, and is retried on the next start', async () => {
    let attempts = 0;
    t.app.demoSeeds.add({
      name: 'zz-flaky',
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error('provider down');
      },
    });
    t.app.demoSeeds.add({ name: 'zz-later', after: ['zz-flaky'], run: async () => {} });
    const userId = await seedSandbox(t.app);
    const first = await runDemoSeeds(t.app, { userId });
    expect(first.failed.map((f) => f.name)).toEqual(['zz-flaky', 'zz-later']);
    const second = await runDemoSeeds(t.app, { userId });
    expect(second.ran).toEqual(['zz-flaky', 'zz-later']);
  }, 60_000);
});

describe.each(testDrivers())('sandbox control dev/users/kyc on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sets the level and the verified birth date of an existing customer only', async () => {
    const u = await t.createUser();
    const res = await t.post('dev/users/kyc', { userId: u.userId, level: 1, birthDate: '1990-05-14' });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ userId: u.userId, level: 1, birthDate: '1990-05-14' });
    const info = await t.get('user/info', {}, { token: u.token });
    expect(info.data.kycLevel).toBe(1);
    expect((await t.post('dev/users/kyc', { userId: '999999999', level: 1 })).key).toBe('not_found');
    expect((await t.post('dev/users/kyc', { userId: u.userId, level: 3 })).code).toBe(422);
  });
});
