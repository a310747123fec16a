import { Interface, Transaction, Wallet, formatUnits, getAddress, parseUnits, type JsonRpcProvider } from 'ethers';
import * as postings from '../../../ledger/posting';
import { post } from '../../../ledger/store';
import type { SqlDatabase, SqlRunner } from '../../../ledger/sql';
import { ChainProviderError, type SendRequest } from '../types';
import type { EvmChainConfig } from './config';
import { assertChainId, rpcErrorText } from './rpc';

const ERC20 = new Interface(['function transfer(address to, uint256 value) returns (bool)']);
const GWEI = 1_000_000_000n;
/** A transaction with no receipt after this long is re-signed with the same nonce and higher fees. */
const STUCK_AFTER_MS = 60_000;
/** Fee bump of a replacement (nodes want ≥ 10 % more on both fees). */
const BUMP_PERCENT = 125n;

export interface SendRow {
  client_tx_id: string;
  to_address: string;
  currency: string;
  amount: string;
  nonce: string;
  gas_limit: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  raw_tx: string;
  tx_hash: string;
  previous_hashes: string[];
  status: 'signed' | 'broadcast' | 'confirmed' | 'failed';
  stuck: boolean;
}

export interface SendSettled {
  clientTxId: string;
  txHash: string;
  status: 'confirmed' | 'failed';
  blockNumber: number;
  /** Gas burned (wei), booked as a network fee in the same transaction (docs/ledger.md). */
  gasWei: bigint;
}

/**
 * Withdrawals from the hot wallet, exactly once:
 * 1. `sign` (in the payout's transaction): checks and prices the transfer over RPC, then takes the
 *    hot wallet's nonce under a row lock, signs (EIP-1559, gas and fee capped) and stores the raw tx.
 *    It commits with the payout or not at all; nothing has reached the chain yet.
 * 2. `pump` (a background job, one process): broadcasts committed rows until the node has them
 *    ("already known" counts as done), follows receipts to the required depth, re-signs a stuck one
 *    with the same nonce and higher fees (only one of the two can ever be mined), and reports each
 *    settled transfer once.
 */
export class EvmSender {
  private readonly wallet: Wallet | null;

  constructor(
    private readonly db: SqlDatabase,
    private readonly rpc: JsonRpcProvider,
    private readonly config: EvmChainConfig,
  ) {
    this.wallet = config.hotWalletKey ? new Wallet(config.hotWalletKey) : null;
  }

  get hotWalletAddress(): string | null {
    return this.wallet?.address ?? null;
  }

  private tokenOf(currency: string): string | null {
    return (this.config.tokens as Record<string, string | null>)[currency] ?? null;
  }

  private call(req: Pick<SendRequest, 'currency' | 'to' | 'amount'>): { to: string; value: bigint; data: string } {
    const to = getAddress(req.to);
    if (req.currency === 'ETH') return { to, value: parseUnits(req.amount, 18), data: '0x' };
    const token = this.tokenOf(req.currency);
    if (!token) throw new ChainProviderError(`no ${req.currency} contract configured`, 'send', true);
    return {
      to: getAddress(token),
      value: 0n,
      data: ERC20.encodeFunctionData('transfer', [to, parseUnits(req.amount, 6)]),
    };
  }

  /** A contract cannot be a withdrawal destination (tokens sent to most contracts are lost). */
  async checkDestination(address: string): Promise<void> {
    let code: string;
    try {
      code = await this.rpc.getCode(getAddress(address));
    } catch (e) {
      throw new ChainProviderError(`RPC: ${rpcErrorText(e)}`, 'send');
    }
    if (code !== '0x')
      throw new ChainProviderError(
        'the destination is a contract: withdrawals go to plain accounts only',
        'send',
        true,
      );
  }

