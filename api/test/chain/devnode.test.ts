import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmChainOf } from '../../src/modules/wallet/providers';
import { createTestApp, type TestApp } from '../support/harness';

/**
 * CHAIN_EVM_DEV_NODE=1: the API starts the local chain itself, and the sandbox's dev routes for
 * ERC20 (the diagnostics page's "simulate a deposit") send real faucet transactions and mine real blocks.
 */
describe('the dev chain started by the API (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    Object.assign(process.env, { CHAIN_EVM_DEV_NODE: '1', CHAIN_EVM_DEV_NODE_PORT: '0', CHAIN_EVM_DEV_BLOCK_MS: '0' });
    try {
      t = await createTestApp('pglite');
    } finally {
      for (const k of ['CHAIN_EVM_DEV_NODE', 'CHAIN_EVM_DEV_NODE_PORT', 'CHAIN_EVM_DEV_BLOCK_MS'])
        delete process.env[k];
    }
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
});
