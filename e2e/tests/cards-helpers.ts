import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughApi, registerThroughApi, strongPassword, uniqueEmail } from './passport-helpers';

/** Helpers shared by the card specs (cards.spec.ts, cards-part2.spec.ts, card-unfreeze-coupon.spec.ts). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  key?: string;
  data: T;
}

/** /api/<path> as a customer (or anonymous with `token` null); asserts HTTP 200 and body code 200. */
export async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await request.fetch(`/api/${path}`, {
    method,
    ...(method === 'GET' ? { params: body as Record<string, string> } : { data: body ?? {} }),
    headers: { ...(token ? { 'Access-Token': token } : {}), ...headers },
  });
  expect(response.ok(), `${method} /api/${path} → HTTP ${response.status()}`).toBe(true);
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

/** Puts the session (and language) where the shell keeps them, once, before the first page loads. */
export { signInAs as signIn } from '../support/customer';

export const main = (page: Page) => page.locator('main').last();

/**
 * A customer at KYC `level` (sandbox control) with `funds` USD on the wallet's card-funding balance:
 * a sandbox chain deposit of USDT, mined to its confirmations, then the real wallet transfer.
 */
export async function fundedCustomer(
  request: APIRequestContext,
  opts: { tag?: string; level?: number; funds?: string } = {},
) {
  const tag = opts.tag ?? 'cards';
  const account = uniqueEmail(tag);
  const password = strongPassword(tag);
  await registerThroughApi(request, account, password);
  const { token, userId } = await loginThroughApi(request, account, password);
  await call(request, 'POST', 'dev/users/kyc', null, { userId, level: opts.level ?? 1, birthDate: '1990-05-14' });
  const funds = opts.funds ?? '200';
  if (funds !== '0') {
    const { address } = await call<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', token, {
      currency: 'USDT',
      network: 'TRC20',
    });
    await call(request, 'POST', 'dev/chain/deposit', null, {
      address,
      currency: 'USDT',
      network: 'TRC20',
      amount: funds,
    });
    await call(request, 'POST', 'dev/chain/mine', null, { network: 'TRC20', blocks: 19 });
    await call(
      request,
      'POST',
      'wallet/transfer',
      token,
      { currency: 'USDT', amount: funds },
      { 'Idempotency-Key': randomUUID() },
    );
  }
  return { token, userId, password };
}

/** A customer with an active virtual card holding `load` USD (through the real apply + activation). */
export async function cardholder(
  request: APIRequestContext,
  opts: { level?: number; funds?: string; load?: string } = {},
) {
  const { token, userId, password } = await fundedCustomer(request, { tag: 'cards2', ...opts });
  if (opts.load === '0') return { token, userId, cardId: '', password };
  const cardId = await issueActiveCard(request, token, opts.load ?? '100');
  return { token, userId, cardId, password };
}

/**
 * A virtual Visa standard card applied for and activated through the API with a first top-up of
 * `load` USD from the customer's card funding; its id.
 */
export async function issueActiveCard(request: APIRequestContext, token: string, load: string): Promise<string> {
  const card = await call<{ id: string }>(
    request,
    'POST',
    'card/apply',
    token,
    { productId: 'virtual-visa-standard', pin: '482915', pinConfirm: '482915' },
    { 'Idempotency-Key': randomUUID() },
  );
  await call(
    request,
    'POST',
    'card/activate',
    token,
    { cardId: card.id, firstName: 'Ada', lastName: 'Lovelace', mobile: '+447911123456', amount: load },
    { 'Idempotency-Key': randomUUID() },
  );
  return card.id;
}