  /** Fees within the cap, or a transient refusal (the payout waits for cheaper blocks). */
  async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const block = await this.rpc.getBlock('latest');
    const base = block?.baseFeePerGas ?? 0n;
    const fee = await this.rpc.getFeeData();
    const priority = fee.maxPriorityFeePerGas ?? GWEI;
    const cap = BigInt(this.config.maxFeeGwei) * GWEI;
    if (base + priority > cap)
      throw new ChainProviderError(`network fee above the cap of ${this.config.maxFeeGwei} gwei`, 'send');
    const wanted = base * 2n + priority;
    return { maxFeePerGas: wanted < cap ? wanted : cap, maxPriorityFeePerGas: priority };
  }

  async sign(request: SendRequest, tx: SqlRunner): Promise<{ txHash: string; fresh: boolean }> {
    const [existing] = await tx.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM chain_evm_sends WHERE client_tx_id = $1`,
      [request.clientTxId],
    );
    if (existing) return { txHash: existing.tx_hash, fresh: false };
    if (!this.wallet)
      throw new ChainProviderError('no hot wallet key is configured (CHAIN_EVM_HOT_WALLET_KEY)', 'send');
    const from = this.wallet.address;
    const call = this.call(request);
    let gasLimit: bigint;
    let fees: Awaited<ReturnType<EvmSender['fees']>>;
    let chainNonce: number;
    try {
      // A node on another chain would hand us its nonces and balances: refused before anything else.
      await assertChainId(this.rpc, this.config.chainId);
      await this.checkDestination(request.to);
      fees = await this.fees();
      // Estimating with the real sender: a hot wallet short of the token or of gas fails here
      // (transient: the payout stays queued until the wallet is topped up).
      gasLimit = ((await this.rpc.estimateGas({ from, ...call })) * 120n) / 100n;
      chainNonce = await this.rpc.getTransactionCount(from, 'pending');
    } catch (e) {
      if (e instanceof ChainProviderError) throw e;
      throw new ChainProviderError(`RPC: ${rpcErrorText(e)}`, 'send');
    }
    if (gasLimit > BigInt(this.config.gasLimitCap))
      throw new ChainProviderError(`gas ${gasLimit} above the cap ${this.config.gasLimitCap}`, 'send', true);
    // The nonce: the row lock serialises every signer of this hot wallet (all API processes). The
    // chain's pending count wins when it is higher (the key was used elsewhere).
    await tx.query(
      `INSERT INTO chain_evm_nonces (chain_id, address, next_nonce) VALUES ($1, $2, $3) ON CONFLICT (chain_id, address) DO NOTHING`,
      [this.config.chainId, from, chainNonce],
    );
    const [row] = await tx.query<{ next_nonce: string }>(
      `SELECT next_nonce::text AS next_nonce FROM chain_evm_nonces WHERE chain_id = $1 AND address = $2 FOR UPDATE`,
      [this.config.chainId, from],
    );
    const nonce = Math.max(Number(row!.next_nonce), chainNonce);
    const raw = await this.wallet.signTransaction({
      type: 2,
      chainId: this.config.chainId,
      nonce,
      gasLimit,
      ...fees,
      ...call,
    });
    const txHash = Transaction.from(raw).hash!;
    await tx.query(
      `INSERT INTO chain_evm_sends (client_tx_id, chain_id, from_address, to_address, currency, amount, nonce, gas_limit, max_fee_per_gas, max_priority_fee_per_gas, raw_tx, tx_hash, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'signed')`,
      [
        request.clientTxId,
        this.config.chainId,
        from,
        getAddress(request.to),
        request.currency,
        request.amount,
        nonce,
        gasLimit.toString(),
        fees.maxFeePerGas.toString(),
        fees.maxPriorityFeePerGas.toString(),
        raw,
        txHash,
      ],
    );
    await tx.query(`UPDATE chain_evm_nonces SET next_nonce = $3 WHERE chain_id = $1 AND address = $2`, [
      this.config.chainId,
      from,
      nonce + 1,
    ]);
    return { txHash, fresh: true };
  }

  /** Hands the raw tx to the node; "already known" / a mined tx count as broadcast. */
  private async broadcast(row: SendRow): Promise<void> {
    try {
      // Already there (a broadcast whose answer was lost): never hand the same bytes over again.
      // A real node would refuse them ("already known" / "nonce too low"); ganache 7.9.2 mines a
      // re-sent raw transaction a second time (docs/chain.md), so we do not rely on the node.
      if (!(await this.rpc.getTransaction(row.tx_hash))) await this.rpc.broadcastTransaction(row.raw_tx);
    } catch (e) {
      const onChain = await this.rpc.getTransaction(row.tx_hash).catch(() => null);
      if (!onChain) {
        await this.db.query(
          `UPDATE chain_evm_sends SET broadcast_attempts = broadcast_attempts + 1, last_error = $2, updated_at = now() WHERE client_tx_id = $1`,
          [row.client_tx_id, rpcErrorText(e)],
        );
        throw e;
      }
    }
    await this.db.query(
      `UPDATE chain_evm_sends SET status = 'broadcast', broadcast_attempts = broadcast_attempts + 1, last_error = NULL, updated_at = now() WHERE client_tx_id = $1 AND status = 'signed'`,
      [row.client_tx_id],
    );
  }

  /** Same nonce, fees × 1.25: the node replaces the pending one; only one of them can be mined. */
  private async replace(row: SendRow): Promise<void> {
    if (!this.wallet) return;
    const cap = BigInt(this.config.maxFeeGwei) * GWEI;
    const maxFee = (BigInt(row.max_fee_per_gas) * BUMP_PERCENT) / 100n;
    const priority = (BigInt(row.max_priority_fee_per_gas) * BUMP_PERCENT) / 100n;
    if (maxFee > cap) return; // at the cap: wait (docs/chain.md)
    const raw = await this.wallet.signTransaction({
      type: 2,
      chainId: this.config.chainId,
      nonce: Number(row.nonce),
      gasLimit: BigInt(row.gas_limit),
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: priority,
      ...this.call({ currency: row.currency as SendRequest['currency'], to: row.to_address, amount: row.amount }),
    });
    const txHash = Transaction.from(raw).hash!;
    // Written before it is broadcast: a crash or a lost answer after this leaves a row that knows both
    // hashes (whichever is mined settles it); a failed broadcast is retried as a dropped one.
    const [written] = await this.db.query(
      `UPDATE chain_evm_sends SET raw_tx = $2, tx_hash = $3, previous_hashes = array_append(previous_hashes, tx_hash), max_fee_per_gas = $4, max_priority_fee_per_gas = $5, updated_at = now()
       WHERE client_tx_id = $1 AND tx_hash = $6 AND status = 'broadcast' RETURNING client_tx_id`,
      [row.client_tx_id, raw, txHash, maxFee.toString(), priority.toString(), row.tx_hash],
    );
    if (written) await this.rpc.broadcastTransaction(raw);
  }

  /**
   * One pass over open sends, in nonce order: broadcast, track receipts, replace stuck ones. Settled
   * ones (receipt at the required depth) are reported through `settled` once (conditional update).
   */
  async pump(settled: (tx: SqlRunner, s: SendSettled) => Promise<void>, stuckAfterMs = STUCK_AFTER_MS): Promise<void> {
    const rows = await this.db.query<SendRow>(
      `SELECT client_tx_id, to_address, currency, amount::text AS amount, nonce::text AS nonce, gas_limit::text AS gas_limit,
              max_fee_per_gas::text AS max_fee_per_gas, max_priority_fee_per_gas::text AS max_priority_fee_per_gas, raw_tx, tx_hash,
              previous_hashes, status, (updated_at < now() - make_interval(secs => $2::float8 / 1000)) AS stuck
       FROM chain_evm_sends WHERE chain_id = $1 AND status IN ('signed', 'broadcast') ORDER BY chain_evm_sends.nonce`,
      [this.config.chainId, stuckAfterMs],
    );
    if (!rows.length) return;
    const head = await this.rpc.getBlockNumber();
    for (const row of rows) {
      if (row.status === 'signed') {
        await this.broadcast(row);
        continue;
      }
      // The receipt of the current tx or of one it replaced (an earlier one may have won the race).
      let receipt = null;
      for (const hash of [row.tx_hash, ...row.previous_hashes]) {
        receipt = await this.rpc.getTransactionReceipt(hash);
        if (receipt) break;
      }
      if (!receipt) {
        if (row.stuck) await this.replace(row).catch(() => undefined);
        else if (!(await this.rpc.getTransaction(row.tx_hash)))
          await this.rpc.broadcastTransaction(row.raw_tx).catch(() => undefined); // dropped: again
        continue;
      }
      if (head - receipt.blockNumber + 1 < this.config.confirmations) continue;
      const status = receipt.status === 1 ? 'confirmed' : 'failed';
      const found = receipt;
      // What the transaction burned, mined or reverted (ethers' receipt.gasPrice is the effective price).
      const gasWei = found.gasUsed * found.gasPrice;
      await this.db.transaction(async (tx) => {
        const [done] = await tx.query<{ client_tx_id: string }>(
          `UPDATE chain_evm_sends SET status = $2, tx_hash = $3, block_number = $4, gas_cost_wei = $5, updated_at = now()
           WHERE client_tx_id = $1 AND status = 'broadcast' RETURNING client_tx_id`,
          [row.client_tx_id, status, found.hash, found.blockNumber, gasWei.toString()],
        );
        if (!done) return;
        // In the same transaction, once: the house's gas (and a top-up's move to our own deposit
        // address), then the wallet's reaction (a reverted withdrawal's refund).
        const [ours] = await tx.query(`SELECT 1 FROM chain_evm_deposit_keys WHERE chain_id = $1 AND address = $2`, [
          this.config.chainId,
          getAddress(row.to_address),
        ]);
        const posting = postings.chainSendSettled({
          clientTxId: row.client_tx_id,
          gas: formatUnits(gasWei, 18),
          internal:
            ours && status === 'confirmed'
              ? { currency: row.currency as SendRequest['currency'], amount: row.amount }
              : null,
          txHash: found.hash,
        });
        if (posting) await post(tx, posting);
        await settled(tx, {
          clientTxId: row.client_tx_id,
          txHash: found.hash,
          status,
          blockNumber: found.blockNumber,
          gasWei,
        });
      });
    }
  }
}
