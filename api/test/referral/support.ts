import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DomainEvents } from '../../src/events/domain-events';
import { insertUser } from '../../src/modules/accounts/users';
import { REFERRAL_CONSUMER } from '../../src/modules/referral/consumer';
import { hashToken, newToken } from '../../src/security/tokens';
import type { TestApp } from '../support/harness';

/** A customer registered with `inviter` (straight in the DB, as user/register stores it) and a session. */
export async function member(t: TestApp, inviter?: { userId: string }, opts: { createdAt?: Date } = {}) {
  const email = `ref-${randomBytes(5).toString('hex')}@example.com`;
  const now = opts.createdAt ?? t.clock.now();
  const { id } = await insertUser(
    t.database.sql,
    { email, mobile: null, password: 'Passw0rd!', refereeId: inviter ? Number(inviter.userId) : null },
    t.config.scryptN,
    now,
  );
  const token = newToken();
  await t.database.sql.query(
    `insert into sessions (user_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)`,
    [id, hashToken(token), now.toISOString(), new Date(now.getTime() + 30 * 86400_000).toISOString()],
  );
  return { userId: String(id), token, email };
}

/** Records a card event as the cards module does (inside a transaction of its own). */
export function record(
  t: TestApp,
  type: string,
  userId: string,
  payload: Record<string, unknown> = {},
  aggregateId: string = randomUUID(),
  events?: DomainEvents,
) {
  return t.database.sql
    .transaction((tx) => (events ?? t.app.events).record(tx, { type, userId, aggregateId, payload }))
    .then((id) => ({ id, aggregateId }));
}

/**
 * A card opened and activated (open-card cashback is paid on activation, bounded by the application
 * fee kept: 30 USD here, above what the default rates pay) with a first load too small to earn.
 */
export const opened = (t: TestApp, u: { userId: string }, applicationFeeKept = '30') =>
  record(t, 'cards.activated', u.userId, { cardId: randomUUID(), amount: '0.01', fee: '0', applicationFeeKept });
export const toppedUp = (t: TestApp, u: { userId: string }, amount: string) =>
  record(t, 'cards.topped_up', u.userId, { cardId: randomUUID(), amount, fee: '0' });

export const drain = (t: TestApp) => t.app.events.drain(REFERRAL_CONSUMER, 1000);

/** The customer's USD wallet balance from the ledger. */
export async function walletUsd(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.sql.query<{ balance: string }>(
    `select balance::text as balance from ledger_accounts where key = $1`,
    [`user:${userId}:wallet:USD`],
  );
  return row ? String(Number(row.balance)) : '0';
}

export async function booksClean(t: TestApp) {
  const admin = await t.createAdmin();
  const ledger = await t.get('admin/ledger/check', {}, { token: admin.token });
  expect(ledger.data.problems).toEqual([]);
  const referral = await t.get('admin/referral/check', {}, { token: admin.token });
  expect(referral.data.problems).toEqual([]);
}
