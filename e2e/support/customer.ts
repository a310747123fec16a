import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readCode, strongPassword, uniqueEmail } from '../tests/passport-helpers';

interface Envelope<T> {
  code: number;
  msg: string;
  key?: string;
  data: T;
}

/** POST/GET /api/<path> as a customer; asserts HTTP 200 and answers the envelope. */
export async function api<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; params?: Record<string, string>; idempotencyKey?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    ...(options.token ? { 'Access-Token': options.token } : {}),
    ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
  };
  const response =
    method === 'GET'
      ? await request.get(`/api/${path}`, { headers, params: options.params })
      : await request.post(`/api/${path}`, { headers, data: options.body ?? {} });
  expect(response.ok(), `${method} /api/${path} → HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as Envelope<T>;
}

export interface Customer {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** A new customer registered through the real API (e-mail code from the sandbox outbox). */
export async function registerCustomer(request: APIRequestContext, tag: string): Promise<Customer> {
  const email = uniqueEmail(tag);
  const password = strongPassword(tag);
  expect((await api(request, 'POST', 'user/sendCode', { body: { account: email, purpose: 'register' } })).code).toBe(200);
  const code = await readCode(request, email);
  const registered = await api(request, 'POST', 'user/register', { body: { account: email, code, password, confirmPassword: password, agreement: true } });
  expect(registered.code, registered.msg).toBe(200);
  const login = await api<{ token: string; userId: string }>(request, 'POST', 'user/login', { body: { account: email, password } });
  expect(login.code, login.msg).toBe(200);
  return { email, password, ...login.data };
}

/** Puts the customer's session where the shell keeps it, before the first page loads. */
export async function signInAs(page: Page, customer: Pick<Customer, 'token' | 'userId'>, locale?: string) {
  await page.addInitScript(
    ({ token, userId, language }) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      window.localStorage.setItem('AccessToken', token);
      window.localStorage.setItem('userId', userId);
      window.localStorage.setItem('platform', 'h5');
      window.localStorage.setItem('sessionExpiresAt', String(Date.now() + 29 * 86400_000));
      if (language) window.localStorage.setItem('language', language);
    },
    { token: customer.token, userId: customer.userId, language: locale },
  );
}

/** A sandbox deposit to the customer's USDT (TRC20) address, mined to `blocks` confirmations. */
export async function sandboxDeposit(request: APIRequestContext, customer: Customer, amount: string, blocks = 19) {
  const address = await api<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', { token: customer.token, params: { currency: 'USDT', network: 'TRC20' } });
  const deposit = await api<{ id: string; txHash: string }>(request, 'POST', 'dev/chain/deposit', {
    body: { address: address.data.address, currency: 'USDT', network: 'TRC20', amount },
  });
  expect(deposit.code, deposit.msg).toBe(200);
  if (blocks > 0) expect((await api(request, 'POST', 'dev/chain/mine', { body: { network: 'TRC20', blocks } })).code).toBe(200);
  return deposit.data;
}
