import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Wallet, formatEther } from 'ethers';
import { money } from '../../src/ledger/money';
import { evmChainOf, evmSweeperOf } from '../../src/modules/wallet/chain/providers';
import type { EvmChain } from '../../src/providers/chain/evm';
import { readEvmEnv } from '../../src/providers/chain/evm/config';
import { SANDBOX_DEPOSIT_MNEMONIC, DEV_NODE_MNEMONIC, type DevNode } from '../../src/providers/chain/evm/devnode';
import { EvmSweeper } from '../../src/providers/chain/evm/sweeper';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';
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

  beforeAll(async () => {
    node = await startDevNode({ port: 0 });
    rpc = await flakyRpc(node.url);
    // The app's own configuration, not process.env (test files share a worker).
    t = await createTestApp(driver, {
      ...evmEnv(node, rpc.url, CONFIRMATIONS),
      CHAIN_EVM_SWEEP_MNEMONIC: SANDBOX_DEPOSIT_MNEMONIC,
      // Runs are driven by the test.
      CHAIN_EVM_SWEEP_MS: '3600000',
    });
    evm = evmChainOf(t.database)!;
    sweeper = evmSweeperOf(t.database)!;
    admin = await t.createAdmin();
  }, 120_000);
  afterAll(async () => {
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

  const line = async (currency: string) => (await check()).onChain.find((l) => l.currency === currency)!;
  const sweepRow = async (address: string) =>
    (
      await t.database.sql.query<{
        id: string;
        status: string;
        tx_hash: string;
        previous_hashes: string[];
        nonce: string;
        max_fee_per_gas: string;
        max_priority_fee_per_gas: string;
        value_sent: string;
        last_error: string | null;
      }>(
        `select id, status, tx_hash, previous_hashes, nonce::text as nonce, max_fee_per_gas::text as max_fee_per_gas,
                max_priority_fee_per_gas::text as max_priority_fee_per_gas, value_sent::text as value_sent, last_error
         from chain_evm_sweeps where address = $1 order by created_at desc limit 1`,
        [address],
      )
    )[0]!;
  /** Sweeper, provider tick and a block until the sweep of `address` is in `status` (bounded). */
  async function until(address: string, status: string, maxRounds = 30): Promise<void> {
    for (let i = 0; i < maxRounds; i++) {
      await sweeper.run().catch(() => undefined);
      await evm.tick().catch(() => undefined);
      if ((await sweepRow(address))?.status === status) return;
      await node.mine(1);
    }
    throw new Error(`sweep of ${address} never reached ${status}: ${JSON.stringify(await sweepRow(address))}`);
  }
  const sendRow = async (clientTxId: string) =>
    (
      await t.database.sql.query<{ status: string; tx_hash: string; gas_cost_wei: string | null }>(
        `select status, tx_hash, gas_cost_wei::text as gas_cost_wei from chain_evm_sends where client_tx_id = $1`,
        [clientTxId],
      )
    )[0]!;
  const entry = async (ref: string, account: string) =>
    (
      await t.database.sql.query<{ amount: string }>(
        `select e.amount::text as amount from ledger_entries e join ledger_postings p on p.id = e.posting_id
         join ledger_accounts a on a.id = e.account_id where p.ref = $1 and a.key = $2`,
        [ref, account],
      )
    ).map((r) => money(r.amount).toFixed());

  it('books every wei of gas the hot wallet burns (a withdrawal, a gas top-up) once, so the on-chain check stays exact', async () => {
    await settle();
    const before = { eth: await line('ETH'), usdt: await line('USDT') };
    const hot = node.hotWallet.address;
    const hotEthBefore = await node.provider.getBalance(hot);
    // A customer's USDT arrives, is withdrawn in part (a hot-wallet send), and the deposit is swept
    // (a second hot-wallet send: the gas top-up), all settled at the required depth.
    const u = await t.createUser({ kycLevel: 1 });
    const to = await address(u.token, 'USDT');
    await node.faucetSend('USDT', to, '80');
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    await stepUpGrant(t, u.token, 'paypass');
    await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token });
    const w = await t.post(
      'wallet/withdraw',
      {
        currency: 'USDT',
        network: 'ERC20',
        address: Wallet.createRandom().address,
        amount: '30',
        payPassword: '135790',
      },
      { token: u.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(w.data?.status, w.key).toBe('pending');
    await t.post('admin/withdrawals/approve', { id: w.data.id }, { token: admin.token });
    await t.app.events.drainAll();
    await until(to, 'confirmed');
    for (let i = 0; i < CONFIRMATIONS && (await sendRow(w.data.id)).status !== 'confirmed'; i++) {
      await node.mine(1);
      await evm.tick();
    }
    const [{ fee }] = (await t.database.sql.query<{ fee: string }>(
      `select fee::text as fee from wallet_withdrawals where id = $1`,
      [w.data.id],
    )) as [{ fee: string }];
    const topupId = `sweep-gas:${(await sweepRow(to)).id}`;
    let burned = 0n;
    for (const id of [w.data.id as string, topupId]) {
      const send = await sendRow(id);
      expect(send.status).toBe('confirmed');
      const receipt = (await node.provider.getTransactionReceipt(send.tx_hash))!;
      const gas = receipt.gasUsed * receipt.gasPrice;
      expect(send.gas_cost_wei).toBe(gas.toString());
      burned += gas;
      // The expense, once, from the receipt: gasUsed × effectiveGasPrice.
      expect(await entry(`chain-send:${id}`, 'system:chain_network_fees:ETH')).toEqual([`-${formatEther(gas)}`]);
    }
    // The top-up moved the house's ETH to our own deposit address: booked there, not as a deposit.
    const [{ topup_wei }] = (await t.database.sql.query<{ topup_wei: string }>(
      `select topup_wei::text as topup_wei from chain_evm_sweeps where id = $1`,
      [topupId.slice('sweep-gas:'.length)],
    )) as [{ topup_wei: string }];
    expect(await entry(`chain-send:${topupId}`, 'system:chain_deposit_addresses:ETH:ERC20')).toEqual([
      `-${formatEther(BigInt(topup_wei))}`,
    ]);
    expect(await node.provider.getBalance(hot)).toBe(hotEthBefore - burned - BigInt(topup_wei));
    // Exact to the wei: what is on chain beyond what the books put there (the house's own capital)
    // did not move — the gas is booked, the withdrawal fee the hot wallet kept is in the books' share.
    const after = { eth: await line('ETH'), usdt: await line('USDT') };
    expect(after.eth.houseFunds).toBe(before.eth.houseFunds);
    expect(after.usdt.houseFunds).toBe(before.usdt.houseFunds);
    expect(Number(fee)).toBeGreaterThan(0);
    // Another pass books nothing twice.
    const count = async () =>
      (await t.database.sql.query(`select 1 from ledger_postings where type = 'chain_send'`)).length;
    const n = await count();
    await evm.pump();
    await sweeper.run();
    expect(await count()).toBe(n);
    expect(await check()).toMatchObject({ ok: true, problems: [] });
  });

  it('replaces a sweep stuck unmined (same nonce, fees × 1.25); exactly one transaction is mined and booked', async () => {
    await settle();
    const hot = node.hotWallet.address;
    const ethBefore = (await line('ETH')).houseFunds;
    const hotUsdc = await tokenBalance(node, 'USDC', hot);
    const a = await deposit('USDC', '15');
    await until(a.address, 'ready'); // its gas top-up mined and confirmed
    const b = await deposit('ETH', '0.2');
    const c = await deposit('ETH', '0.3');
    // The node's pool stops being mined: the three sweeps are signed and broadcast, and stay there.
    rpc.mempool.hold = true;
    let stuck: Record<string, Awaited<ReturnType<typeof sweepRow>>>;
    try {
      await sweeper.run(); // a: signed and broadcast; b, c: claimed and priced
      await sweeper.run(); // b, c: signed and broadcast
      stuck = Object.fromEntries(await Promise.all([a, b, c].map(async (x) => [x.address, await sweepRow(x.address)])));
      for (const row of Object.values(stuck)) expect(row.status).toBe('broadcast');
      await sweeper.run(); // not stuck yet: nothing replaced
      expect((await sweepRow(a.address)).previous_hashes).toEqual([]);
      await sweeper.run(-1000); // past the timeout
    } finally {
      rpc.mempool.hold = false;
    }
    for (const x of [a, b, c]) {
      const was = stuck[x.address]!;
      const now = await sweepRow(x.address);
      expect(now.previous_hashes).toEqual([was.tx_hash]);
      expect(now.nonce).toBe(was.nonce);
      expect(BigInt(now.max_fee_per_gas)).toBe((BigInt(was.max_fee_per_gas) * 125n) / 100n);
      expect(BigInt(now.max_priority_fee_per_gas)).toBe((BigInt(was.max_priority_fee_per_gas) * 125n) / 100n);
    }
    // An ETH sweep's replacement sends less (a bigger gas reserve).
    expect(money((await sweepRow(b.address)).value_sent).lt(stuck[b.address]!.value_sent)).toBe(true);
    // The pool mines one transaction per nonce: the replacements of a and b, and — for c — the
    // original, which another node had already mined before our replacement reached it.
    const cFirst = stuck[c.address]!.tx_hash;
    const cKey = [...rpc.mempool.held.keys()].find((k) => k.startsWith(`${c.address}:`))!;
    const cVersions = rpc.mempool.held.get(cKey)!;
    rpc.mempool.held.delete(cKey);
    await rpc.mempool.release();
    await node.provider.send('eth_sendRawTransaction', [cVersions[0]]);
    // Mined, not at the required depth yet: the ETH has left the deposit addresses while the books
    // place it there until the sweeps settle — the check allows for the sweeps under way.
    expect(await node.provider.getBalance(b.address)).toBeLessThan(10n ** 15n);
    const midway = await check();
    expect(midway).toMatchObject({ ok: true, problems: [] });
    // 0.2 + 0.3 ETH, and at most the USDC sweep's gas (gas limit × max fee).
    const inFlight = money(midway.onChain.find((l) => l.currency === 'ETH')!.sweepsInFlight!);
    expect(inFlight.gt('0.5') && inFlight.lt('0.51')).toBe(true);
    expect(midway.onChain.find((l) => l.currency === 'USDC')?.sweepsInFlight).toBe('15');
    await settle();
    for (const x of [a, b, c]) {
      expect(await node.provider.getTransactionCount(x.address, 'latest')).toBe(Number(stuck[x.address]!.nonce) + 1);
    }
    const settled = {
      a: await sweepRow(a.address),
      b: await sweepRow(b.address),
      c: await sweepRow(c.address),
    };
    expect(settled.a.status).toBe('confirmed');
    expect(settled.a.tx_hash).not.toBe(stuck[a.address]!.tx_hash);
    expect(await node.provider.getTransactionReceipt(stuck[a.address]!.tx_hash)).toBeNull();
    expect(await node.provider.getTransactionReceipt(stuck[b.address]!.tx_hash)).toBeNull();
    expect(settled.c).toMatchObject({ status: 'confirmed', tx_hash: cFirst, value_sent: stuck[c.address]!.value_sent });
    // Booked once each, with what the mined transaction moved.
    expect(Number(await tokenBalance(node, 'USDC', hot))).toBe(Number(hotUsdc) + 15);
    for (const [x, row] of [
      [b, settled.b],
      [c, settled.c],
    ] as const) {
      const mined = (await node.provider.getTransaction(row.tx_hash))!;
      expect(formatEther(mined.value)).toBe(money(row.value_sent).toFixed());
      expect(await entry(`sweep:${row.id}`, 'system:chain_hot_wallet:ETH:ERC20')).toEqual([
        `-${money(row.value_sent).toFixed()}`,
      ]);
      expect(x.address).toBeTruthy();
    }
    expect(await check()).toMatchObject({ ok: true, problems: [] });
    expect((await line('ETH')).houseFunds).toBe(ethBefore);
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
