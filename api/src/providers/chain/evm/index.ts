import type { CryptoCurrency, WalletNetwork } from '@cardwallet/shared/schemas';
import type { JobScheduler } from '../../../jobs/background-jobs';
import type { SqlDatabase, SqlRunner } from '../../../ledger/sql';
import {
  ChainProviderError,
  type BlocksEvent,
  type ChainProvider,
  type IncomingTransfer,
  type SendRequest,
} from '../types';
import { formatUnits } from 'ethers';
import { money } from '../../../ledger/money';
import type { EvmChainConfig } from './config';
import { depositKeyAt } from './hd';
import { assertChainId, rpcErrorText, rpcProvider, type RpcHealth } from './rpc';
import { EvmSender, type SendSettled } from './sender';
import { EvmWatcher } from './watcher';

/**
 * The most a customer pays per withdrawal (docs/chain.md "Withdrawal fee"): the live estimate is
 * capped here (above it the house pays the difference), and it is the answer when the node cannot
 * be asked.
 */
const FEE_CAPS: Partial<Record<CryptoCurrency, string>> = { ETH: '0.002', USDT: '5', USDC: '5' };
/** Gas of a native transfer, and what an ERC-20 transfer to a fresh holder takes (a new storage slot). */
const NATIVE_TRANSFER_GAS = 21_000n;
const TOKEN_TRANSFER_GAS = 65_000n;
/** Rounded up to these steps, so a quote does not move with every block. */
const FEE_STEP: Partial<Record<CryptoCurrency, string>> = { ETH: '0.00001', USDT: '0.01', USDC: '0.01' };

export interface EvmLog {
  warn(data: Record<string, unknown>, message: string): void;
}

/**
 * The ERC20 network (ETH, USDT, USDC) on a real EVM chain over JSON-RPC (docs/chain.md). The same
 * code runs against the local dev node and a public network; only the configuration differs.
 */
export class EvmChain implements ChainProvider {
  readonly name = 'evm';
  readonly rpc;
  readonly watcher: EvmWatcher;
  readonly sender: EvmSender;
  private readonly incomingListeners: Array<(t: IncomingTransfer) => Promise<void>> = [];
  private readonly blockListeners: Array<(e: BlocksEvent) => Promise<void>> = [];
  private readonly reorgListeners: Array<(e: { network: WalletNetwork; fromHeight: number }) => Promise<void>> = [];
  private readonly settledListeners: Array<(tx: SqlRunner, s: SendSettled) => Promise<void>> = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private state: RpcHealth = {
    ok: false,
    chainId: null,
    head: null,
    scanned: null,
    error: 'not checked yet',
    checkedAt: null,
  };

  constructor(
    private readonly db: SqlDatabase,
    readonly config: EvmChainConfig,
    private readonly log?: EvmLog,
  ) {
    this.rpc = rpcProvider(config.rpcUrl, config.chainId, config.rpcTimeoutMs);
    this.sender = new EvmSender(db, this.rpc, config);
    this.watcher = new EvmWatcher(
      db,
      this.rpc,
      config,
      {
        incoming: async (t) => {
          for (const l of this.incomingListeners) await l(t);
        },
        blocks: async (e) => {
          for (const l of this.blockListeners) await l(e);
        },
        reorg: async (e) => {
          for (const l of this.reorgListeners) await l(e);
        },
        warn: (message, data) => this.log?.warn(data ?? {}, message),
      },
      this.sender.hotWalletAddress ? [this.sender.hotWalletAddress] : [],
    );
  }

  private network(network: WalletNetwork, op: ChainProviderError['operation']): void {
    if (network !== 'ERC20') throw new ChainProviderError(`the EVM provider serves ERC20, not ${network}`, op);
  }

  /** Next unused index on the account's external chain; the path is recorded with the address. */
  async depositAddress(input: { userId: string; currency: CryptoCurrency; network: WalletNetwork }): Promise<string> {
    this.network(input.network, 'deposit_address');
    const select = `SELECT address FROM chain_evm_deposit_keys WHERE chain_id = $1 AND user_id = $2 AND currency = $3`;
    const params = [this.config.chainId, input.userId, input.currency];
    const [existing] = await this.db.query<{ address: string }>(select, params);
    if (existing) return existing.address;
    const [seq] = await this.db.query<{ n: string }>(`SELECT nextval('chain_evm_address_index_seq')::text AS n`);
    let key: { address: string; path: string };
    try {
      key = depositKeyAt(this.config.xpub, this.config.xpubPath, Number(seq!.n));
    } catch (e) {
      throw new ChainProviderError(`deposit key derivation failed: ${(e as Error).message}`, 'deposit_address');
    }
    await this.db.query(
      `INSERT INTO chain_evm_deposit_keys (address, chain_id, user_id, currency, address_index, derivation_path) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (chain_id, user_id, currency) DO NOTHING`,
      [key.address, this.config.chainId, input.userId, input.currency, Number(seq!.n), key.path],
    );
    const [stored] = await this.db.query<{ address: string }>(select, params);
    return stored!.address;
  }

  requiredConfirmations(): number {
    return this.config.confirmations;
  }

