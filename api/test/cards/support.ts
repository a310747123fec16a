import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';

export const ADULT = '1990-05-14';

/** A customer at `level` with a verified birth date, through the sandbox KYC control. */
export async function customer(t: TestApp, opts: { level?: number; birthDate?: string; mobileOnly?: boolean } = {}) {
  const u = await t.createUser(
    opts.mobileOnly ? { mobile: `+90532${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` } : {},
  );
  const res = await t.post('dev/users/kyc', {
    userId: u.userId,
    level: opts.level ?? 1,
    birthDate: opts.birthDate ?? ADULT,
  });
  expect(res.code).toBe(200);
  return u;
}

/** Funds the card-funding balance the real way: a USDT deposit on the sandbox chain, then wallet/transfer. */
export async function fundCard(t: TestApp, token: string, amount: string) {
  const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token });
  expect(addr.code).toBe(200);
  expect(
    (await t.post('dev/chain/deposit', { address: addr.data.address, currency: 'USDT', network: 'TRC20', amount }))
      .code,
  ).toBe(200);
  await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
  const tr = await t.post(
    'wallet/transfer',
    { currency: 'USDT', amount },
    { token, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(tr.code, tr.msg).toBe(200);
}

export const key = () => `k-${randomUUID()}`;

/** The transaction password the card → wallet moves ask for; set once per customer on first use. */
export const PAY_PASSWORD = '135790';
const withPayPassword = new Map<string, Promise<void>>();
/** Once per customer, shared by concurrent callers (50 racing requests must not step up 50 times). */
export function ensurePayPassword(t: TestApp, token: string): Promise<void> {
  let pending = withPayPassword.get(token);
  if (!pending) {
    pending = (async () => {
      // Setting it needs a step-up grant (issue 22): the login password of createUser.
      await stepUpGrant(t, token, 'paypass');
      const res = await t.post(
        'user/setPayPassword',
        { password: PAY_PASSWORD, confirmPassword: PAY_PASSWORD },
        { token },
      );
      expect(res.code, res.msg).toBe(200);
    })();
    withPayPassword.set(token, pending);
  }
  return pending;
}

export function calls(t: TestApp, token: string) {
  const post = (path: string, body: unknown, k = key()) =>
    t.post(`card/${path}`, body, { token, headers: { 'idempotency-key': k } });
  return {
    apply: (body: Record<string, unknown>, k?: string) =>
      post('apply', { pin: '123456', pinConfirm: '123456', ...body }, k),
    activate: (cardId: string, amount: string, k?: string) =>
      post('activate', { cardId, amount, firstName: 'Ada', lastName: 'Lovelace', mobile: '+447911123456' }, k),
    topUp: (cardId: string, amount: string, k?: string) => post('topUp', { cardId, amount }, k),
    withdraw: async (
      cardId: string,
      amount: string,
      k?: string,
      extra: { currency?: string; payPassword?: string } = {},
    ) => {
      await ensurePayPassword(t, token);
      return post('withdraw', { cardId, amount, currency: 'USD', payPassword: PAY_PASSWORD, ...extra }, k);
    },
    /** card-funding → wallet */
    fundingBack: async (amount: string, currency = 'USD', k?: string, payPassword = PAY_PASSWORD) => {
      await ensurePayPassword(t, token);
      return post('funding/withdrawToWallet', { amount, currency, payPassword }, k);
    },
    wallet: async (currency: string) =>
      (
        (await t.get('wallet/balances', {}, { token })).data.balances as Array<{ currency: string; available: string }>
      ).find((b) => b.currency === currency)!.available,
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
  const [row] = await t.database.sql.query<{ issuer_token: string }>(`SELECT issuer_token FROM cards WHERE id = $1`, [
    applied.data.id,
  ]);
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
