import { randomUUID } from 'node:crypto';
import { HDNodeWallet, Interface, Transaction, formatEther, formatUnits, getAddress, parseUnits } from 'ethers';
import type { JobScheduler } from '../../../jobs/background-jobs';
import * as postings from '../../../ledger/posting';
import { post } from '../../../ledger/store';
import type { SqlDatabase } from '../../../ledger/sql';
import type { EvmSweepConfig } from './config';
import type { EvmChain } from './index';
import { assertChainId, rpcErrorText } from './rpc';

const ERC20 = new Interface([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
/** Addresses claimed per run and sweeps advanced per run (the job runs again soon). */
const MAX_PER_RUN = 20;
const NATIVE_GAS = 21_000n;
const GWEI = 1_000_000_000n;
/** A sweep with no receipt after this long is re-signed with the same nonce and higher fees. */
export const SWEEP_STUCK_AFTER_MS = 120_000;
/** Fee bump of a replacement (nodes want ≥ 10 % more on both fees), as for withdrawals. */
const BUMP_PERCENT = 125n;

export interface SweepRow {
  id: string;
  address: string;
  currency: 'ETH' | 'USDT' | 'USDC';
  amount: string;
  status: 'new' | 'gas_pending' | 'ready' | 'signed' | 'broadcast' | 'confirmed' | 'failed';
  topup_client_tx_id: string | null;
  gas_limit: string | null;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  value_sent: string | null;
  raw_tx: string | null;
  tx_hash: string | null;
  previous_hashes: string[];
  nonce: string | null;
  gas_cost_wei: string | null;
  derivation_path: string;
  /** No change for longer than the stuck timeout (a broadcast sweep without a receipt is replaced). */
  stuck: boolean;
}

const COLUMNS = `s.id, s.address, s.currency, s.amount::text AS amount, s.status, s.topup_client_tx_id, s.gas_limit::text AS gas_limit,
  s.max_fee_per_gas::text AS max_fee_per_gas, s.max_priority_fee_per_gas::text AS max_priority_fee_per_gas,
  s.value_sent::text AS value_sent, s.raw_tx, s.tx_hash, s.previous_hashes, s.nonce::text AS nonce,
  s.gas_cost_wei::text AS gas_cost_wei, k.derivation_path`;

/**
 * Sweeping (docs/chain.md "Sweeping"): credited ERC20 deposits are moved from their deposit address
 * to the hot wallet, once, as a background job (one API process at a time).
 *
 * Key separation: this is the only holder of the deposit SEED (CHAIN_EVM_SWEEP_MNEMONIC); it
 * re-derives a deposit key from the path recorded with the address, signs, and forgets it. The
 * provider that hands out and watches deposit addresses (EvmChain) only has the xpub; the seed is
 * checked against that xpub at start and is never logged, stored or quoted.
 *
 * Per sweep: new → (token: an ETH top-up for gas from the hot wallet through the withdrawal sender,
 * gas_pending) → ready → signed (raw tx stored) → broadcast → confirmed | failed at the required
 * depth, where the posting (chain_sweep) is made in the transaction of the state change. Each
 * credited deposit is claimed by one sweep (chain_evm_swept_deposits primary key), for good.
 */
export class EvmSweeper {
  private readonly account: HDNodeWallet;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: SqlDatabase,
    private readonly evm: EvmChain,
    private readonly sweep: EvmSweepConfig,
  ) {
    let account: HDNodeWallet;
    try {
      account = HDNodeWallet.fromPhrase(sweep.mnemonic, undefined, evm.config.xpubPath);
    } catch {
      throw new Error('CHAIN_EVM_SWEEP_MNEMONIC: not a valid BIP-39 phrase (value not shown)');
    }
    if (account.neuter().extendedKey !== evm.config.xpub)
      throw new Error('CHAIN_EVM_SWEEP_MNEMONIC: its account key is not CHAIN_EVM_XPUB (value not shown)');
    this.account = account;
  }

  private get chainId() {
    return this.evm.config.chainId;
  }
  private get hotWallet(): string {
    const a = this.evm.sender.hotWalletAddress;
    if (!a) throw new Error('sweeping needs the hot wallet');
    return a;
  }

  /** The deposit key of a recorded path; refused unless it is the address the path was recorded for. */
  private signerFor(path: string, address: string): HDNodeWallet {
    const prefix = `${this.evm.config.xpubPath}/`;
    if (!path.startsWith(prefix)) throw new Error(`deposit path outside the account: ${path}`);
    const rest = path.slice(prefix.length).split('/').map(Number);
    let node = this.account;
    for (const i of rest) node = node.deriveChild(i);
    if (node.address !== getAddress(address)) throw new Error(`deposit path ${path} does not derive ${address}`);
    return node;
  }

  private tokenOf(currency: string): string {
    const t = (this.evm.config.tokens as Record<string, string | null>)[currency];
    if (!t) throw new Error(`no ${currency} contract`);
    return t;
  }

  /**
   * One run: claim new credited deposits, then advance every open sweep by a step. Serialised per
   * process. `stuckAfterMs`: a broadcast sweep without a receipt for that long is replaced (tests pass
   * a negative value to replace at once).
   */
  run(stuckAfterMs = SWEEP_STUCK_AFTER_MS): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      // Nothing is priced, signed or sent through a node on another chain (or one answering garbage).
      await assertChainId(this.evm.rpc, this.chainId);
      await this.claim();
      const open = await this.db.query<SweepRow>(
        `SELECT ${COLUMNS}, (s.updated_at < now() - make_interval(secs => $2::float8 / 1000)) AS stuck
         FROM chain_evm_sweeps s JOIN chain_evm_deposit_keys k ON k.address = s.address
         WHERE s.chain_id = $1 AND s.status NOT IN ('confirmed', 'failed') ORDER BY s.created_at LIMIT ${MAX_PER_RUN}`,
        [this.chainId, stuckAfterMs],
      );
      let firstError: unknown = null;
      for (const row of open) {
        try {
          await this.advance(row);
        } catch (e) {
          firstError ??= e;
          await this.db.query(`UPDATE chain_evm_sweeps SET last_error = $2, updated_at = now() WHERE id = $1`, [
            row.id,
            rpcErrorText(e),
          ]);
        }
      }
      if (firstError) throw firstError;
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** A new sweep per (address, currency) with credited, unswept deposits and no open sweep. */
  async claim(): Promise<number> {
    const candidates = await this.db.query<{ address: string; currency: string }>(
      `SELECT d.address, d.currency FROM wallet_deposits d
       JOIN chain_evm_deposit_keys k ON k.address = d.address AND k.chain_id = $1
       WHERE d.network = 'ERC20' AND d.status = 'credited'
         AND NOT EXISTS (SELECT 1 FROM chain_evm_swept_deposits w WHERE w.deposit_id = d.id)
         AND NOT EXISTS (SELECT 1 FROM chain_evm_sweeps o WHERE o.chain_id = $1 AND o.address = d.address AND o.status NOT IN ('confirmed', 'failed'))
       GROUP BY d.address, d.currency ORDER BY min(d.credited_at) LIMIT ${MAX_PER_RUN}`,
      [this.chainId],
    );
    let made = 0;
    for (const c of candidates) {
      if (c.currency !== 'ETH' && !(this.evm.config.tokens as Record<string, string | null>)[c.currency]) continue;
      const id = randomUUID();
      const created = await this.db
        .transaction(async (tx) => {
          const [row] = await tx.query(
            `INSERT INTO chain_evm_sweeps (id, chain_id, address, currency, amount, status) VALUES ($1, $2, $3, $4, 1, 'new')
             ON CONFLICT DO NOTHING RETURNING id`,
            [id, this.chainId, c.address, c.currency],
          );
          if (!row) return false; // another sweep is open on this address
          const claimed = await tx.query(
            `INSERT INTO chain_evm_swept_deposits (deposit_id, sweep_id)
             SELECT d.id, $1 FROM wallet_deposits d WHERE d.network = 'ERC20' AND d.status = 'credited' AND d.address = $2 AND d.currency = $3
             ON CONFLICT DO NOTHING RETURNING deposit_id`,
            [id, c.address, c.currency],
          );
          if (!claimed.length) throw new NothingToSweep();
          await tx.query(
            `UPDATE chain_evm_sweeps SET amount = (SELECT sum(d.amount) FROM wallet_deposits d JOIN chain_evm_swept_deposits w ON w.deposit_id = d.id WHERE w.sweep_id = $1) WHERE id = $1`,
            [id],
          );
          return true;
        })
        .catch((e) => {
          if (e instanceof NothingToSweep) return false;
          throw e;
        });
      if (created) made++;
    }
    return made;
  }

  private async advance(row: SweepRow): Promise<void> {
    switch (row.status) {
      case 'new':
        return this.price(row);
      case 'gas_pending':
        return this.topupSettled(row);
      case 'ready':
        return this.sign(row);
      case 'signed':
        return this.broadcast(row);
      case 'broadcast':
        return this.follow(row);
    }
  }

  private units(row: Pick<SweepRow, 'currency' | 'amount'>): bigint {
    return parseUnits(row.amount, row.currency === 'ETH' ? 18 : 6);
  }

  /** Gas and fees; a token sweep short of gas gets a top-up from the hot wallet first. */
  private async price(row: SweepRow): Promise<void> {
    const fees = await this.evm.sender.fees();
    let gasLimit: bigint;
    let valueSent: string;
    if (row.currency === 'ETH') {
      gasLimit = NATIVE_GAS;
      const value = this.units(row) - gasLimit * fees.maxFeePerGas;
      if (value <= 0n) {
        await this.wait(row, 'the gas reserve is above the amount');
        return;
      }
      valueSent = formatUnits(value, 18);
    } else {
      const token = this.tokenOf(row.currency);
      const held = BigInt(
        await this.evm.rpc.call({ to: token, data: ERC20.encodeFunctionData('balanceOf', [row.address]) }),
      );
      if (held < this.units(row)) {
        // The books say more than the address holds: never sweep on a guess; ledger:check reports it.
        await this.wait(row, `the address holds ${formatUnits(held, 6)} ${row.currency}, below ${row.amount}`);
        return;
      }
      const estimate = await this.evm.rpc.estimateGas({
        from: row.address,
        to: token,
        data: ERC20.encodeFunctionData('transfer', [this.hotWallet, this.units(row)]),
      });
      gasLimit = (estimate * 120n) / 100n;
      valueSent = row.amount;
    }
    if (gasLimit > BigInt(this.evm.config.gasLimitCap)) {
      await this.wait(row, `gas ${gasLimit} above the cap ${this.evm.config.gasLimitCap}`);
      return;
    }
    // Room for one fee bump: a stuck sweep is replaced with fees × 1.25 and must still afford its gas.
    const need = (gasLimit * fees.maxFeePerGas * BUMP_PERCENT) / 100n;
    const balance = await this.evm.rpc.getBalance(row.address);
    const topup = row.currency === 'ETH' || balance >= need ? 0n : need - balance;
    // A new client id per attempt: a failed top-up (status 'new' again) is never answered by the old row.
    const [attempts] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chain_evm_sends WHERE client_tx_id = $1 OR client_tx_id LIKE $2`,
      [`sweep-gas:${row.id}`, `sweep-gas:${row.id}:%`],
    );
    const topupId = attempts!.n ? `sweep-gas:${row.id}:${attempts!.n + 1}` : `sweep-gas:${row.id}`;
    await this.db.transaction(async (tx) => {
      if (topup > 0n)
        await this.evm.sender.sign(
          { network: 'ERC20', currency: 'ETH', to: row.address, amount: formatUnits(topup, 18), clientTxId: topupId },
          tx,
        );
      await tx.query(
        `UPDATE chain_evm_sweeps SET status = $2, gas_limit = $3, max_fee_per_gas = $4, max_priority_fee_per_gas = $5, value_sent = $6,
           topup_client_tx_id = $7, topup_wei = $8, last_error = NULL, updated_at = now() WHERE id = $1 AND status = 'new'`,
        [
          row.id,
          topup > 0n ? 'gas_pending' : 'ready',
          gasLimit.toString(),
          fees.maxFeePerGas.toString(),
          fees.maxPriorityFeePerGas.toString(),
          valueSent,
          topup > 0n ? topupId : null,
          topup > 0n ? topup.toString() : null,
        ],
      );
    });
  }

  /**
   * The top-up is one of the hot wallet's sends (nonce lock, broadcast, receipts, and its own posting
   * when it settles: the ETH moved to the deposit address and the gas it burned): wait for it.
   */
  private async topupSettled(row: SweepRow): Promise<void> {
    const [send] = await this.db.query<{ status: string }>(
      `SELECT status FROM chain_evm_sends WHERE client_tx_id = $1`,
      [row.topup_client_tx_id],
    );
    if (!send || (send.status !== 'confirmed' && send.status !== 'failed')) return;
    await this.db.query(
      `UPDATE chain_evm_sweeps SET status = $2, updated_at = now() WHERE id = $1 AND status = 'gas_pending'`,
      [row.id, send.status === 'confirmed' ? 'ready' : 'new'],
    );
  }

  private async sign(row: SweepRow): Promise<void> {
    const signer = this.signerFor(row.derivation_path, row.address);
    const nonce = await this.evm.rpc.getTransactionCount(row.address, 'pending');
    const call =
      row.currency === 'ETH'
        ? { to: this.hotWallet, value: parseUnits(row.value_sent!, 18), data: '0x' }
        : {
            to: getAddress(this.tokenOf(row.currency)),
            value: 0n,
            data: ERC20.encodeFunctionData('transfer', [this.hotWallet, this.units(row)]),
          };
    const raw = await signer.signTransaction({
      type: 2,
      chainId: this.chainId,
      nonce,
      gasLimit: BigInt(row.gas_limit!),
      maxFeePerGas: BigInt(row.max_fee_per_gas!),
      maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas!),
      ...call,
    });
    const hash = Transaction.from(raw).hash!;
    await this.db.query(
      `UPDATE chain_evm_sweeps SET status = 'signed', nonce = $2, raw_tx = $3, tx_hash = $4, updated_at = now() WHERE id = $1 AND status = 'ready'`,
      [row.id, nonce, raw, hash],
    );
    await this.broadcast({ ...row, raw_tx: raw, tx_hash: hash, status: 'signed' });
  }

  /** Sends the stored bytes unless the node already has them (docs/chain.md: ganache mines a re-sent tx twice). */
  private async broadcast(row: SweepRow): Promise<void> {
    try {
      if (!(await this.evm.rpc.getTransaction(row.tx_hash!))) await this.evm.rpc.broadcastTransaction(row.raw_tx!);
    } catch (e) {
      if (!(await this.evm.rpc.getTransaction(row.tx_hash!).catch(() => null))) throw e;
    }
    await this.db.query(
      `UPDATE chain_evm_sweeps SET status = 'broadcast', last_error = NULL, updated_at = now() WHERE id = $1 AND status = 'signed'`,
      [row.id],
    );
  }

  /**
   * At the required depth: confirmed (posted) or failed (gas posted, deposits kept claimed) — once.
   * The receipt of the current transaction or of one it replaced: whichever was mined settles it.
   */
  private async follow(row: SweepRow): Promise<void> {
    let receipt = null;
    for (const hash of [row.tx_hash!, ...row.previous_hashes]) {
      receipt = await this.evm.rpc.getTransactionReceipt(hash);
      if (receipt) break;
    }
    if (!receipt) {
      if (row.stuck) return this.replace(row);
      // Dropped or reorganised out: the same bytes again (same nonce: only one can ever be mined).
      if (!(await this.evm.rpc.getTransaction(row.tx_hash!))) await this.evm.rpc.broadcastTransaction(row.raw_tx!);
      return;
    }
    const head = await this.evm.rpc.getBlockNumber();
    if (head - receipt.blockNumber + 1 < this.evm.config.confirmations) return;
    const ok = receipt.status === 1;
    // An ETH sweep's replacement sends less (its gas reserve grew): book what the mined one sent.
    let sent = row.value_sent!;
    if (row.currency === 'ETH' && ok) {
      const mined = await this.evm.rpc.getTransaction(receipt.hash);
      if (!mined) throw new Error(`sweep ${row.id}: mined transaction ${receipt.hash} not found`);
      sent = formatEther(mined.value);
    }
    // The sweep transaction's own gas (the top-up's was booked when the top-up settled).
    const gasWei = receipt.gasUsed * receipt.gasPrice;
    await this.db.transaction(async (tx) => {
      const [done] = await tx.query(
        `UPDATE chain_evm_sweeps SET status = $2, block_number = $3, gas_cost_wei = $4, tx_hash = $5, value_sent = $6, updated_at = now()
         WHERE id = $1 AND status = 'broadcast' RETURNING id`,
        [row.id, ok ? 'confirmed' : 'failed', receipt.blockNumber, gasWei.toString(), receipt.hash, sent],
      );
      // A reverted sweep keeps its deposits claimed: sweeping them again would burn gas in a loop
      // (a paused token reverts every time); the operator sees it in chain_evm_sweeps and decides.
      if (!done) return;
      await post(
        tx,
        postings.chainSweep({
          sweepId: row.id,
          currency: row.currency,
          amount: ok ? row.amount : '0',
          sent: ok ? sent : '0',
          gas: formatUnits(gasWei, 18),
          txHash: receipt.hash,
        }),
      );
    });
  }

  /**
   * A stuck sweep: the same nonce re-signed with both fees × 1.25 (within the fee cap) and written
   * before it is broadcast, the old hash kept — a node keeps one transaction per nonce, so only one of
   * them can be mined, and `follow` settles whichever it was. An ETH sweep sends less (its gas reserve
   * grows); a token sweep needs the address to afford the higher fee (its top-up left room for one
   * bump) — otherwise it waits, with the reason, until the original is mined.
   */
  private async replace(row: SweepRow): Promise<void> {
    const cap = BigInt(this.evm.config.maxFeeGwei) * GWEI;
    const maxFee = (BigInt(row.max_fee_per_gas!) * BUMP_PERCENT) / 100n;
    const priority = (BigInt(row.max_priority_fee_per_gas!) * BUMP_PERCENT) / 100n;
    if (maxFee > cap) return this.wait(row, `stuck at the fee cap of ${this.evm.config.maxFeeGwei} gwei`);
    const gasLimit = BigInt(row.gas_limit!);
    let call: { to: string; value: bigint; data: string };
    if (row.currency === 'ETH') {
      const value = this.units(row) - gasLimit * maxFee;
      if (value <= 0n) return this.wait(row, 'stuck: a higher fee would leave nothing to sweep');
      call = { to: this.hotWallet, value, data: '0x' };
    } else {
      const balance = await this.evm.rpc.getBalance(row.address);
      if (balance < gasLimit * maxFee)
        return this.wait(
          row,
          `stuck: a replacement needs ${formatEther(gasLimit * maxFee - balance)} ETH more for gas`,
        );
      call = {
        to: getAddress(this.tokenOf(row.currency)),
        value: 0n,
        data: ERC20.encodeFunctionData('transfer', [this.hotWallet, this.units(row)]),
      };
    }
    const raw = await this.signerFor(row.derivation_path, row.address).signTransaction({
      type: 2,
      chainId: this.chainId,
      nonce: Number(row.nonce),
      gasLimit,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: priority,
      ...call,
    });
    const hash = Transaction.from(raw).hash!;
    const [written] = await this.db.query(
      `UPDATE chain_evm_sweeps SET raw_tx = $2, tx_hash = $3, previous_hashes = array_append(previous_hashes, tx_hash),
         max_fee_per_gas = $4, max_priority_fee_per_gas = $5, value_sent = $6, last_error = NULL, updated_at = now()
       WHERE id = $1 AND status = 'broadcast' AND tx_hash = $7 RETURNING id`,
      [
        row.id,
        raw,
        hash,
        maxFee.toString(),
        priority.toString(),
        row.currency === 'ETH' ? formatEther(call.value) : row.value_sent,
        row.tx_hash,
      ],
    );
    // Written first: a crash or a lost answer after this leaves a row that knows both hashes.
    if (written) await this.evm.rpc.broadcastTransaction(raw);
  }

  /** Not now (priced again next run): the reason is kept for health and the operator. */
  private async wait(row: SweepRow, reason: string): Promise<void> {
    await this.db.query(`UPDATE chain_evm_sweeps SET last_error = $2, updated_at = now() WHERE id = $1`, [
      row.id,
      `waiting: ${reason}`,
    ]);
  }

  /** For health: open sweeps and the newest reason one of them is waiting or failing. */
  async status(): Promise<{ open: number; lastError: string | null }> {
    const [row] = await this.db.query<{ open: number; last_error: string | null }>(
      `SELECT count(*)::int AS open,
              (SELECT last_error FROM chain_evm_sweeps WHERE chain_id = $1 AND status NOT IN ('confirmed', 'failed') AND last_error IS NOT NULL ORDER BY updated_at DESC LIMIT 1) AS last_error
       FROM chain_evm_sweeps WHERE chain_id = $1 AND status NOT IN ('confirmed', 'failed')`,
      [this.chainId],
    );
    return { open: row?.open ?? 0, lastError: row?.last_error ?? null };
  }

  start(jobs?: JobScheduler): void {
    jobs?.every('evm-chain.sweep', this.sweep.intervalMs, () => this.run());
  }
}

class NothingToSweep extends Error {}
