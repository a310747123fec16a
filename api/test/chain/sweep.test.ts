import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEther } from 'ethers';
import { evmChainOf, evmSweeperOf } from '../../src/modules/wallet/providers';
import type { EvmChain } from '../../src/providers/chain/evm';
import { readEvmEnv } from '../../src/providers/chain/evm/config';
import { SANDBOX_DEPOSIT_MNEMONIC, DEV_NODE_MNEMONIC, type DevNode } from '../../src/providers/chain/evm/devnode';
import { EvmSweeper } from '../../src/providers/chain/evm/sweeper';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { evmEnv, flakyRpc, startDevNode, tokenBalance, type FlakyRpc } from './support';

const CONFIRMATIONS = 3;

/**
 * Sweeping on a real EVM node (docs/chain.md "Sweeping"): credited deposits move from their deposit
 * address to the hot wallet once (token sweeps topped up with gas first), the books record it as an
 * internal movement, the on-chain check shows where everything is, and only the sweeper has the seed.
 * Also here (same node): the live withdrawal fee estimate and the explorer links' configuration.
 */
describe.each(testDrivers())('EVM sweeping on %s', (driver) => {
  let node: DevNode;
  let rpc: FlakyRpc;
  let t: TestApp;
  let evm: EvmChain;
  let sweeper: EvmSweeper;
  let admin: { token: string };
  const saved = { ...process.env };

  beforeAll(async () => {
    node = await startDevNode({ port: 0 });
    rpc = await flakyRpc(node.url);
    Object.assign(process.env, evmEnv(node, rpc.url, CONFIRMATIONS), {
      CHAIN_EVM_SWEEP_MNEMONIC: SANDBOX_DEPOSIT_MNEMONIC,
      // Runs are driven by the test.
      CHAIN_EVM_SWEEP_MS: '3600000',
    });
    t = await createTestApp(driver);
    evm = evmChainOf(t.database)!;
    sweeper = evmSweeperOf(t.database)!;
    admin = await t.createAdmin();
  }, 120_000);
  afterAll(async () => {
    for (const k of Object.keys(process.env)) if (k.startsWith('CHAIN_EVM_') && !(k in saved)) delete process.env[k];
    await t?.close();
    await rpc?.close();
    await node?.close();
  });

  const address = async (token: string, currency: 'USDT' | 'USDC' | 'ETH') =>
    (await t.get('wallet/rechargeAddress', { currency, network: 'ERC20' }, { token })).data.address as string;
  const balance = async (token: string, currency: string) =>
    (await t.get('wallet/balances', {}, { token })).data.balances.find(
      (b: { currency: string }) => b.currency === currency,
    )?.available as string;
  const sweeps = () =>
    t.database.sql.query<{ id: string; address: string; currency: string; status: string; amount: string }>(
      `select id, address, currency, status, amount::text as amount from chain_evm_sweeps order by created_at`,
    );
  const check = async () =>
    (await t.get('admin/ledger/check', {}, { token: admin.token })).data as {
      ok: boolean;
      problems: string[];
      onChain: Array<Record<string, string>>;
    };
  /** Sweeper, provider tick and a block, until every sweep is settled (bounded). */
  async function settle(maxRounds = 40): Promise<void> {
    for (let i = 0; i < maxRounds; i++) {
      await sweeper.run().catch(() => undefined);
      await evm.tick().catch(() => undefined);
      const open = (await sweeps()).filter((s) => s.status !== 'confirmed' && s.status !== 'failed');
      if (!open.length) return;
      await node.mine(1);
    }
    throw new Error(`sweeps still open: ${JSON.stringify(await sweeps())}`);
  }
  async function deposit(currency: 'USDT' | 'USDC' | 'ETH', amount: string) {
    const u = await t.createUser();
    const to = await address(u.token, currency);
    await node.faucetSend(currency, to, amount);
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    expect(await balance(u.token, currency)).toBe(amount);
    return { ...u, address: to };
  }

  it('moves credited USDT (after a gas top-up) and ETH to the hot wallet once, booked as internal movements', async () => {
    const hot = node.hotWallet.address;
    const hotUsdt = Number(await tokenBalance(node, 'USDT', hot));
    const a = await deposit('USDT', '100');
    const b = await deposit('ETH', '0.5');
    const hotEthBefore = await node.provider.getBalance(hot);
    expect(await sweeper.claim()).toBe(2);
    expect(await sweeper.claim()).toBe(0); // one open sweep per address, each deposit claimed once
    await settle();
    expect((await sweeps()).map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
    const [topup] = await t.database.sql.query<{ status: string; from_address: string }>(
      `select e.status, e.from_address from chain_evm_sweeps s join chain_evm_sends e on e.client_tx_id = s.topup_client_tx_id where s.currency = 'USDT'`,
    );
    expect(topup).toMatchObject({ status: 'confirmed', from_address: hot });
    expect(await tokenBalance(node, 'USDT', a.address)).toBe('0.0');
    expect(Number(await tokenBalance(node, 'USDT', hot))).toBe(hotUsdt + 100);
    // The ETH sweep paid its own gas; the rest reached the hot wallet.
    const ethLeft = await node.provider.getBalance(b.address);
    expect(Number(formatEther(ethLeft))).toBeLessThan(0.001);
    // The gas top-up to the USDT address is an internal movement, never the customer's ETH deposit.
    expect(await balance(a.token, 'ETH')).toBe('0');
    const seen = (await t.get('wallet/deposits', {}, { token: a.token })).data.data as unknown[];
    expect(seen).toHaveLength(1);
    // Customers' balances do not move; the books say where the money is now.
    expect(await balance(a.token, 'USDT')).toBe('100');
    expect(await balance(b.token, 'ETH')).toBe('0.5');
    const postings = await t.database.sql.query<{ ref: string; type: string; user_id: string | null }>(
      `select ref, type, user_id from ledger_postings where type = 'chain_sweep'`,
    );
    expect(postings).toHaveLength(2);
    expect(postings.every((p) => p.user_id === null)).toBe(true);
    const report = await check();
    expect(report).toMatchObject({ ok: true, problems: [] });
    const usdt = report.onChain.find((l) => l.currency === 'USDT')!;
    expect(usdt.depositAddressesInBooks).toBe('0');
    expect(Number(usdt.hotWallet)).toBe(hotUsdt + 100);
    const eth = report.onChain.find((l) => l.currency === 'ETH')!;
    // What the ETH sweep did not burn or send is still at the deposit address, and booked there.
    expect(Number(eth.depositAddresses)).toBeGreaterThanOrEqual(Number(eth.depositAddressesInBooks));
    expect((await node.provider.getBalance(hot)) > hotEthBefore - 10n ** 16n).toBe(true);
    // Another run finds nothing left to sweep.
    expect(await sweeper.claim()).toBe(0);
  });

  it('two sweepers racing claim each deposit once; a lost broadcast answer and an outage send one transaction', async () => {
    const hot = node.hotWallet.address;
    const hotUsdc = Number(await tokenBalance(node, 'USDC', hot));
    const users = [await deposit('USDC', '10'), await deposit('USDC', '20'), await deposit('USDC', '30')];
    const other = new EvmSweeper(t.database.sql, evm, { mnemonic: SANDBOX_DEPOSIT_MNEMONIC, intervalMs: 0 });
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other.claim() : sweeper.claim()).catch(() => 0)),
    );
    expect(made.reduce((x, y) => x + y, 0)).toBe(3);
    const claimed = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from chain_evm_swept_deposits w join wallet_deposits d on d.id = w.deposit_id where d.currency = 'USDC' and d.address = any($1::text[])`,
      [users.map((u) => u.address)],
    );
    expect(claimed[0]!.n).toBe(3);
    // The node does it, we never hear: the stored bytes are not sent a second time.
    rpc.dropAnswers.add('eth_sendRawTransaction');
    for (let i = 0; i < 6; i++) {
      await sweeper.run().catch(() => undefined);
      await evm.tick().catch(() => undefined);
      await node.mine(1);
    }
    rpc.dropAnswers.clear();
    // The node goes away mid-sweep: nothing moves, nothing is lost.
    rpc.down = true;
    await expect(sweeper.run()).rejects.toThrow();
    rpc.down = false;
    await settle();
    for (const u of users) expect(await tokenBalance(node, 'USDC', u.address)).toBe('0.0');
    expect(Number(await tokenBalance(node, 'USDC', hot))).toBe(hotUsdc + 60);
    expect(await check()).toMatchObject({ ok: true, problems: [] });
  });

  it('keeps the seed with the sweeper: the deposit-serving provider has the xpub only; a wrong seed is refused unquoted', async () => {
    const words = SANDBOX_DEPOSIT_MNEMONIC.split(' ');
    expect(JSON.stringify(evm.config)).not.toContain(words.slice(0, 3).join(' '));
    expect(Object.keys(evm.config)).not.toContain('mnemonic');
    expect(() => new EvmSweeper(t.database.sql, evm, { mnemonic: DEV_NODE_MNEMONIC, intervalMs: 0 })).toThrow(
      /is not CHAIN_EVM_XPUB \(value not shown\)/,
    );
    try {
      new EvmSweeper(t.database.sql, evm, { mnemonic: DEV_NODE_MNEMONIC, intervalMs: 0 });
    } catch (e) {
      expect((e as Error).message).not.toContain(DEV_NODE_MNEMONIC.split(' ')[0]!);
    }
    const bad = readEvmEnv({ ...evmEnv(node, node.url), CHAIN_EVM_SWEEP_MNEMONIC: 'not a phrase 123' }, true);
    expect(bad.problems).toEqual([
      'CHAIN_EVM_SWEEP_MNEMONIC: must be a BIP-39 phrase of 12–24 words (value not shown)',
    ]);
    const ok = readEvmEnv({ ...evmEnv(node, node.url), CHAIN_EVM_SWEEP_MNEMONIC: SANDBOX_DEPOSIT_MNEMONIC }, true);
    expect(ok.sweep?.mnemonic).toBe(SANDBOX_DEPOSIT_MNEMONIC);
    expect(JSON.stringify(ok.config)).not.toContain(words.slice(0, 3).join(' '));
    // Nothing secret in the sweeper's table.
    const dump = JSON.stringify(
      await t.database.sql.query(`select id, address, status, last_error from chain_evm_sweeps`),
    );
    expect(dump).not.toContain(words.slice(0, 3).join(' '));
  });

  it('quotes the ERC20 withdrawal fee live (gas × EIP-1559 fee, in the asset, capped) and names no explorer on the dev chain', async () => {
    const u = await t.createUser();
    const fee = async (currency: string) =>
      (await t.get('wallet/withdrawFee', { currency, network: 'ERC20' }, { token: u.token })).data.fee as string;
    const block = await node.provider.getBlock('latest');
    const base = block!.baseFeePerGas!;
    const { maxFeePerGas } = await evm.sender.fees();
    expect(maxFeePerGas >= base).toBe(true);
    const eth = await fee('ETH');
    // 21000 gas at the fee the sender would sign with, rounded up to 0.00001 ETH.
    const expected = Math.ceil((Number(21_000n * maxFeePerGas) / 1e18) * 1e5) / 1e5;
    expect(Number(eth)).toBeCloseTo(expected, 5);
    expect(Number(eth)).toBeLessThanOrEqual(0.002);
    const usdt = await fee('USDT');
    expect(usdt).toMatch(/^\d+(\.\d{1,2})?$/);
    expect(Number(usdt)).toBeGreaterThan(0);
    expect(Number(usdt)).toBeLessThan(5);
    // A node that cannot be asked: the cap, never an error.
    rpc.down = true;
    try {
      expect(await fee('USDC')).toBe('5');
      expect(await fee('ETH')).toBe('0.002');
    } finally {
      rpc.down = false;
    }
    const currencies = (await t.get('wallet/currencies', {}, { token: u.token })).data;
    expect(currencies.explorers).toEqual([]);
    const configured = readEvmEnv(
      { ...evmEnv(node, node.url), CHAIN_EVM_EXPLORER_URL: 'https://sepolia.etherscan.io/' },
      true,
    );
    expect(configured.config?.explorerUrl).toBe('https://sepolia.etherscan.io/');
    expect(
      readEvmEnv({ ...evmEnv(node, node.url), CHAIN_EVM_EXPLORER_URL: 'javascript:alert(1)' }, true).problems,
    ).toEqual(['CHAIN_EVM_EXPLORER_URL: must be an https:// URL']);
  });
});
