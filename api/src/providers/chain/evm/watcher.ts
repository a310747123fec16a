import { formatUnits, getAddress, id as topicOf, type Block, type JsonRpcProvider, type Log } from 'ethers';
import type { CryptoCurrency } from '@cardwallet/shared/schemas';
import type { SqlDatabase } from '../../../ledger/sql';
import type { BlocksEvent, IncomingTransfer } from '../types';
import type { EvmChainConfig } from './config';

export const TRANSFER_TOPIC = topicOf('Transfer(address,address,uint256)');
/** Blocks scanned per run (catching up after downtime happens over several runs). */
const MAX_BLOCKS_PER_SCAN = 50;
/** How far back a reorganisation is followed; block hashes older than this are pruned. */
const REORG_WINDOW = 128;

export interface WatcherListeners {
  incoming(t: IncomingTransfer): Promise<void>;
  blocks(e: BlocksEvent): Promise<void>;
  reorg(e: { network: 'ERC20'; fromHeight: number }): Promise<void>;
  warn(message: string, data?: Record<string, unknown>): void;
}

/**
 * Finds deposits in blocks, not balances: native ETH from each block's transactions (value > 0, to
 * one of our addresses, receipt status 1) and ERC-20 from the block's `Transfer` logs of the
 * configured token contracts. Every scanned block's hash is kept; a block whose parent hash is not
 * the one we scanned means a reorganisation: we walk back to the common ancestor, report it, and
 * scan the new branch. Confirmations are reported as real heights of verified blocks.
 */
export class EvmWatcher {
  private readonly tokenCurrency = new Map<string, CryptoCurrency>();
  private readonly internal: Set<string>;

  /**
   * `internalSenders`: our own wallets (the hot wallet). What they send to a deposit address is an
   * internal movement (a sweep's gas top-up), never a customer's deposit.
   */
  constructor(
    private readonly db: SqlDatabase,
    private readonly rpc: JsonRpcProvider,
    private readonly config: EvmChainConfig,
    private readonly on: WatcherListeners,
    internalSenders: string[] = [],
  ) {
    this.internal = new Set(internalSenders.map((a) => getAddress(a)));
    for (const [currency, address] of Object.entries(config.tokens))
      if (address) this.tokenCurrency.set(getAddress(address), currency as CryptoCurrency);
  }

  private get chainId() {
    return this.config.chainId;
  }

  private async lastScanned(): Promise<{ height: number; hash: string } | undefined> {
    const [row] = await this.db.query<{ height: string; hash: string }>(
      `SELECT height::text AS height, hash FROM chain_evm_blocks WHERE chain_id = $1 ORDER BY chain_evm_blocks.height DESC LIMIT 1`,
      [this.chainId],
    );
    return row ? { height: Number(row.height), hash: row.hash } : undefined;
  }

  /** One pass: reorg check, then up to MAX_BLOCKS_PER_SCAN new blocks. Answers the scanned height. */
  async scan(): Promise<number | null> {
    const head = await this.rpc.getBlockNumber();
    let last = await this.lastScanned();
    if (last) {
      const onChain = await this.rpc.getBlock(last.height);
      if (!onChain || onChain.hash !== last.hash) {
        await this.rewind(last.height);
        last = await this.lastScanned();
      }
    }
    const from = last ? last.height + 1 : (this.config.startBlock ?? Math.max(0, head - 2 * this.config.confirmations));
    const to = Math.min(head, from + MAX_BLOCKS_PER_SCAN - 1);
    let parent = last?.hash;
    let scanned = last?.height ?? null;
    for (let height = from; height <= to; height++) {
      const block = await this.rpc.getBlock(height, true);
      if (!block?.hash) break; // the node is behind its own head answer: next run
      if (parent && block.parentHash !== parent) {
        // The chain changed under us while scanning: the next run rewinds from the last stored block.
        this.on.warn('evm: parent hash mismatch while scanning', { height });
        break;
      }
      await this.scanBlock(block);
      await this.db.query(
        `INSERT INTO chain_evm_blocks (chain_id, height, hash) VALUES ($1, $2, $3) ON CONFLICT (chain_id, height) DO UPDATE SET hash = EXCLUDED.hash`,
        [this.chainId, height, block.hash],
      );
      parent = block.hash;
      scanned = height;
    }
    if (scanned !== null && scanned >= from) {
      await this.db.query(`DELETE FROM chain_evm_blocks WHERE chain_id = $1 AND height < $2`, [
        this.chainId,
        scanned - REORG_WINDOW,
      ]);
      await this.on.blocks({ network: 'ERC20', count: scanned - from + 1, height: scanned, realHeight: true });
    }
    return scanned;
  }

