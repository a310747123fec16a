import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainEvents } from '../../src/events/domain-events';
import { loadReferralConfig } from '../../src/modules/referral/config';
import { REFERRAL_CONSUMER, REFERRAL_EVENT_TYPES, ReferralConsumer } from '../../src/modules/referral/consumer';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, drain, member, opened, record, toppedUp, walletUsd } from './support';

/**
 * The cashback consumer (docs/referral.md): default configuration — open card 5 / 2 USD, recharge
 * 1 % / 0.5 %, 200 USD per customer per month.
 */
describe('referral configuration', () => {
  it('defaults to the documented rates and refuses a malformed value by name', () => {
    expect(loadReferralConfig({})).toMatchObject({
      openCardLevel1: '5',
      openCardLevel2: '2',
      rechargePercentLevel1: '1',
      rechargePercentLevel2: '0.5',
      monthlyCap: '200',
    });
    expect(() => loadReferralConfig({ REFERRAL_RECHARGE_LEVEL1_PERCENT: '50' })).toThrow(
      /REFERRAL_RECHARGE_LEVEL1_PERCENT/,
    );
    expect(() => loadReferralConfig({ REFERRAL_MONTHLY_CAP_USD: '1.234' })).toThrow(/REFERRAL_MONTHLY_CAP_USD/);
  });
});

