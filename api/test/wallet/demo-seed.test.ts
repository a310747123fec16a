import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoSeeds } from '../../src/sandbox/demo-seeds';
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedSandbox } from '../../src/modules/accounts/seed';
import { checkLedger } from '../../src/ledger/check';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';

describe.each(testDrivers())('wallet demo seed on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  it('fills every wallet page of the demo customer through the real services', async () => {
    const userId = await seedSandbox(t.app);
    // The kyc seed (run first) verifies the demo customer, which opens the transfer to card.
    const report = await runDemoSeeds(t.app, { userId });
    expect(report.failed).toEqual([]);
    const login = await t.post('user/login', { account: DEMO_ACCOUNT, password: DEMO_PASSWORD });
    expect(login.code).toBe(200);
    const as = { token: login.data.token as string };
    const balances = (await t.get('wallet/balances', {}, as)).data;
    const usdt = balances.balances.find((b: { currency: string }) => b.currency === 'USDT');
    expect(Number(usdt.available)).toBeGreaterThanOrEqual(500);
    expect(Number(usdt.held)).toBeGreaterThan(0);
    expect(
      balances.balances.filter((b: { available: string }) => Number(b.available) > 0).length,
    ).toBeGreaterThanOrEqual(4);
    // 350 USD transferred to card funding; the cards seed then pays a fee and first top-ups from it.
    expect(Number(balances.cardFunding)).toBeGreaterThan(100);
    const deposits = (await t.get('wallet/deposits', {}, as)).data.data as Array<{ status: string }>;
    expect(deposits.map((d) => d.status)).toEqual(expect.arrayContaining(['confirming', 'credited', 'not_credited']));
    expect((await t.get('wallet/exchangeRecords', {}, as)).data.total).toBe(3);
    expect((await t.get('wallet/addresses', {}, as)).data.addresses).toHaveLength(3);
    expect((await t.get('wallet/withdrawals', {}, as)).data.data[0]).toMatchObject({ status: 'pending', amount: '60' });
  }, 120_000);

  it('keeps the books balanced', async () => {
    const report = await checkLedger(t.database.sql);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
