import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, fundCard } from '../cards/support';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, drain, member, opened, walletUsd } from './support';

describe.each(testDrivers())('referral campaign, ranking and real card operations on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  it('pays the campaign bonus once, when the goal is met within the dates', async () => {
    const admin = await t.createAdmin();
    const now = t.clock.now().getTime();
    const bad = await t.post(
      'admin/referral/campaigns',
      {
        name: 'x',
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now - 1).toISOString(),
        goal: 2,
        bonus: '10',
      },
      { token: admin.token },
    );
    expect(bad.code).toBe(422);
    const created = await t.post(
      'admin/referral/campaigns',
      {
        name: 'Invite 2 friends',
        startsAt: new Date(now - 86400_000).toISOString(),
        endsAt: new Date(now + 30 * 86400_000).toISOString(),
        goal: 2,
        bonus: '10',
      },
      { token: admin.token },
    );
    expect(created.code, created.msg).toBe(200);

    const inviter = await member(t);
    const early = await member(t, inviter, { createdAt: new Date(now - 3 * 86400_000) }); // registered before the campaign
    await opened(t, early);
    await drain(t);
    let campaign = (await t.get('referral/campaign', {}, { token: inviter.token })).data.campaign;
    expect(campaign).toMatchObject({ id: created.data.id, goal: 2, bonus: '10', progress: 0, awardedAt: null });

    const f1 = await member(t, inviter);
    const f2 = await member(t, inviter);
    await opened(t, f1);
    await opened(t, f1); // a second card of the same friend counts once
    await drain(t);
    expect((await t.get('referral/campaign', {}, { token: inviter.token })).data.campaign.progress).toBe(1);
    await opened(t, f2);
    await opened(t, await member(t, inviter));
    await drain(t);
    campaign = (await t.get('referral/campaign', {}, { token: inviter.token })).data.campaign;
    expect(campaign).toMatchObject({ progress: 2, awardedAt: expect.any(String) });
    // 5 open-card cashbacks × 5 USD + the 10 USD bonus, once.
    expect(await walletUsd(t, inviter.userId)).toBe('35');
    expect((await t.get('referral/summary', {}, { token: inviter.token })).data).toMatchObject({
      bonus: '10',
      total: '35',
    });
    await booksClean(t);
  });

  it('ranks this month’s inviters with masked names and the caller’s own place', async () => {
    const top = await member(t);
    for (let i = 0; i < 9; i++) await member(t, top);
    const me = await member(t);
    await member(t, me);
    const ranking = (await t.get('referral/ranking', {}, { token: me.token })).data;
    expect(ranking.month).toMatch(/^\d{4}-\d{2}$/);
    expect(ranking.entries[0]).toMatchObject({
      rank: 1,
      invited: 9,
      me: false,
      displayName: expect.stringContaining('***@example.com'),
    });
    expect(ranking.mine).toMatchObject({ rank: expect.any(Number), invited: 1 });
    expect(ranking.entries.find((e: { me: boolean }) => e.me)?.rank).toBe(ranking.mine.rank);
    const nobody = await member(t);
    expect((await t.get('referral/ranking', {}, { token: nobody.token })).data.mine).toEqual({
      rank: null,
      invited: 0,
    });
  });

  it('the real card operations of an invitee pay their inviters', async () => {
    const inviter = await member(t);
    const friend = await member(t, inviter);
    await t.post('dev/users/kyc', { userId: friend.userId, level: 1, birthDate: '1990-05-14' });
    await fundCard(t, friend.token, '300');
    const card = calls(t, friend.token);
    const applied = await card.apply({ productId: 'virtual-visa-standard' });
    expect(applied.code, applied.msg).toBe(200);
    expect((await card.activate(applied.data.id, '100')).code).toBe(200);
    expect((await card.topUp(applied.data.id, '50')).code).toBe(200);
    await drain(t);
    // 4 (open card: 5, at most 40 % of the 10 USD application fee, paid on activation)
    // + 1 % of 100 (activating top-up) + 1 % of 50
    expect(await walletUsd(t, inviter.userId)).toBe('5.5');
    const friends = (await t.get('referral/friends', { level: '1' }, { token: inviter.token })).data.data;
    expect(friends[0]).toMatchObject({ cardCount: 1, rechargeTotal: '150', earned: '5.5' });
    await booksClean(t);
  });
});
