import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/harness';

export const ADULT = '1990-05-14';

/** A customer at `level` with a verified birth date, through the sandbox KYC control. */
export async function customer(t: TestApp, opts: { level?: number; birthDate?: string; mobileOnly?: boolean } = {}) {
  const u = await t.createUser(opts.mobileOnly ? { mobile: `+90532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` } : {});
  const res = await t.post('dev/users/kyc', { userId: u.userId, level: opts.level ?? 1, birthDate: opts.birthDate ?? ADULT });
  expect(res.code).toBe(200);
  return u;
}

/** Funds the card-funding balance the real way: a USDT deposit on the sandbox chain, then wallet/transfer. */
export async function fundCard(t: TestApp, token: string, amount: string) {
  const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token });
  expect(addr.code).toBe(200);
  expect((await t.post('dev/chain/deposit', { address: addr.data.address, currency: 'USDT', network: 'TRC20', amount })).code).toBe(200);
  await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
  const tr = await t.post('wallet/transfer', { currency: 'USDT', amount }, { token, headers: { 'idempotency-key': randomUUID() } });
  expect(tr.code, tr.msg).toBe(200);
}

export const key = () => `k-${randomUUID()}`;

export function calls(t: TestApp, token: string) {
  const post = (path: string, body: unknown, k = key()) => t.post(`card/${path}`, body, { token, headers: { 'idempotency-key': k } });
  return {
    apply: (body: Record<string, unknown>, k?: string) => post('apply', { pin: '123456', pinConfirm: '123456', ...body }, k),
    activate: (cardId: string, amount: string, k?: string) =>
      post('activate', { cardId, amount, firstName: 'Ada', lastName: 'Lovelace', mobile: '+447911123456' }, k),
    topUp: (cardId: string, amount: string, k?: string) => post('topUp', { cardId, amount }, k),
    withdraw: (cardId: string, amount: string, k?: string) => post('withdraw', { cardId, amount }, k),
    funding: async () => (await t.get('wallet/transferInfo', {}, { token })).data.cardFunding as string,
    card: async (cardId: string) => (await t.get('card/detail', { cardId }, { token })).data,
  };
}

/** A KYC-1 customer with a funded wallet and an active card of `productId` (first top-up `first` USD). */
export async function activeCard(t: TestApp, productId = 'virtual-visa-standard', fund = '300', first = '100') {
  const u = await customer(t);
  await fundCard(t, u.token, fund);
  const c = calls(t, u.token);
  const applied = await c.apply({ productId });
  expect(applied.code, applied.msg).toBe(200);
  const act = await c.activate(applied.data.id, first);
  expect(act.code, act.msg).toBe(200);
  const [row] = await t.database.sql.query<{ issuer_token: string }>(`SELECT issuer_token FROM cards WHERE id = $1`, [applied.data.id]);
  return { u, c, cardId: applied.data.id as string, token: row!.issuer_token, activationId: act.data.id as string };
}

export async function postingCount(t: TestApp): Promise<number> {
  const [row] = await t.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_postings`);
  return row!.n;
}

export async function booksClean(t: TestApp) {
  const admin = await t.createAdmin();
  const ledger = await t.get('admin/ledger/check', {}, { token: admin.token });
  expect(ledger.data.problems).toEqual([]);
  const cards = await t.get('admin/cards/check', {}, { token: admin.token });
  expect(cards.data.problems).toEqual([]);
}
