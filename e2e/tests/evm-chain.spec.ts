import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminToken } from '../support/admin';
import { PAY_PASSWORD, newWalletUser, openSignedIn, setPayPassword, typeOnKeypad } from './wallet-helpers';

/**
 * ERC20 on the real local EVM chain the e2e server runs (as `npm start` does; docs/chain.md): the
 * diagnostics page's deposit is a faucet transaction the provider finds in a block, the customer
 * watches it confirm block by block, and a withdrawal is signed, broadcast and mined — the test
 * reads the chain itself over JSON-RPC (the dev node's loopback URL from admin/chain/health).
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; data?: unknown; params?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = options.token ? { 'Access-Token': options.token } : {};
  const response =
    method === 'GET'
      ? await request.get(`/api/${path}`, { headers, params: options.params })
      : await request.post(`/api/${path}`, { headers, data: options.data ?? {} });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(200);
  return body.data;
}
async function rpc<T>(request: APIRequestContext, url: string, method: string, params: unknown[]): Promise<T> {
  const response = await request.post(url, { data: { jsonrpc: '2.0', id: 1, method, params } });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  expect(body.error?.message).toBeUndefined();
  return body.result as T;
}
const balanceOfCall = (holder: string) => `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}`;

interface Health {
  networks: Array<{ network: string; provider: string; real: boolean; ok: boolean; head: number | null }>;
  devNode?: { rpcUrl: string; chainId: number };
}
interface Deposit {
  txHash: string;
  status: string;
  confirmations: number;
  requiredConfirmations: number;
}

test.describe('ERC20 on the local EVM chain', () => {
  test('a real USDT deposit from the diagnostics page confirms block by block; a withdrawal is broadcast, mined and lands on chain', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminToken(request);
    const health = await api<Health>(request, 'GET', 'admin/chain/health', { token: admin });
    test.skip(!health.devNode, 'E2E_EVM=0: the simulated chain serves ERC20');
    const node = health.devNode!;
    expect(health.networks.find((n) => n.network === 'ERC20')).toMatchObject({ provider: 'evm', real: true });

    const user = await newWalletUser(request, 'evm');
    await openSignedIn(page, user, '/pages/index/test');
    await page.getByRole('button', { name: 'Simulate a 100 USDT deposit' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Deposit sent: it is credited after 12 confirmations\.$/);

    // The deposit is a transaction on the node, found by the provider's scan of its block.
    const [deposit] = (await api<{ data: Deposit[] }>(request, 'GET', 'wallet/deposits', { token: user.token })).data;
    expect(deposit).toMatchObject({ status: 'confirming', requiredConfirmations: 12 });
    const receipt = await rpc<{ status: string; blockNumber: string; to: string }>(
      request,
      node.rpcUrl,
      'eth_getTransactionReceipt',
      [deposit!.txHash],
    );
    expect(receipt.status).toBe('0x1');

    // The recharge page follows it block by block (the node also mines on its own every 3 s).
    await page.goto('/pages/wallet/recharge?currency=USDT&network=ERC20');
    const confirming = page.getByText(/Confirming \d+\/12/);
    await expect(confirming).toBeVisible();
    const seen = async () => Number((await confirming.textContent())?.match(/Confirming (\d+)\//)?.[1] ?? 0);
    const first = await seen();
    await api(request, 'POST', 'dev/chain/mine', { data: { network: 'ERC20', blocks: 1 } });
    await expect.poll(seen, { timeout: 15_000 }).toBeGreaterThan(first);
    await expectAccessible(page);
    await api(request, 'POST', 'dev/chain/mine', { data: { network: 'ERC20', blocks: 12 } });
    await expect(page.getByText('Credited', { exact: true })).toBeVisible({ timeout: 15_000 });
    // No explorer on a local chain: the hash is shown (LTR, copyable), not linked.
    await expect(page.getByRole('button', { name: 'Copy transaction hash' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /View transaction/ })).toHaveCount(0);

    // A withdrawal to a fresh external account, with the live network fee.
    await setPayPassword(request, user);
    const dest = `0x${randomBytes(20).toString('hex')}`;
    await page.goto('/pages/wallet/withdraw?currency=USDT&network=ERC20');
    await page.getByLabel('Withdrawal address', { exact: true }).fill(dest);
    await page.getByLabel('Amount (USDT)', { exact: true }).fill('40');
    const summary = page.getByLabel('Withdrawal summary');
    await expect(summary).toContainText('Amount received40.00 USDT');
    const fee = Number((await summary.textContent())?.match(/Network fee([\d.]+) USDT/)?.[1]);
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(5); // gas × EIP-1559 fee in USDT, below the cap
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Enter your transaction password' });
    await sheet.getByRole('button', { name: '6-digit transaction password' }).click();
    await typeOnKeypad(page, PAY_PASSWORD);
    await expect(page.getByText('Withdrawal submitted')).toBeVisible();

    const withdrawals = async () =>
      (
        await api<{ data: Array<{ id: string; status: string; txHash: string | null }> }>(
          request,
          'GET',
          'wallet/withdrawals',
          { token: user.token },
        )
      ).data;
    const [pending] = await withdrawals();
    await api(request, 'POST', 'admin/withdrawals/approve', { token: admin, data: { id: pending!.id } });
    // Signed with the payout, broadcast after its commit by the provider's job, mined by the node.
    await expect.poll(async () => (await withdrawals())[0]?.status, { timeout: 30_000 }).toBe('sent');
    const txHash = (await withdrawals())[0]!.txHash!;
    await expect
      .poll(
        async () =>
          (await rpc<{ status: string } | null>(request, node.rpcUrl, 'eth_getTransactionReceipt', [txHash]))?.status,
        { timeout: 30_000 },
      )
      .toBe('0x1');
    const held = await rpc<string>(request, node.rpcUrl, 'eth_call', [
      { to: await tokenOf(request, node.rpcUrl, txHash), data: balanceOfCall(dest) },
      'latest',
    ]);
    expect(BigInt(held)).toBe(40_000_000n); // 40 USDT, 6 decimals
    // Confirmed: the required depth above its block.
    await api(request, 'POST', 'dev/chain/mine', { data: { network: 'ERC20', blocks: 12 } });
    const mined = await rpc<{ blockNumber: string }>(request, node.rpcUrl, 'eth_getTransactionReceipt', [txHash]);
    const head = await rpc<string>(request, node.rpcUrl, 'eth_blockNumber', []);
    expect(Number(BigInt(head) - BigInt(mined.blockNumber)) + 1).toBeGreaterThanOrEqual(12);

    await page.goto('/pages/wallet/cash-flow');
    const row = page.getByRole('listitem').filter({ hasText: 'Withdrawal' });
    await expect(row).toContainText('sent');
    await expect(row).toContainText(`-${(40 + fee).toFixed(2)} USDT`);
    await expectAccessible(page);
  });
});

/** The token contract the withdrawal called (its `to`). */
async function tokenOf(request: APIRequestContext, url: string, txHash: string): Promise<string> {
  const tx = await rpc<{ to: string }>(request, url, 'eth_getTransactionByHash', [txHash]);
  return tx.to;
}
