import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readCode, strongPassword, uniqueEmail } from '../tests/passport-helpers';

/** The browser session cookie the API sets at sign-in (api/src/security/session-cookie.ts). */
export const SESSION_COOKIE = 'cw_session';

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
  expect((await api(request, 'POST', 'user/sendCode', { body: { account: email, purpose: 'register' } })).code).toBe(
    200,
  );
  const code = await readCode(request, email);
  const registered = await api(request, 'POST', 'user/register', {
    body: { account: email, code, password, confirmPassword: password, agreement: true },
  });
  expect(registered.code, registered.msg).toBe(200);
  const login = await api<{ token: string; userId: string }>(request, 'POST', 'user/login', {
    body: { account: email, password },
  });
  expect(login.code, login.msg).toBe(200);
  return { email, password, ...login.data };
}

/**
 * The hosts the app under test is reached at: the project's (127.0.0.1) and localhost, which the
 * passkey specs use (WebAuthn refuses IP origins) through a test-level baseURL this helper cannot see.
 */
function appOrigins(): { hostname: string; secure: boolean }[] {
  const base = new URL(
    test.info().project.use.baseURL ?? process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 8090}`,
  );
  const hosts = new Set([base.hostname, 'localhost']);
  return [...hosts].map((hostname) => ({ hostname, secure: base.protocol === 'https:' }));
}

/** The API's session cookie for `token` in the page's browser context (what a sign-in's answer sets). */
export async function addSessionCookie(page: Page, token: string) {
  const expires = Math.floor(Date.now() / 1000) + 29 * 86400;
  await page.context().addCookies(
    appOrigins().map(({ hostname, secure }) => ({
      name: SESSION_COOKIE,
      value: token,
      domain: hostname,
      path: '/',
      httpOnly: true,
      secure,
      sameSite: 'Strict' as const,
      expires,
    })),
  );
}

/**
 * Signs the browser in the way a sign-in does (issue 22): the session token as the API's
 * HttpOnly, SameSite=Strict cookie for the origin, and only the non-secret facts (user id, expiry,
 * platform) in localStorage, before the first page loads.
 */
export async function signInAs(page: Page, customer: Pick<Customer, 'token' | 'userId'>, locale?: string) {
  await addSessionCookie(page, customer.token);
  await page.addInitScript(
    ({ userId, language }) => {
      if (window.sessionStorage.getItem('e2e-signed-in')) return;
      window.sessionStorage.setItem('e2e-signed-in', '1');
      window.localStorage.setItem('userId', userId);
      window.localStorage.setItem('platform', 'h5');
      window.localStorage.setItem('sessionExpiresAt', String(Date.now() + 29 * 86400_000));
      if (language) window.localStorage.setItem('language', language);
    },
    { userId: customer.userId, language: locale },
  );
}

/** A sandbox deposit to the customer's USDT (TRC20) address, mined to `blocks` confirmations. */
export async function sandboxDeposit(request: APIRequestContext, customer: Customer, amount: string, blocks = 19) {
  const address = await api<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', {
    token: customer.token,
    params: { currency: 'USDT', network: 'TRC20' },
  });
  const deposit = await api<{ id: string; txHash: string }>(request, 'POST', 'dev/chain/deposit', {
    body: { address: address.data.address, currency: 'USDT', network: 'TRC20', amount },
  });
  expect(deposit.code, deposit.msg).toBe(200);
  if (blocks > 0)
    expect((await api(request, 'POST', 'dev/chain/mine', { body: { network: 'TRC20', blocks } })).code).toBe(200);
  return deposit.data;
}