  /**
   * Live: gas × the fee the sender would sign with (EIP-1559, 2 × base + tip), in the asset (tokens
   * through the ETH/USD and token/USD rates), rounded up to FEE_STEP and capped at FEE_CAPS. The cap is
   * the answer when the node or the rates cannot be asked (the quote must not fail for that).
   */
  async withdrawFee(currency: CryptoCurrency, network: WalletNetwork): Promise<string> {
    this.network(network, 'fee');
    const cap = FEE_CAPS[currency];
    if (!cap || (currency !== 'ETH' && !this.config.tokens[currency as 'USDT' | 'USDC']))
      throw new ChainProviderError(`no ${currency} on this EVM chain`, 'fee');
    try {
      const { maxFeePerGas } = await this.sender.fees();
      const gas = currency === 'ETH' ? NATIVE_TRANSFER_GAS : TOKEN_TRANSFER_GAS;
      let fee = money(formatUnits(gas * maxFeePerGas, 18));
      if (currency !== 'ETH') {
        if (!this.usdMid) return cap;
        const [eth, token] = await Promise.all([this.usdMid('ETH'), this.usdMid(currency)]);
        fee = fee.times(eth).div(token);
      }
      const step = money(FEE_STEP[currency]!);
      fee = fee.div(step).ceil().times(step);
      if (fee.lte(0)) fee = step;
      return fee.gt(cap) ? cap : fee.toFixed();
    } catch {
      return cap;
    }
  }

  /** Prices token fees (set by the wallet with its rate provider). */
  usdMid: ((currency: CryptoCurrency) => Promise<string>) | null = null;

  /** Explorer URL templates for the UI; none for a chain without an explorer (the local dev chain). */
  explorers(): Array<{ network: WalletNetwork; tx: string; address: string }> {
    const base = this.config.explorerUrl?.replace(/\/+$/, '');
    return base ? [{ network: 'ERC20', tx: `${base}/tx/{hash}`, address: `${base}/address/{address}` }] : [];
  }

  async checkDestination(network: WalletNetwork, address: string): Promise<void> {
    this.network(network, 'send');
    await this.sender.checkDestination(address);
  }

  /**
   * Signs in `tx` (the payout's transaction) and leaves the broadcast to the pump, which runs after
   * the commit. Without `tx` (tools, tests) it signs in a transaction of its own and broadcasts now.
   */
  async send(request: SendRequest, tx?: SqlRunner): Promise<{ txHash: string }> {
    this.network(request.network, 'send');
    if (tx) return { txHash: (await this.sender.sign(request, tx)).txHash };
    const signed = await this.db.transaction((own) => this.sender.sign(request, own));
    await this.pump().catch(() => undefined);
    return { txHash: signed.txHash };
  }

  onIncoming(listener: (t: IncomingTransfer) => Promise<void>): void {
    this.incomingListeners.push(listener);
  }
  onBlocks(listener: (e: BlocksEvent) => Promise<void>): void {
    this.blockListeners.push(listener);
  }
  onReorg(listener: (e: { network: WalletNetwork; fromHeight: number }) => Promise<void>): void {
    this.reorgListeners.push(listener);
  }
  /** A withdrawal's transaction reached the required depth (confirmed) or was mined reverted (failed). */
  onSendSettled(listener: (tx: SqlRunner, s: SendSettled) => Promise<void>): void {
    this.settledListeners.push(listener);
  }

  /** Broadcasts and follows open withdrawals (one pass). */
  pump(stuckAfterMs?: number): Promise<void> {
    return this.sender.pump(async (tx, s) => {
      for (const l of this.settledListeners) await l(tx, s);
    }, stuckAfterMs);
  }

  /**
   * One tick: chain id check, scan, pump — serialised within this process (the job scheduler runs it
   * in one process). An RPC that is down, slow, garbled or on another chain fails the tick: health
   * says why, deposits wait, withdrawals stay queued (signed rows are re-broadcast later).
   */
  tick(): Promise<void> {
    if (this.running) return this.running;
    const run = async () => {
      try {
        const chainId = await assertChainId(this.rpc, this.config.chainId);
        const scanned = await this.watcher.scan();
        await this.pump();
        this.state = {
          ok: true,
          chainId,
          head: await this.rpc.getBlockNumber(),
          scanned,
          error: null,
          checkedAt: new Date().toISOString(),
        };
      } catch (e) {
        // The URL may carry a provider's API key: never shown.
        this.state = {
          ...this.state,
          ok: false,
          error: rpcErrorText(e).split(this.config.rpcUrl).join('<rpc>'),
          checkedAt: new Date().toISOString(),
        };
        throw e;
      }
    };
    this.running = run().finally(() => (this.running = null));
    return this.running;
  }

  /** A tick that starts after this call (not one already under way, which may predate what the caller just did). */
  async freshTick(): Promise<void> {
    if (this.running) await this.running.catch(() => undefined);
    return this.tick();
  }

  health(): RpcHealth {
    return { ...this.state };
  }

  start(jobs?: JobScheduler): void {
    if (jobs) {
      jobs.every('evm-chain.tick', this.config.pollMs, () => this.tick());
      return;
    }
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick().catch(() => undefined), this.config.pollMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.rpc.destroy();
  }
}
