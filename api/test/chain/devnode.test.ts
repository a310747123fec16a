import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from 'ethers';
import { evmChainOf } from '../../src/modules/wallet/chain/providers';
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedSandbox } from '../../src/modules/accounts/seed';
import { DEMO_ADDRESSES } from '../../src/modules/wallet/demo-seed';
import { runDemoSeeds } from '../../src/sandbox/demo-seeds';
import { createTestApp, type TestApp } from '../support/harness';

/**
 * CHAIN_EVM_DEV_NODE=1: the API starts the local chain itself, and the sandbox's dev routes for
 * ERC20 (the diagnostics page's "simulate a deposit") send real faucet transactions and mine real blocks.
 */
describe('the dev chain started by the API (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The app's own configuration, not process.env (test files share a worker).
    t = await createTestApp('pglite', {
      CHAIN_EVM_DEV_NODE: '1',
      CHAIN_EVM_DEV_NODE_PORT: '0',
      CHAIN_EVM_DEV_BLOCK_MS: '0',
    });
  }, 120_000);
  afterAll(async () => t?.close());

  it('a simulated ERC20 deposit is a real transaction, confirmed block by block', async () => {
    const u = await t.createUser();
    const { address, confirmations } = (
      await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'ERC20' }, { token: u.token })
    ).data;
    expect(confirmations).toBe(12);
    const deposit = await t.post('dev/chain/deposit', { address, currency: 'USDT', network: 'ERC20', amount: '15' });
    expect(deposit.data).toMatchObject({ status: 'confirming', confirmations: 1, amount: '15' });
    const evm = evmChainOf(t.database)!;
    const receipt = await evm.rpc.getTransactionReceipt(deposit.data.txHash);
    expect(receipt?.status).toBe(1);
    const mined = await t.post('dev/chain/mine', { network: 'ERC20', blocks: 5 });
    expect(mined.data.heights.ERC20).toBe(receipt!.blockNumber + 5);
    const after5 = (await t.get('wallet/deposits', {}, { token: u.token })).data.data[0];
    expect(after5).toMatchObject({ status: 'confirming', confirmations: 6 });
    await t.post('dev/chain/mine', { network: 'ERC20', blocks: 6 });
    expect((await t.get('wallet/deposits', {}, { token: u.token })).data.data[0]).toMatchObject({
      status: 'credited',
      confirmations: 12,
    });
    // Not ours: the faucet gives nothing to strangers.
    expect(
      (
        await t.post('dev/chain/deposit', {
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          currency: 'USDT',
          network: 'ERC20',
          amount: '1',
        })
      ).key,
    ).toBe('address_not_found');
  });

  it("the demo customer's wallet on the dev chain: real ERC20 deposits and a real USDT withdrawal, mined and confirmed", async () => {
    const userId = await seedSandbox(t.app);
    const report = await runDemoSeeds(t.app, { userId });
    expect(report.failed).toEqual([]);
    const login = await t.post('user/login', { account: DEMO_ACCOUNT, password: DEMO_PASSWORD });
    const as = { token: login.data.token as string };
    const evm = evmChainOf(t.database)!;
    const withdrawals = (await t.get('wallet/withdrawals', {}, as)).data.data as Array<{
      id: string;
      network: string;
      currency: string;
      status: string;
      amount: string;
      txHash: string | null;
    }>;
    // The TRC20 one waits for an administrator; the ERC20 one went out through the payout machine.
    expect(withdrawals.find((w) => w.network === 'TRC20')).toMatchObject({ status: 'pending', amount: '60' });
    const erc20 = withdrawals.find((w) => w.network === 'ERC20')!;
    expect(erc20).toMatchObject({ status: 'sent', currency: 'USDT', amount: '25' });
    const receipt = (await evm.rpc.getTransactionReceipt(erc20.txHash!))!;
    expect(receipt.status).toBe(1);
    expect((await evm.rpc.getBlockNumber()) - receipt.blockNumber + 1).toBeGreaterThanOrEqual(12);
    const [send] = await t.database.sql.query<{ status: string }>(
      `select status from chain_evm_sends where client_tx_id = $1`,
      [erc20.id],
    );
    expect(send?.status).toBe('confirmed');
    const usdt = new Contract(evm.config.tokens.USDT!, ['function balanceOf(address) view returns (uint256)'], evm.rpc);
    expect(await usdt.getFunction('balanceOf')(DEMO_ADDRESSES[1].address)).toBeGreaterThanOrEqual(25_000_000n);
    // Its deposits are real transactions too, and its cash flow shows the withdrawal.
    const deposits = (await t.get('wallet/deposits', {}, as)).data.data as Array<{ network: string; txHash: string }>;
    for (const d of deposits.filter((x) => x.network === 'ERC20'))
      expect((await evm.rpc.getTransactionReceipt(d.txHash))?.status).toBe(1);
    const flow = (await t.get('wallet/cashFlow', {}, as)).data.data as Array<{
      type: string;
      remark: string | null;
      network: string | null;
      txHash: string | null;
    }>;
    expect(flow.find((r) => r.type === 'withdraw' && r.network === 'ERC20')).toMatchObject({
      remark: 'sent',
      txHash: erc20.txHash,
    });
    const admin = await t.createAdmin();
    expect((await t.get('admin/ledger/check', {}, { token: admin.token })).data).toMatchObject({
      ok: true,
      problems: [],
    });
  }, 120_000);
});
