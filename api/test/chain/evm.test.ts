import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import { money } from '../../src/ledger/money';
import { evmChainOf } from '../../src/modules/wallet/chain/providers';
import type { EvmChain } from '../../src/providers/chain/evm';
import { sandboxDepositSigner, type DevNode } from '../../src/providers/chain/evm/devnode';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';
import { evmEnv, flakyRpc, startDevNode, tokenBalance, type FlakyRpc } from './support';
import tokenArtifact from '../../src/providers/chain/evm/contracts/TestToken.json' with { type: 'json' };

const PIN = '135790';
const CONFIRMATIONS = 5;

/**
 * The ERC20 network against a real EVM node on loopback (ganache, in this process): deposits found
 * in blocks and logs, confirmations from block numbers, reorganisations, withdrawals signed,
 * broadcast and followed to their receipt, an RPC that goes away mid-withdrawal.
 */
describe.each(testDrivers())('EVM chain on %s', (driver) => {
  let node: DevNode;
  let rpc: FlakyRpc;
  let t: TestApp;
  let evm: EvmChain;
  let admin: { token: string };

  beforeAll(async () => {
    node = await startDevNode({ port: 0 });
    rpc = await flakyRpc(node.url);
    // The app's own configuration, not process.env (test files share a worker).
    t = await createTestApp(driver, evmEnv(node, rpc.url, CONFIRMATIONS));
    evm = evmChainOf(t.database)!;
    admin = await t.createAdmin();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rpc?.close();
    await node?.close();
  });

  const deposits = async (token: string) =>
    (await t.get('wallet/deposits', {}, { token })).data.data as Array<{
      txHash: string;
      status: string;
      reason: string | null;
      confirmations: number;
      amount: string;
    }>;
  const balance = async (token: string, currency: string) =>
    (await t.get('wallet/balances', {}, { token })).data.balances.find(
      (b: { currency: string }) => b.currency === currency,
    )?.available as string;
  const address = async (token: string, currency: 'USDT' | 'USDC' | 'ETH') =>
    (await t.get('wallet/rechargeAddress', { currency, network: 'ERC20' }, { token })).data as {
      address: string;
      confirmations: number;
    };
  const booksBalanced = async () =>
    expect((await t.get('admin/ledger/check', {}, { token: admin.token })).data).toMatchObject({
      ok: true,
      problems: [],
    });
  const makeDue = () =>
    t.database.sql.query(
      `update domain_event_deliveries set next_attempt_at = clock_timestamp() - interval '1 second' where status = 'pending'`,
    );

  it('derives deposit addresses from the xpub, one per customer and currency, with the path recorded', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const [a1, a2, aEth, b1] = [
      await address(a.token, 'USDT'),
      await address(a.token, 'USDT'),
      await address(a.token, 'ETH'),
      await address(b.token, 'USDT'),
    ];
    expect(a1.address).toBe(a2.address);
    expect(new Set([a1.address, aEth.address, b1.address]).size).toBe(3);
    expect(a1.confirmations).toBe(CONFIRMATIONS);
    const [key] = await t.database.sql.query<{ derivation_path: string }>(
      `select derivation_path from chain_evm_deposit_keys where address = $1`,
      [a1.address],
    );
    expect(key!.derivation_path).toMatch(/^m\/44'\/60'\/0'\/0\/\d+$/);
    // The seed (held elsewhere: the sweeping signer) re-derives the same address from the recorded path.
    expect(sandboxDepositSigner(key!.derivation_path).address).toBe(a1.address);
    // No private key anywhere in the provider's tables.
    const dump = JSON.stringify(await t.database.sql.query(`select * from chain_evm_deposit_keys`));
    expect(dump).not.toMatch(/[0-9a-f]{64}/i);
  });

  it('credits USDT, USDC and ETH above the threshold after the confirmations, never 0.5 USDT or less', async () => {
    const u = await t.createUser();
    const usdt = (await address(u.token, 'USDT')).address;
    const usdc = (await address(u.token, 'USDC')).address;
    const eth = (await address(u.token, 'ETH')).address;
    const small = await node.faucetSend('USDT', usdt, '0.5');
    const big = await node.faucetSend('USDT', usdt, '25.25');
    const coin = await node.faucetSend('USDC', usdc, '7');
    const ether = await node.faucetSend('ETH', eth, '0.05');
    await evm.tick();
    const seen = await deposits(u.token);
    expect(seen.find((d) => d.txHash === small)).toMatchObject({ status: 'not_credited', reason: 'below_minimum' });
    expect(seen.find((d) => d.txHash === big)).toMatchObject({ status: 'confirming', amount: '25.25' });
    expect(seen.find((d) => d.txHash === ether)).toMatchObject({ status: 'confirming' });
    expect(await balance(u.token, 'USDT')).toBe('0');
    // Blocks one by one: confirmations follow the real block numbers.
    for (let i = 0; i < CONFIRMATIONS; i++) {
      await node.mine(1);
      await evm.tick();
    }
    const after = await deposits(u.token);
    for (const hash of [big, coin, ether]) expect(after.find((d) => d.txHash === hash)?.status, hash).toBe('credited');
    expect(after.find((d) => d.txHash === small)?.status).toBe('not_credited');
    expect(await balance(u.token, 'USDT')).toBe('25.25');
    expect(await balance(u.token, 'USDC')).toBe('7');
    expect(await balance(u.token, 'ETH')).toBe('0.05');
    // A second pass over the same blocks credits nothing twice.
    await t.database.sql.query(`delete from chain_evm_blocks where chain_id = $1 and height > 0`, [node.chainId]);
    await evm.tick();
    expect(await balance(u.token, 'USDT')).toBe('25.25');
    await booksBalanced();
  });

  it('a reorganisation before the depth un-credits the pending deposit; one above a credited deposit leaves it final', async () => {
    const u = await t.createUser();
    const addr = (await address(u.token, 'USDC')).address;
    const final = await node.faucetSend('USDC', addr, '40');
    for (let i = 0; i < CONFIRMATIONS; i++) {
      await node.mine(1);
      await evm.tick();
    }
    expect((await deposits(u.token)).find((d) => d.txHash === final)?.status).toBe('credited');
    const snapshot = await node.provider.send('evm_snapshot', []);
    const orphan = await node.faucetSend('USDC', addr, '60');
    await node.mine(1);
    await evm.tick();
    expect((await deposits(u.token)).find((d) => d.txHash === orphan)).toMatchObject({
      status: 'confirming',
      confirmations: 2,
    });
    // The blocks holding the 60 USDC leave the chain; the new branch is longer and without them.
    await node.provider.send('evm_revert', [snapshot]);
    await node.mine(CONFIRMATIONS + 2);
    await evm.tick();
    await evm.tick();
    const after = await deposits(u.token);
    expect(after.find((d) => d.txHash === orphan)).toMatchObject({
      status: 'not_credited',
      reason: 'reorged',
      confirmations: 0,
    });
    expect(after.find((d) => d.txHash === final)?.status).toBe('credited');
    expect(await balance(u.token, 'USDC')).toBe('40');
    await booksBalanced();
  });

  async function richCustomer(amount: string) {
    const u = await t.createUser({ kycLevel: 1 });
    await node.faucetSend('USDT', (await address(u.token, 'USDT')).address, amount);
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    expect(await balance(u.token, 'USDT')).toBe(amount);
    await stepUpGrant(t, u.token, 'paypass');
    expect(
      (await t.post('user/setPayPassword', { password: PIN, confirmPassword: PIN }, { token: u.token })).code,
    ).toBe(200);
    return u;
  }
  const withdraw = async (token: string, to: string, amount: string) => {
    const w = await t.post(
      'wallet/withdraw',
      { currency: 'USDT', network: 'ERC20', address: to, amount, payPassword: PIN },
      { token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(w.data?.status, w.key).toBe('pending');
    return w.data.id as string;
  };
  const withdrawal = async (id: string) =>
    (
      await t.database.sql.query<{ status: string; tx_hash: string | null; reject_reason: string | null }>(
        `select status, tx_hash, reject_reason from wallet_withdrawals where id = $1`,
        [id],
      )
    )[0]!;
  const feeOf = async (id: string) =>
    (
      await t.database.sql.query<{ fee: string }>(`select fee::text as fee from wallet_withdrawals where id = $1`, [id])
    )[0]!.fee;
  const send = async (id: string) =>
    (
      await t.database.sql.query<{ status: string; nonce: string; tx_hash: string }>(
        `select status, nonce::text as nonce, tx_hash from chain_evm_sends where client_tx_id = $1`,
        [id],
      )
    )[0];

  it('withdraws for real: signed with the payout, broadcast after commit, followed to confirmed; a contract destination is refunded once', async () => {
    const u = await richCustomer('500');
    const dest = Wallet.createRandom().address;
    const id = await withdraw(u.token, dest, '120');
    expect((await t.post('admin/withdrawals/approve', { id }, { token: admin.token })).code).toBe(200);
    await t.app.events.drainAll();
    const w = await withdrawal(id);
    expect(w.status).toBe('sent');
    expect(await send(id)).toMatchObject({ status: 'signed', tx_hash: w.tx_hash });
    await evm.tick();
    expect(await tokenBalance(node, 'USDT', dest)).toBe('120.0');
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    expect((await send(id))?.status).toBe('confirmed');
    // 500 − 120 − the live fee (gas × EIP-1559 fee in USDT, capped at 5).
    const left = money('380')
      .minus(await feeOf(id))
      .toFixed();
    expect(Number(await feeOf(id))).toBeLessThan(5);
    expect(await balance(u.token, 'USDT')).toBe(left);

    // A contract as destination: refused at the request, translated, nothing held.
    for (const [locale, text] of [
      ['en-US', 'smart contract'],
      ['tr-TR', 'akıllı sözleşme'],
    ]) {
      const refused = await t.post(
        'wallet/withdraw',
        { currency: 'USDT', network: 'ERC20', address: node.tokens.USDC, amount: '10', payPassword: PIN },
        { token: u.token, locale, headers: { 'idempotency-key': randomUUID() } },
      );
      expect(refused).toMatchObject({ key: 'address_is_contract' });
      expect(refused.msg).toContain(text);
    }
    // …and if an address became a contract after the request (CREATE2), the payout is refunded once.
    const later = Wallet.createRandom().address;
    const contract = await withdraw(u.token, later, '10');
    await node.provider.send('evm_setAccountCode', [later, '0x6000']);
    await t.post('admin/withdrawals/approve', { id: contract }, { token: admin.token });
    await t.app.events.drainAll();
    expect(await withdrawal(contract)).toMatchObject({ status: 'rejected', reject_reason: 'broadcast_failed' });
    expect(await send(contract)).toBeUndefined();
    expect(await balance(u.token, 'USDT')).toBe(left);
    await booksBalanced();
  });

  it('a sent ERC-20 withdrawal mined reverted is refunded once (amount + fee), even when two passes report it', async () => {
    const u = await richCustomer('200');
    const dest = Wallet.createRandom().address;
    const id = await withdraw(u.token, dest, '40');
    await t.post('admin/withdrawals/approve', { id }, { token: admin.token });
    await t.app.events.drainAll();
    expect((await withdrawal(id)).status).toBe('sent');
    expect(await balance(u.token, 'USDT')).toBe(
      money('160')
        .minus(await feeOf(id))
        .toFixed(),
    ); // 200 − 40 − fee
    // The token reverts every call (PUSH1 0 PUSH1 0 REVERT) while the signed transfer is mined.
    const code = await node.provider.getCode(node.tokens.USDT);
    await node.provider.send('evm_setAccountCode', [node.tokens.USDT, '0x60006000fd']);
    try {
      await evm.tick();
    } finally {
      await node.provider.send('evm_setAccountCode', [node.tokens.USDT, code]);
    }
    expect((await send(id))?.status).toBe('broadcast');
    expect((await node.provider.getTransactionReceipt((await send(id))!.tx_hash))?.status).toBe(0);
    await node.mine(CONFIRMATIONS);
    await Promise.all([evm.pump(), evm.pump()]); // two passes racing: one report, one refund
    expect((await send(id))?.status).toBe('failed');
    expect(await withdrawal(id)).toMatchObject({ status: 'failed', reject_reason: 'chain_reverted' });
    expect(await balance(u.token, 'USDT')).toBe('200');
    await evm.pump();
    const refunds = await t.database.sql.query(`select 1 from ledger_postings where ref = $1`, [
      `withdraw:${id}:failed`,
    ]);
    expect(refunds).toHaveLength(1);
    expect(await tokenBalance(node, 'USDT', dest)).toBe('0.0');
    await t.app.events.drainAll();
    const [event] = await t.database.sql.query<{ type: string }>(
      `select type from domain_events where aggregate_id = $1 and type = 'wallet.withdrawal_failed'`,
      [id],
    );
    expect(event?.type).toBe('wallet.withdrawal_failed');
    await booksBalanced();
  });

  it('an RPC outage mid-withdrawal loses nothing and sends nothing twice', async () => {
    const u = await richCustomer('300');
    const dest = Wallet.createRandom().address;
    // 1. Down when the payout is claimed: the broadcast is retried from the outbox, nothing is signed.
    const first = await withdraw(u.token, dest, '50');
    rpc.down = true;
    await t.post('admin/withdrawals/approve', { id: first }, { token: admin.token });
    await t.app.events.drainAll(1);
    expect((await withdrawal(first)).status).toBe('sending');
    expect(await send(first)).toBeUndefined();
    await expect(evm.tick()).rejects.toThrow();
    expect(evm.health()).toMatchObject({ ok: false });
    const health = (await t.get('admin/chain/health', {}, { token: admin.token })).data.networks as Array<{
      network: string;
      ok: boolean;
      real: boolean;
      error: string | null;
    }>;
    expect(health.find((n) => n.network === 'ERC20')).toMatchObject({ real: true, ok: false });
    expect(health.find((n) => n.network === 'ERC20')!.error).not.toContain(rpc.url);
    expect(health.find((n) => n.network === 'TRC20')).toMatchObject({ real: false, ok: true });
    const u2 = await t.createUser();
    expect((await t.get('admin/chain/health', {}, { token: u2.token })).code).not.toBe(200);
    rpc.down = false;
    await makeDue();
    await t.app.events.drainAll();
    expect((await withdrawal(first)).status).toBe('sent');
    // 2. The node takes the transaction but its answer is lost: the pass looks the hash up and marks
    // it broadcast. Then the crash window (broadcast done, our update lost): the row is signed again,
    // and the next pass finds the transaction on chain and does not send it a second time (ganache
    // would even mine a re-sent copy again, so this is checked, not assumed).
    rpc.dropAnswers.add('eth_sendRawTransaction');
    await evm.tick();
    rpc.dropAnswers.clear();
    expect((await send(first))?.status).toBe('broadcast');
    expect(await tokenBalance(node, 'USDT', dest)).toBe('50.0');
    await t.database.sql.query(`update chain_evm_sends set status = 'signed' where client_tx_id = $1`, [first]);
    await evm.tick();
    expect((await send(first))?.status).toBe('broadcast');
    expect(await tokenBalance(node, 'USDT', dest)).toBe('50.0');
    // 3. Down while signed rows wait: they stay signed, then go out once.
    const second = await withdraw(u.token, dest, '30');
    await t.post('admin/withdrawals/approve', { id: second }, { token: admin.token });
    await t.app.events.drainAll();
    rpc.down = true;
    await expect(evm.tick()).rejects.toThrow();
    rpc.down = false;
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    expect(await tokenBalance(node, 'USDT', dest)).toBe('80.0');
    expect((await send(first))?.status).toBe('confirmed');
    expect((await send(second))?.status).toBe('confirmed');
    expect(evm.health()).toMatchObject({ ok: true, chainId: node.chainId });
    await booksBalanced();
  });

  it('a node on another chain or answering garbage is refused: health says why, deposits wait, withdrawals stay queued', async () => {
    const u = await richCustomer('100');
    const dest = Wallet.createRandom().address;
    const id = await withdraw(u.token, dest, '10');
    const to = (await address(u.token, 'USDC')).address;
    const sentMeanwhile: string[] = [];
    for (const [answer, reason] of [
      ['0x1', /RPC is on chain 1, configured 1337/],
      ['banana', /eth_chainId with garbage/],
    ] as const) {
      rpc.answers.set('eth_chainId', answer);
      try {
        sentMeanwhile.push(await node.faucetSend('USDC', to, '3'));
        await node.mine(CONFIRMATIONS);
        await expect(evm.tick()).rejects.toThrow(reason);
        expect(evm.health()).toMatchObject({ ok: false });
        expect(evm.health().error).toMatch(reason);
        // Nothing scanned from it, nothing signed through it (its nonces mean nothing for our chain).
        expect((await deposits(u.token)).filter((d) => sentMeanwhile.includes(d.txHash))).toEqual([]);
        if (answer === '0x1') {
          await t.post('admin/withdrawals/approve', { id }, { token: admin.token });
          await t.app.events.drainAll(1);
        }
        expect((await withdrawal(id)).status).toBe('sending');
        expect(await send(id)).toBeUndefined();
      } finally {
        rpc.answers.clear();
      }
    }
    // The right chain again: the waiting blocks are scanned, the queued payout goes out once.
    await makeDue();
    await t.app.events.drainAll();
    expect((await withdrawal(id)).status).toBe('sent');
    await evm.tick();
    await node.mine(CONFIRMATIONS);
    await evm.tick();
    const seen = await deposits(u.token);
    for (const hash of sentMeanwhile) expect(seen.find((d) => d.txHash === hash)?.status).toBe('credited');
    expect(await balance(u.token, 'USDC')).toBe('6');
    expect(await tokenBalance(node, 'USDT', dest)).toBe('10.0');
    expect(evm.health()).toMatchObject({ ok: true, chainId: node.chainId });
    await booksBalanced();
  });

  it('an RPC that hangs is cut off by the call timeout: the tick fails with the reason, health shows it', async () => {
    const { EvmChain } = await import('../../src/providers/chain/evm');
    const impatient = new EvmChain(t.database.sql, { ...evm.config, rpcTimeoutMs: 300 });
    rpc.slow = true;
    try {
      const started = Date.now();
      await expect(impatient.tick()).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(1900);
      expect(impatient.health()).toMatchObject({ ok: false });
      expect(impatient.health().error).toMatch(/timeout/i);
    } finally {
      rpc.slow = false;
      impatient.stop();
    }
  });

  it('a withdrawal address with a bad EIP-55 checksum is refused with a translated error, nothing held', async () => {
    const u = await richCustomer('50');
    // 0x5aAeb6…'s checksum with one letter's case flipped: a mistyped address, not a lower-case one.
    const mistyped = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const messages = new Set<string>();
    for (const locale of ['en-US', 'zh-HK', 'ar-AE', 'tr-TR']) {
      const refused = await t.post(
        'wallet/withdraw',
        { currency: 'USDT', network: 'ERC20', address: mistyped, amount: '10', payPassword: PIN },
        { token: u.token, locale, headers: { 'idempotency-key': randomUUID() } },
      );
      expect(refused).toMatchObject({ key: 'address_invalid' });
      messages.add(refused.msg);
    }
    expect(messages.size).toBe(4);
    expect(await balance(u.token, 'USDT')).toBe('50');
  });

  it('two provider instances sign concurrently: every nonce once, all mined', async () => {
    const { EvmChain } = await import('../../src/providers/chain/evm');
    const other = new EvmChain(t.database.sql, evm.config);
    const dest = Wallet.createRandom().address;
    const requests = Array.from({ length: 12 }, () => ({
      network: 'ERC20' as const,
      currency: 'USDT' as const,
      to: dest,
      amount: '1',
      clientTxId: randomUUID(),
    }));
    const hashes = await Promise.all(
      requests.map((r, i) => t.database.sql.transaction((tx) => (i % 2 ? other : evm).send(r, tx))),
    );
    expect(new Set(hashes.map((h) => h.txHash)).size).toBe(12);
    const nonces = (await Promise.all(requests.map((r) => send(r.clientTxId))))
      .map((s) => Number(s!.nonce))
      .sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(12);
    expect(nonces[11]! - nonces[0]!).toBe(11);
    await other.tick();
    await evm.tick();
    expect(await tokenBalance(node, 'USDT', dest)).toBe('12.0');
    expect(await node.provider.getTransactionCount(node.hotWallet.address, 'latest')).toBe(nonces[11]! + 1);
    other.stop();
  });

  it.runIf(driver === 'pg')(
    'two API processes sign at once on one PostgreSQL database: every nonce once, all mined',
    async () => {
      const dest = Wallet.createRandom().address;
      const ours = Array.from({ length: 6 }, () => randomUUID());
      const theirs = Array.from({ length: 6 }, () => randomUUID());
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/chain/nonce-child.ts', dest, theirs.join(',')], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, DATABASE_URL: t.config.databaseUrl, CHILD_EVM_CONFIG: JSON.stringify(evm.config) },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const lines = createInterface({ input: child.stdout });
      const next = () =>
        new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the other process did not answer: ${stderr}`)), 60_000);
          lines.once('line', (line) => {
            clearTimeout(timer);
            resolve(line);
          });
        });
      try {
        expect(await next()).toBe('ready');
        child.stdin.write('go\n');
        const [mine, other] = await Promise.all([
          Promise.all(
            ours.map((clientTxId) =>
              t.database.sql.transaction((tx) =>
                evm.send({ network: 'ERC20', currency: 'USDT', to: dest, amount: '1', clientTxId }, tx),
              ),
            ),
          ),
          next(),
        ]);
        expect(new Set([...mine.map((m) => m.txHash), ...(JSON.parse(other) as string[])]).size).toBe(12);
      } finally {
        child.kill();
      }
      const nonces = (await Promise.all([...ours, ...theirs].map(send)))
        .map((s) => Number(s!.nonce))
        .sort((a, b) => a - b);
      expect(new Set(nonces).size).toBe(12);
      expect(nonces[11]! - nonces[0]!).toBe(11);
      await evm.tick();
      expect(await tokenBalance(node, 'USDT', dest)).toBe('12.0');
      expect(await node.provider.getTransactionCount(node.hotWallet.address, 'latest')).toBe(nonces[11]! + 1);
    },
    120_000,
  );

  it('a stuck transaction is replaced with the same nonce and higher fees, then followed to its receipt', async () => {
    const dest = Wallet.createRandom().address;
    const request = {
      network: 'ERC20' as const,
      currency: 'USDT' as const,
      to: dest,
      amount: '3',
      clientTxId: randomUUID(),
    };
    await node.provider.send('miner_stop', []);
    try {
      await t.database.sql.transaction((tx) => evm.send(request, tx));
      await evm.pump();
      const first = await send(request.clientTxId);
      expect(first?.status).toBe('broadcast');
      // Stuck (no receipt) past the limit: re-signed with the same nonce, fees × 1.25.
      await evm.pump(-1000);
      const [replaced] = await t.database.sql.query<{ tx_hash: string; previous_hashes: string[]; nonce: string }>(
        `select tx_hash, previous_hashes, nonce::text as nonce from chain_evm_sends where client_tx_id = $1`,
        [request.clientTxId],
      );
      expect(replaced!.previous_hashes).toEqual([first!.tx_hash]);
      expect(replaced!.tx_hash).not.toBe(first!.tx_hash);
      expect(replaced!.nonce).toBe(first!.nonce);
    } finally {
      await node.provider.send('miner_start', []);
    }
    await node.mine(CONFIRMATIONS + 1);
    await evm.tick();
    const done = await send(request.clientTxId);
    expect(done?.status).toBe('confirmed');
    // The settled hash is a mined transaction of the hot wallet with the row's nonce. (Ganache 7.9.2
    // mines BOTH transactions of one nonce after miner_stop/miner_start — a defect of the dev node a
    // real node never shows — so the destination's balance is not asserted here; docs/chain.md.)
    const mined = await node.provider.getTransaction(done!.tx_hash);
    expect(mined).toMatchObject({ nonce: Number(done!.nonce), from: node.hotWallet.address });
    expect((await node.provider.getTransactionReceipt(done!.tx_hash))?.status).toBe(1);
  });

  it('the on-chain check compares customer balances with the hot wallet + deposit addresses and reports the difference', async () => {
    await booksBalanced();
    const { ContractFactory } = await import('ethers');
    const { checkEvmHoldings } = await import('../../src/modules/wallet/chain/evm-check');
    const usdcAt = (signer: Wallet | ReturnType<typeof sandboxDepositSigner>) =>
      new ContractFactory(tokenArtifact.abi, tokenArtifact.bytecode, signer.connect(node.provider)).attach(
        node.tokens.USDC,
      );
    // The hot wallet's own USDC leaves: customers' USDC (7 + 40 + 6 from the tests above) still sits at
    // their deposit addresses (no sweeping yet), so the books are still covered, difference 0.
    const hot = usdcAt(node.hotWallet as unknown as Wallet);
    await (
      await hot.getFunction('transfer')(
        Wallet.createRandom().address,
        await hot.getFunction('balanceOf')(node.hotWallet.address),
      )
    ).wait();
    expect((await checkEvmHoldings(t.database.sql, evm)).lines.find((l) => l.currency === 'USDC')).toMatchObject({
      customerBalances: '53',
      onChain: '53',
      difference: '0',
    });
    // The seed holder moves 40 USDC out of a deposit address (key re-derived from the recorded path).
    const [key] = await t.database.sql.query<{ address: string; derivation_path: string }>(
      `select k.address, k.derivation_path from chain_evm_deposit_keys k join wallet_deposits d on d.address = k.address where d.amount = 40 and d.currency = 'USDC' and d.status = 'credited'`,
    );
    await node.faucetSend('ETH', key!.address, '0.1');
    const signer = sandboxDepositSigner(key!.derivation_path);
    expect(signer.address).toBe(key!.address);
    await (await usdcAt(signer).getFunction('transfer')(Wallet.createRandom().address, 40_000_000n)).wait();
    const report = (await t.get('admin/ledger/check', {}, { token: admin.token })).data as {
      ok: boolean;
      problems: string[];
    };
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(
      expect.stringMatching(/^EVM USDC: customer balances 53 exceed on-chain holdings 13 .* by 40$/),
    );
  });

  it('a reorganisation deeper than the confirmations never un-credits a final deposit; the on-chain check reports the shortfall', async () => {
    const u = await t.createUser();
    const addr = (await address(u.token, 'USDT')).address;
    const snapshot = await node.provider.send('evm_snapshot', []);
    const hash = await node.faucetSend('USDT', addr, '33');
    for (let i = 0; i < CONFIRMATIONS + 1; i++) {
      await node.mine(1);
      await evm.tick();
    }
    expect((await deposits(u.token)).find((d) => d.txHash === hash)?.status).toBe('credited');
    const before = (
      (await t.get('admin/ledger/check', {}, { token: admin.token })).data as {
        onChain: Array<{ currency: string; depositAddresses: string; depositAddressesInBooks: string }>;
      }
    ).onChain.find((l) => l.currency === 'USDT')!;
    // Dust below the threshold sits at deposit addresses unbooked: their surplus before the reorg.
    const surplus = money(before.depositAddresses).minus(before.depositAddressesInBooks);
    // The deposit's block and everything after it leave the chain: a longer branch without it.
    await node.provider.send('evm_revert', [snapshot]);
    await node.mine(CONFIRMATIONS + 4);
    await evm.tick();
    await evm.tick();
    expect(await node.provider.getTransaction(hash)).toBeNull();
    expect((await deposits(u.token)).find((d) => d.txHash === hash)).toMatchObject({ status: 'credited' });
    expect(await balance(u.token, 'USDT')).toBe('33');
    const report = (await t.get('admin/ledger/check', {}, { token: admin.token })).data as { problems: string[] };
    expect(report.problems).toContain(
      `EVM USDT: the books say deposit addresses hold ${money(before.depositAddressesInBooks).toFixed()}, on chain they hold ${money(before.depositAddresses).minus(33).toFixed()} (short by ${money('33').minus(surplus).toFixed()})`,
    );
  });
});
