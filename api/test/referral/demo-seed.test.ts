import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSandbox } from '../../src/modules/accounts/seed';
import { runDemoSeeds } from '../../src/sandbox/demo-seeds';
import { hashToken, newToken } from '../../src/security/tokens';
import { createTestApp, type TestApp } from '../support/harness';
import { booksClean } from './support';

/** Every demo seed for real (wallet, kyc, cards, …, referral) on PGlite: the share pages have data. */
describe('referral demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 120_000);
  afterAll(async () => t?.close());

  it('gives the demo customer friends at both levels, cashback of both kinds and a campaign in progress, once', async () => {
    const userId = await seedSandbox(t.app);
    const report = await runDemoSeeds(t.app, { userId });
    expect(report.failed).toEqual([]);
    expect(report.ran).toContain('referral');
    const token = newToken();
    await t.database.sql.query(
      `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, now(), now() + interval '1 day')`,
      [userId, hashToken(token)],
    );

    const summary = (await t.get('referral/summary', {}, { token })).data;
    expect(summary.level1.friends).toBe(4);
    expect(summary.level2.friends).toBe(2);
    for (const level of [summary.level1, summary.level2]) {
      expect(Number(level.openCard)).toBeGreaterThan(0);
      expect(Number(level.recharge)).toBeGreaterThan(0);
    }
    const campaign = (await t.get('referral/campaign', {}, { token })).data.campaign;
    expect(campaign).toMatchObject({ goal: 5, progress: 3, awardedAt: null });
    const friends = (await t.get('referral/friends', { level: '1' }, { token })).data.data;
    expect(friends.map((f: { cardCount: number }) => f.cardCount)).toEqual([0, 1, 1, 1]);
    expect((await runDemoSeeds(t.app, { userId })).ran).toEqual([]);
    await booksClean(t);
  }, 180_000);
});