describe.each(testDrivers())('referral cashback on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  const records = (userId: string) =>
    t.database.sql.query<{ level: number; kind: string; amount: string; invitee_id: string }>(
      `select level, kind, amount::text as amount, invitee_id::text as invitee_id from referral_cashbacks where beneficiary_id = $1::bigint order by id`,
      [userId],
    );

  it('pays both levels at their rates and never a third level', async () => {
    const a = await member(t);
    const b = await member(t, a);
    const c = await member(t, b);
    const d = await member(t, c);
    await opened(t, d);
    await toppedUp(t, d, '250');
    expect(await drain(t)).toEqual({ done: 2, failed: 0 });

    expect(await walletUsd(t, c.userId)).toBe('7.5'); // 5 + 1 % of 250
    expect(await walletUsd(t, b.userId)).toBe('3.25'); // 2 + 0.5 % of 250
    expect(await walletUsd(t, a.userId)).toBe('0'); // third level: nothing
    expect(await records(a.userId)).toEqual([]);
    expect((await records(b.userId)).map((r) => [r.level, r.kind, Number(r.amount)])).toEqual([
      [2, 'open_card', 2],
      [2, 'recharge', 1.25],
    ]);

    const summary = await t.get('referral/summary', {}, { token: b.token });
    expect(summary.data).toMatchObject({
      total: '3.25',
      level1: { openCard: '0', recharge: '0', friends: 1 },
      level2: { openCard: '2', recharge: '1.25', total: '3.25', friends: 1 },
    });
    const friends2 = await t.get('referral/friends', { level: '2' }, { token: b.token });
    expect(friends2.code, JSON.stringify(friends2)).toBe(200);
    expect(friends2.data.total).toBe(1);
    expect(friends2.data.data[0]).toMatchObject({
      displayName: expect.stringMatching(/^re\*\*\*@example\.com$/),
      earned: '3.25',
    });
    const recharge = await t.get('referral/cashbacks', { kind: 'recharge' }, { token: c.token });
    expect(recharge.data.data).toEqual([
      expect.objectContaining({ kind: 'recharge', level: 1, baseAmount: '250', amount: '2.5', status: 'paid' }),
    ]);
    // The cash flow shows the cashback in the wallet statement.
    const flow = await t.get('wallet/cashFlow', { filter: 'income' }, { token: c.token });
    expect(flow.data.data.map((e: { type: string }) => e.type)).toEqual(['referral_cashback', 'referral_cashback']);
    // The message centre tells the inviter (the notifications consumer of the same outbox).
    await t.app.events.drain('notifications', 100);
    const messages = await t.get('notifications/messages', {}, { token: c.token, locale: 'ar-AE' });
    expect(messages.data.data.map((m: { title: string; link: string }) => [m.title, m.link])).toEqual([
      ['حصلت على استرداد نقدي', '/pages/share/recharge-cash'],
      ['حصلت على استرداد نقدي', '/pages/share/open-card'],
    ]);
    await booksClean(t);
  });

  it('pays each event exactly once with two consumers draining at the same time', async () => {
    const inviter = await member(t);
    const friends = await Promise.all(Array.from({ length: 6 }, () => member(t, inviter)));
    for (const f of friends) {
      for (let i = 0; i < 5; i++) await toppedUp(t, f, '100');
    }
    // A second API process: its own DomainEvents over the same database, the same consumer.
    const other = new DomainEvents(t.database.sql);
    new ReferralConsumer(loadReferralConfig(), other).subscribeTo(other);
    const [x, y] = await Promise.all([drain(t), other.drain(REFERRAL_CONSUMER, 1000)]);
    expect(x.done + y.done).toBe(30);
    expect(x.failed + y.failed).toBe(0);
    expect(await records(inviter.userId)).toHaveLength(30);
    expect(await walletUsd(t, inviter.userId)).toBe('30');
    expect(await drain(t)).toEqual({ done: 0, failed: 0 });
    await booksClean(t);
  });

  it('a crash between the event and the posting pays nothing; the retry pays once', async () => {
    const inviter = await member(t);
    const friend = await member(t, inviter);
    await toppedUp(t, friend, '80');
    const dying = new DomainEvents(t.database.sql, { retryBaseMs: 1 });
    const consumer = new ReferralConsumer(loadReferralConfig(), dying);
    dying.subscribe(REFERRAL_CONSUMER, REFERRAL_EVENT_TYPES, async (tx, event) => {
      await consumer.handle(tx, event); // the posting is written…
      throw new Error('process killed before commit'); // …and never committed
    });
    expect(await dying.drain(REFERRAL_CONSUMER)).toEqual({ done: 0, failed: 1 });
    expect(await walletUsd(t, inviter.userId)).toBe('0');
    expect(await records(inviter.userId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(await drain(t)).toEqual({ done: 1, failed: 0 });
    expect(await drain(t)).toEqual({ done: 0, failed: 0 });
    expect(await walletUsd(t, inviter.userId)).toBe('0.8');
    // The same operation recorded again is not a second event (outbox) nor a second cashback.
    await booksClean(t);
  });

  it('reverses the cashback of a refunded top-up at both levels and frees the cap room', async () => {
    const a = await member(t);
    const b = await member(t, a);
    const c = await member(t, b);
    const top = await toppedUp(t, c, '400');
    await drain(t);
    expect(await walletUsd(t, b.userId)).toBe('4');
    expect(await walletUsd(t, a.userId)).toBe('2');
    await record(t, 'cards.topup_reversed', c.userId, { cardId: 'x', amount: '400', currency: 'USD' }, top.aggregateId);
    expect(await drain(t)).toEqual({ done: 1, failed: 0 });
    expect(await walletUsd(t, b.userId)).toBe('0');
    expect(await walletUsd(t, a.userId)).toBe('0');
    const list = await t.get('referral/cashbacks', { kind: 'recharge' }, { token: b.token });
    expect(list.data.data[0]).toMatchObject({ status: 'reversed', amount: '4' });
    expect((await t.get('referral/summary', {}, { token: b.token })).data).toMatchObject({
      total: '0',
      thisMonth: '0',
    });
    // A refund seen before its top-up (the top-up's delivery was retrying) leaves nothing to pay.
    const late = await record(t, 'cards.topup_reversed', c.userId, { cardId: 'x', amount: '50', currency: 'USD' });
    await drain(t);
    await record(t, 'cards.topped_up', c.userId, { cardId: 'x', amount: '50', fee: '0' }, late.aggregateId);
    await drain(t);
    expect(await walletUsd(t, b.userId)).toBe('0');
    await booksClean(t);
  });

  it('keeps what was already spent when reversing: the wallet never goes negative', async () => {
    const a = await member(t);
    const b = await member(t, a);
    const top = await toppedUp(t, b, '1000');
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('10');
    // The inviter spends 7 of the 10 USD (a movement out of the USD wallet).
    await t.database.sql.query(
      `select ledger_post('test-spend-' || $1, 'transfer_to_card', $1, null, null, null, $2::jsonb)`,
      [
        a.userId,
        JSON.stringify([
          {
            key: `user:${a.userId}:wallet:USD`,
            userId: a.userId,
            kind: 'wallet',
            currency: 'USD',
            network: null,
            allowNegative: false,
            amount: '-7',
          },
          {
            key: `user:${a.userId}:card_funding:USD`,
            userId: a.userId,
            kind: 'card_funding',
            currency: 'USD',
            network: null,
            allowNegative: false,
            amount: '7',
          },
        ]),
      ],
    );
    await record(
      t,
      'cards.topup_reversed',
      b.userId,
      { cardId: 'x', amount: '1000', currency: 'USD' },
      top.aggregateId,
    );
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('0');
    const [row] = await t.database.sql.query<{ reversed_amount: string }>(
      `select reversed_amount::text as reversed_amount from referral_cashbacks where beneficiary_id = $1::bigint`,
      [a.userId],
    );
    expect(Number(row!.reversed_amount)).toBe(3);
    const admin = await t.createAdmin();
    expect((await t.get('admin/referral/check', {}, { token: admin.token })).data.problems).toEqual([]);
  });

  it('stops at the monthly cap: the rest of the month pays the remainder, then nothing', async () => {
    const a = await member(t);
    const b = await member(t, a);
    await toppedUp(t, b, '15000'); // 150
    await toppedUp(t, b, '10000'); // 100, only 50 left under the 200 cap
    await toppedUp(t, b, '5000'); // 50, nothing left
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('200');
    const list = await t.get('referral/cashbacks', { kind: 'recharge', level: '1' }, { token: a.token });
    expect(list.data.data.map((r: { amount: string; status: string }) => [r.amount, r.status])).toEqual([
      ['0', 'capped'],
      ['50', 'paid'],
      ['150', 'paid'],
    ]);
    expect((await t.get('referral/summary', {}, { token: a.token })).data).toMatchObject({
      thisMonth: '200',
      monthlyCap: '200',
    });
    await booksClean(t);
  });

  it('refuses self-referral and a second inviter; the same identity document earns nothing', async () => {
    const a = await member(t);
    const b = await member(t, a);
    await expect(
      t.database.sql.query(`update users set referee_id = id where id = $1::bigint`, [a.userId]),
    ).rejects.toThrow();
    await expect(
      t.database.sql.query(`update users set referee_id = null where id = $1::bigint`, [b.userId]),
    ).rejects.toThrow(/cannot change/);
    const c = await member(t);
    await expect(
      t.database.sql.query(`update users set referee_id = $2::bigint where id = $1::bigint`, [c.userId, a.userId]),
    ).rejects.toThrow(/cannot change/);

    // b is a's second account: both verified the same passport.
    for (const u of [a, b]) {
      await t.database.sql.query(
        `insert into kyc1_submissions (user_id, country, document_type, first_name, last_name, document_number, birth_date, document_images, status, provider)
         values ($1::bigint, 'GB', 'passport', 'Ada', 'Lovelace', $2, '1990-01-01', '{}', 'verified', 'sandbox')`,
        [u.userId, '123456789'],
      );
    }
    await opened(t, b);
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('0');
    // A different person invited by a is paid as usual.
    await opened(t, await member(t, a));
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('5');
  });

  it("every referral route needs a session and answers only the caller's own programme", async () => {
    for (const path of [
      'referral/invite',
      'referral/summary',
      'referral/friends',
      'referral/campaign',
      'referral/ranking',
    ]) {
      expect((await t.get(path)).code, path).toBe(401);
    }
    expect((await t.get('referral/cashbacks', { kind: 'bonus' }, { token: (await member(t)).token })).code).toBe(422);
    const customer = await member(t);
    expect((await t.get('admin/referral/check', {}, { token: customer.token })).code).toBe(403);
    const invite = await t.get('referral/invite', {}, { token: customer.token });
    expect(invite.data).toMatchObject({
      userId: customer.userId,
      invitePath: `/pages/passport/invitation?refereeId=${customer.userId}`,
      inviteCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
  });

  it('registration through an invitation link sets the inviter once, by user id or invite code', async () => {
    const inviter = await member(t);
    const account = `new-${Date.now()}@example.com`;
    expect((await t.post('user/sendCode', { account, purpose: 'register' })).code).toBe(200);
    const code = await t.lastCode(account);
    const reg = await t.post('user/register', {
      account,
      code,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      agreement: true,
      refereeId: inviter.userId,
    });
    expect(reg.code, reg.msg).toBe(200);
    const [row] = await t.database.sql.query<{ referee_id: string }>(
      `select referee_id::text as referee_id from users where id = $1::bigint`,
      [reg.data.userId],
    );
    expect(row!.referee_id).toBe(inviter.userId);
    const friends = await t.get('referral/friends', { level: '1' }, { token: inviter.token });
    expect(friends.data.data).toEqual([
      expect.objectContaining({ displayName: 'ne***@example.com', cardCount: 0, rechargeTotal: '0' }),
    ]);
  });
});
