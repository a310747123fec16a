import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForShell, type ShellHandle } from '../support/app';
import { adminToken } from '../support/admin';
import { addSessionCookie } from '../support/customer';
import { loginThroughApi, registerThroughApi, strongPassword, uniqueEmail } from './passport-helpers';

interface Envelope<T> {
  code: number;
  msg: string;
  key?: string;
  data: T;
}

export interface WalletUser {
  email: string;
  token: string;
  userId: string;
  /** The login password: the step-up proof before the transaction password is set (issue 22). */
  password?: string;
}

export const PAY_PASSWORD = '135790';

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; data?: unknown; params?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = options.token ? { 'Access-Token': options.token } : {};
  const response =
    method === 'GET'
      ? await request.get(`/api/${path}`, { headers, params: options.params })
      : await request.post(`/api/${path}`, { headers, data: options.data ?? {} });
  expect(response.ok(), `${method} /api/${path} → HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as Envelope<T>;
}

/** A fresh customer registered and signed in through the API (each test owns its money). */
export async function newWalletUser(request: APIRequestContext, tag: string): Promise<WalletUser> {
  const email = uniqueEmail(`wallet-${tag}`);
  const password = strongPassword(tag);
  await registerThroughApi(request, email, password);
  const session = await loginThroughApi(request, email, password);
  return { email, password, ...session };
}

/** Puts the session in the shell the way a sign-in does, then opens `path`. */
export async function openSignedIn(page: Page, user: WalletUser, path: string) {
  await page.goto('/pages/index/index');
  await waitForShell(page);
  // What a sign-in answer does: the HttpOnly session cookie, then the shell records the user.
  await addSessionCookie(page, user.token);
  await page.evaluate(({ token, userId }) => {
    (window as unknown as { __cardwallet: ShellHandle }).__cardwallet.host.session.signIn({ token, userId });
  }, user);
  await page.goto(path);
  await waitForShell(page);
}

export async function rechargeAddress(
  request: APIRequestContext,
  user: WalletUser,
  currency = 'USDT',
  network = 'TRC20',
): Promise<string> {
  const body = await call<{ address: string }>(request, 'GET', 'wallet/rechargeAddress', {
    token: user.token,
    params: { currency, network },
  });
  expect(body.code, body.msg).toBe(200);
  return body.data.address;
}

/** An incoming transfer on the sandbox chain (POST /api/dev/chain/deposit). */
export async function chainDeposit(
  request: APIRequestContext,
  address: string,
  amount: string,
  currency = 'USDT',
  network = 'TRC20',
) {
  const body = await call<{ id: string; txHash: string; requiredConfirmations: number }>(
    request,
    'POST',
    'dev/chain/deposit',
    { data: { address, currency, network, amount } },
  );
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

export async function mine(request: APIRequestContext, blocks: number, network = 'TRC20') {
  const body = await call(request, 'POST', 'dev/chain/mine', { data: { network, blocks } });
  expect(body.code, body.msg).toBe(200);
}

/** Deposit + confirmations: `amount` USDT credited (for tests whose subject is not the deposit). */
export async function fund(request: APIRequestContext, user: WalletUser, amount: string) {
  const address = await rechargeAddress(request, user);
  const deposit = await chainDeposit(request, address, amount);
  await mine(request, deposit.requiredConfirmations);
  await expect
    .poll(
      async () =>
        (
          await call<{ balances: Array<{ currency: string; available: string }> }>(request, 'GET', 'wallet/balances', {
            token: user.token,
          })
        ).data.balances.find((b) => b.currency === 'USDT')?.available,
    )
    .toBe(amount);
}

export async function setPayPassword(request: APIRequestContext, user: WalletUser, password = PAY_PASSWORD) {
  const proved = await call(request, 'POST', 'user/stepUp', {
    token: user.token,
    data: { purpose: 'paypass', proof: { kind: 'password', password: user.password } },
  });
  expect(proved.code, proved.msg).toBe(200);
  const body = await call(request, 'POST', 'user/setPayPassword', {
    token: user.token,
    data: { password, confirmPassword: password },
  });
  expect(body.code, body.msg).toBe(200);
}

/** Sandbox control (not about verification itself): gives the customer a KYC level. */
export async function setKycLevel(request: APIRequestContext, user: WalletUser, level: number) {
  const body = await call(request, 'POST', 'dev/users/kyc', {
    data: { userId: user.userId, level, birthDate: '1990-05-14' },
  });
  expect(body.code, body.msg).toBe(200);
}

/** The documented sandbox administrator, signed in with password and TOTP (e2e/support/admin.ts). */
export { adminToken } from '../support/admin';

export async function approveWithdrawal(request: APIRequestContext, id: string) {
  const token = await adminToken(request);
  const body = await call<{ status: string }>(request, 'POST', 'admin/withdrawals/approve', { token, data: { id } });
  expect(body.code, body.msg).toBe(200);
  expect(body.data.status).toBe('sent');
}

export async function pendingWithdrawals(request: APIRequestContext, user: WalletUser) {
  const body = await call<{ data: Array<{ id: string; status: string; amount: string }> }>(
    request,
    'GET',
    'wallet/withdrawals',
    { token: user.token },
  );
  return body.data.data.filter((w) => w.status === 'pending');
}

/** Types digits on antd-mobile's NumberKeyboard (its keys are buttons named by their digit). */
export async function typeOnKeypad(page: Page, digits: string) {
  for (const digit of digits) await page.getByRole('button', { name: digit, exact: true }).click();
}
