import { describe, expect, it } from 'vitest';
import { SandboxChain } from '../../src/providers/chain/sandbox';
import { ChainProviderError } from '../../src/providers/chain/types';
import { isValidTronAddress } from '../../src/providers/chain/addresses';
import { SandboxRates } from '../../src/providers/rates/sandbox';
import { money } from '../../src/ledger/money';
import { loadConfig } from '../../src/config';
import { createWalletProviders } from '../../src/modules/wallet/chain/providers';
import type { SqlDatabase } from '../../src/db/index';

describe('sandbox chain', () => {
  it('derives stable valid addresses and honours the failure switch', async () => {
    const chain = new SandboxChain({ addressSecret: 'x', blockIntervalMs: 0 });
    const a = await chain.depositAddress({ userId: '7', currency: 'USDT', network: 'TRC20' });
    expect(isValidTronAddress(a)).toBe(true);
    expect(await chain.depositAddress({ userId: '7', currency: 'USDT', network: 'TRC20' })).toBe(a);
    chain.failures.depositAddress = true;
    await expect(chain.depositAddress({ userId: '7', currency: 'USDT', network: 'TRC20' })).rejects.toBeInstanceOf(
      ChainProviderError,
    );
  });

  it('reports incoming transfers and mined blocks in order; send is idempotent per client tx id', async () => {
    const chain = new SandboxChain({ addressSecret: 'x', blockIntervalMs: 0 });
    const seen: string[] = [];
    chain.onIncoming(async (t) => void seen.push(`in:${t.amount}:${t.txHash.length}`));
    chain.onBlocks(async (e) => void seen.push(`block:${e.network}:${e.count}`));
    const t = await chain.simulateDeposit({ address: 'T', currency: 'USDT', network: 'TRC20', amount: '5' });
    expect(t.blockHeight).toBe(chain.height('TRC20') + 1);
    await chain.mine(2, 'TRC20');
    expect(seen).toEqual(['in:5:64', 'block:TRC20:2']);
    const s1 = await chain.send({ network: 'ERC20', currency: 'USDC', to: '0x', amount: '1', clientTxId: 'w1' });
    const s2 = await chain.send({ network: 'ERC20', currency: 'USDC', to: '0x', amount: '1', clientTxId: 'w1' });
    expect(s1.txHash).toBe(s2.txHash);
    expect(s1.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    chain.failures.send = true;
    await expect(
      chain.send({ network: 'ERC20', currency: 'USDC', to: '0x', amount: '1', clientTxId: 'w2' }),
    ).rejects.toThrow();
  });
});

describe('sandbox rates', () => {
  it('prices stablecoins at par and moves BTC within ±0.5 % without floats', async () => {
    let t = 0;
    const rates = new SandboxRates('0.005', () => t);
    expect(await rates.usdMid('USDT')).toBe('1');
    for (t = 0; t < 2_000_000; t += 10_000) {
      const btc = money(await rates.usdMid('BTC'));
      expect(btc.gte('64675')).toBe(true);
      expect(btc.lte('65325')).toBe(true);
    }
    rates.set('ETH', '3000.5');
    expect(await rates.usdMid('ETH')).toBe('3000.5');
  });
});

describe('sandbox chain block interval', () => {
  // Two apps in one process (test files share a worker) must not share one interval through the
  // environment: it is each app's configuration.
  it('is read from the app configuration, not from process.env', async () => {
    const db = {} as SqlDatabase;
    const noDevNode = { CHAIN_EVM_DEV_NODE: '0' };
    const manual = await createWalletProviders(loadConfig({ ...noDevNode, SANDBOX_CHAIN_BLOCK_MS: '0' }), { db });
    const timed = await createWalletProviders(loadConfig({ ...noDevNode, SANDBOX_CHAIN_BLOCK_MS: '20' }), { db });
    const manualChain = manual.sandboxChain!;
    const timedChain = timed.sandboxChain!;
    const manualHeight = manualChain.height('TRC20');
    const timedHeight = timedChain.height('TRC20');
    const timedBlock = new Promise<void>((resolve) => timedChain.onBlocks(async () => resolve()));
    manualChain.start();
    timedChain.start();
    try {
      // Bounded by the test timeout; a 20 ms timer mines long before that even on a loaded machine.
      await timedBlock;
      expect(timedChain.height('TRC20')).toBeGreaterThan(timedHeight);
      // The manual chain has no timer at all: it moves only when asked.
      expect(manualChain.height('TRC20')).toBe(manualHeight);
      await manualChain.mine(1, 'TRC20');
      expect(manualChain.height('TRC20')).toBe(manualHeight + 1);
    } finally {
      manualChain.stop();
      timedChain.stop();
    }
  });

  it('rejects a negative or non-numeric interval at start-up', () => {
    expect(() => loadConfig({ SANDBOX_CHAIN_BLOCK_MS: '-1' })).toThrow(/SANDBOX_CHAIN_BLOCK_MS.*≥ 0/);
    expect(() => loadConfig({ SANDBOX_CHAIN_BLOCK_MS: 'soon' })).toThrow(/SANDBOX_CHAIN_BLOCK_MS.*number/);
    expect(loadConfig({}).sandboxChainBlockMs).toBe(3000);
  });
});