  /** Walks back from `height` to the newest stored block the chain still has; forgets the rest. */
  private async rewind(height: number): Promise<void> {
    const stored = await this.db.query<{ height: string; hash: string }>(
      `SELECT height::text AS height, hash FROM chain_evm_blocks WHERE chain_id = $1 AND height <= $2 ORDER BY chain_evm_blocks.height DESC`,
      [this.chainId, height],
    );
    let ancestor = -1;
    for (const row of stored) {
      const block = await this.rpc.getBlock(Number(row.height));
      if (block?.hash === row.hash) {
        ancestor = Number(row.height);
        break;
      }
    }
    if (ancestor < 0) ancestor = stored.length ? Number(stored[stored.length - 1]!.height) - 1 : height - 1;
    const depth = height - ancestor;
    if (depth >= this.config.confirmations)
      this.on.warn(
        'evm: reorganisation deeper than the confirmations; credited deposits may be affected (run ledger:check)',
        { depth, ancestor },
      );
    else this.on.warn('evm: reorganisation', { depth, ancestor });
    await this.db.query(`DELETE FROM chain_evm_blocks WHERE chain_id = $1 AND height > $2`, [this.chainId, ancestor]);
    await this.on.reorg({ network: 'ERC20', fromHeight: ancestor + 1 });
  }

  /** Addresses among `candidates` that are our deposit addresses. */
  private async ours(candidates: string[]): Promise<Set<string>> {
    if (!candidates.length) return new Set();
    const rows = await this.db.query<{ address: string }>(
      `SELECT address FROM chain_evm_deposit_keys WHERE chain_id = $1 AND address = ANY($2::text[])`,
      [this.chainId, [...new Set(candidates)]],
    );
    return new Set(rows.map((r) => r.address));
  }

  private async scanBlock(block: Block): Promise<void> {
    const transfers: IncomingTransfer[] = [];
    const native = block.prefetchedTransactions.filter(
      (tx) => tx.to && tx.value > 0n && !this.internal.has(getAddress(tx.from)),
    );
    const nativeOurs = await this.ours(native.map((tx) => getAddress(tx.to!)));
    for (const tx of native) {
      const to = getAddress(tx.to!);
      if (!nativeOurs.has(to)) continue;
      const receipt = await this.rpc.getTransactionReceipt(tx.hash);
      if (receipt?.status !== 1) continue; // reverted: nothing arrived
      transfers.push({
        network: 'ERC20',
        currency: 'ETH',
        address: to,
        amount: formatUnits(tx.value, 18),
        txHash: tx.hash,
        blockHeight: block.number,
      });
    }
    if (this.tokenCurrency.size) {
      const logs: Log[] = await this.rpc.getLogs({
        blockHash: block.hash!,
        address: [...this.tokenCurrency.keys()],
        topics: [TRANSFER_TOPIC],
      });
      const decoded = logs
        .filter((l) => l.topics.length === 3 && !l.removed)
        .map((l) => ({ log: l, to: getAddress(`0x${l.topics[2]!.slice(26)}`), value: BigInt(l.data) }));
      const tokenOurs = await this.ours(decoded.map((d) => d.to));
      for (const d of decoded) {
        if (!tokenOurs.has(d.to) || d.value === 0n) continue;
        const currency = this.tokenCurrency.get(getAddress(d.log.address))!;
        transfers.push({
          network: 'ERC20',
          currency,
          address: d.to,
          amount: formatUnits(d.value, 6),
          txHash: d.log.transactionHash,
          blockHeight: block.number,
        });
      }
    }
    for (const t of transfers) await this.on.incoming(t);
  }
}
