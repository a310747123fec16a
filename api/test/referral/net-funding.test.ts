import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainEvents } from '../../src/events/domain-events';
import { loadReferralConfig } from '../../src/modules/referral/config';
import { REFERRAL_CONSUMER, ReferralConsumer } from '../../src/modules/referral/consumer';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { booksClean, drain, member, opened, record, toppedUp, walletUsd } from './support';

/**
 * Cashback follows NET card funding (docs/referral.md "Money taken back off a card"): money an
 * invitee takes off a card (withdrawal, close refund) takes back the cashback it earned —
 * latest loads first, in proportion within a load, once per withdrawal, never more than was
 * loaded, and never past what the inviter's wallet holds. Default rates: 1 % / 0.5 %.
 */
describe.each(testDrivers())('referral cashback follows net card funding on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  }, 120_000);
  afterAll(async () => t?.close());

  const withdrawn = (u: { userId: string }, amount: string, aggregateId = randomUUID()) =>
    record(t, 'cards.withdrawn', u.userId, { cardId: randomUUID(), last4: '4242', amount, fee: '0.5' }, aggregateId);
  const claws = (userId: string) =>
    t.database.sql.query<{ base_amount: string; amount: string }>(
      `select base_amount::text as base_amount, amount::text as amount from referral_clawbacks where beneficiary_id = $1::bigint order by id`,
      [userId],
    );

  it('withdrawing takes back what the withdrawn loads earned, latest first, proportionally, at both levels', async () => {
    const a = await member(t);
    const b = await member(t, a);
    const c = await member(t, b);
    await opened(t, c);
    await toppedUp(t, c, '100');
    await toppedUp(t, c, '300');
    await drain(t);
    expect(await walletUsd(t, b.userId)).toBe('9'); // 5 + 1 + 3
    expect(await walletUsd(t, a.userId)).toBe('4'); // 2 + 0.5 + 1.5

    // 350 back off the card: the 300 load whole (3 / 1.5) and half of the 100 load (0.5 / 0.25).
    await withdrawn(c, '350');
    await drain(t);
    expect(await walletUsd(t, b.userId)).toBe('5.5');
    expect(await walletUsd(t, a.userId)).toBe('2.25');
    expect((await claws(b.userId)).map((x) => [Number(x.base_amount), Number(x.amount)])).toEqual([[350, 3.5]]);
    const summary = (await t.get('referral/summary', {}, { token: b.token })).data;
    expect(summary).toMatchObject({ total: '5.5', level1: { openCard: '5', recharge: '0.5' }, thisMonth: '5.5' });

    // More than is left on the loads: only the 50 still earning is taken back; open-card cashback stays.
    await withdrawn(c, '1000');
    await drain(t);
    expect(await walletUsd(t, b.userId)).toBe('5');
    expect(await walletUsd(t, a.userId)).toBe('2');
    expect((await claws(b.userId)).map((x) => Number(x.base_amount))).toEqual([350, 50]);
    // Nothing left to take: a further withdrawal is recorded with nothing taken.
    await withdrawn(c, '10');
    await drain(t);
    expect(await walletUsd(t, b.userId)).toBe('5');
    await booksClean(t);
  });

  it('the farming loop (load, withdraw, load again) earns nothing; a close refund counts as money out', async () => {
    const a = await member(t);
    const farmer = await member(t, a);
    for (let i = 0; i < 5; i++) {
      await toppedUp(t, farmer, '1000');
      await withdrawn(farmer, '1000');
    }
    await toppedUp(t, farmer, '200');
    await record(t, 'cards.closed', farmer.userId, { cardId: randomUUID(), last4: '4242', amount: '200', fee: '0' });
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('0');
    const [sum] = await t.database.sql.query<{ net: string }>(
      `select coalesce(sum(amount - coalesce(reversed_amount, 0)), 0)::text as net from referral_cashbacks where beneficiary_id = $1::bigint`,
      [a.userId],
    );
    expect(Number(sum!.net)).toBe(0);
    // The cap room used by the farmed loads is free again.
    expect((await t.get('referral/summary', {}, { token: a.token })).data.thisMonth).toBe('0');
    await booksClean(t);
  });

  it('once per withdrawal: a redelivered or re-recorded event takes nothing more, even with two consumers racing', async () => {
    const a = await member(t);
    const f = await member(t, a);
    for (let i = 0; i < 10; i++) await toppedUp(t, f, '100');
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('10');
    const ids = Array.from({ length: 8 }, () => randomUUID());
    for (const id of ids) await withdrawn(f, '50', id);
    for (const id of ids) expect((await withdrawn(f, '50', id)).id).toBeNull(); // the same operation is one event
    // A second API process drains the same consumer at the same time.
    const other = new DomainEvents(t.database.sql);
    new ReferralConsumer(loadReferralConfig(), other).subscribeTo(other);
    const [x, y] = await Promise.all([drain(t), other.drain(REFERRAL_CONSUMER, 1000)]);
    expect(x.done + y.done).toBe(8);
    // Running the handler again on the same events (a delivery replayed by hand) changes nothing.
    const consumer = new ReferralConsumer(loadReferralConfig(), t.app.events);
    const rows = await t.database.sql.query<{
      id: string;
      type: string;
      user_id: string;
      aggregate_id: string;
      payload: Record<string, unknown>;
    }>(
      `select id::text as id, type, user_id::text as user_id, aggregate_id, payload from domain_events where aggregate_id = any($1::text[])`,
      [ids],
    );
    for (const r of rows) {
      await t.database.sql.transaction((tx) =>
        consumer.handle(tx, {
          id: r.id,
          type: r.type,
          userId: r.user_id,
          aggregateId: r.aggregate_id,
          payload: r.payload,
          occurredAt: t.clock.now().toISOString(),
        }),
      );
    }
    // 8 × 50 = 400 of 1000 loaded withdrawn: 4 of the 10 USD taken back, exactly.
    expect(await walletUsd(t, a.userId)).toBe('6');
    expect((await claws(a.userId)).reduce((s, c) => s + Number(c.amount), 0)).toBe(4);
    await booksClean(t);
  });

  it('loads, withdrawals and refunds of overlapping customers drained by two processes at once: no deadlock, books clean', async () => {
    const a = await member(t);
    const b = await member(t, a);
    const c1 = await member(t, b);
    const c2 = await member(t, a);
    const loads: string[] = [];
    for (let i = 0; i < 6; i++) {
      loads.push((await toppedUp(t, c1, '100')).aggregateId);
      await toppedUp(t, c2, '100');
      await toppedUp(t, b, '100');
      await withdrawn(c1, '70');
      await withdrawn(b, '30');
    }
    await record(t, 'cards.topup_reversed', c1.userId, { cardId: 'x', amount: '100', currency: 'USD' }, loads[5]);
    const other = new DomainEvents(t.database.sql);
    new ReferralConsumer(loadReferralConfig(), other).subscribeTo(other);
    const [x, y] = await Promise.all([drain(t), other.drain(REFERRAL_CONSUMER, 1000)]);
    expect(x.failed + y.failed).toBe(0);
    expect(x.done + y.done).toBe(31);
    for (const u of [a, b]) expect(Number(await walletUsd(t, u.userId))).toBeGreaterThanOrEqual(0);
    await booksClean(t);
  });

  it('takes back only what the wallet still holds, and a later refund of a split load finds its remainder', async () => {
    const a = await member(t);
    const b = await member(t, a);
    const top = await toppedUp(t, b, '1000');
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('10');
    // The inviter spends 8 of the 10 USD.
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
            amount: '-8',
          },
          {
            key: `user:${a.userId}:card_funding:USD`,
            userId: a.userId,
            kind: 'card_funding',
            currency: 'USD',
            network: null,
            allowNegative: false,
            amount: '8',
          },
        ]),
      ],
    );
    await withdrawn(b, '400'); // would take back 4; the wallet holds 2
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('0');
    // The card refunds the whole 1000 load: the remainder (6 USD of cashback) is reversed too, as far as the wallet allows.
    await record(
      t,
      'cards.topup_reversed',
      b.userId,
      { cardId: 'x', amount: '1000', currency: 'USD' },
      top.aggregateId,
    );
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('0');
    const open = await t.database.sql.query(
      `select id from referral_cashbacks where beneficiary_id = $1::bigint and reversed_at is null`,
      [a.userId],
    );
    expect(open).toEqual([]);
    await booksClean(t);
  });

  it('moving card funding back to the wallet takes nothing (that money never earned, or was taken back leaving the card)', async () => {
    const a = await member(t);
    const b = await member(t, a);
    await toppedUp(t, b, '500');
    await drain(t);
    await record(t, 'cards.funding_withdrawn', b.userId, { amount: '500', currency: 'USD', fee: '0' });
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('5');
  });

  it('an account marked as a duplicate identity neither earns nor generates cashback', async () => {
    const a = await member(t);
    const dup = await member(t, a);
    const holder = await member(t);
    await t.database.sql.query(
      `insert into kyc_identity_duplicates (user_id, identity_hash, held_by) values ($1::bigint, $2, $3::bigint)`,
      [dup.userId, 'x'.repeat(64), holder.userId],
    );
    await opened(t, dup);
    await toppedUp(t, dup, '100');
    const friendOfDup = await member(t, dup);
    await opened(t, friendOfDup);
    await drain(t);
    expect(await walletUsd(t, a.userId)).toBe('2'); // only level-2 open-card cashback from dup's friend
    expect(await walletUsd(t, dup.userId)).toBe('0');
    await booksClean(t);
  });
});
