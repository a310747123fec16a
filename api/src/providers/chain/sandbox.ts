import { randomBytes } from 'node:crypto';
import { WALLET_NETWORKS, type CryptoCurrency, type WalletNetwork } from '@cardwallet/shared/schemas';
import { deriveDepositAddress } from './addresses';
import { DEFAULT_ERC20_CONFIRMATIONS } from '../../config/evm.js';
import type { JobScheduler } from '../../jobs/background-jobs';
import { ChainProviderError, type ChainProvider, type IncomingTransfer, type SendRequest } from './types';

export interface SandboxChainOptions {
  /** Server secret the deposit keys are derived from. */
  addressSecret: string;
  /** Mine one block on every network this often; 0 = only POST /api/dev/chain/mine advances. */
  blockIntervalMs: number;
  confirmations?: Partial<Record<WalletNetwork, number>>;
}

/** Real-world-like confirmation counts (TRON solidification, Ethereum, Bitcoin). */
export const DEFAULT_CONFIRMATIONS: Record<WalletNetwork, number> = {
  TRC20: 19,
  ERC20: DEFAULT_ERC20_CONFIRMATIONS,
  BTC: 3,
};

const FEES: Record<string, string> = {
  'USDT/TRC20': '1',
  'USDT/ERC20': '5',
  'USDC/ERC20': '5',
  'ETH/ERC20': '0.002',
  'BTC/BTC': '0.0002',
};

/** Tx hash in each chain's usual form: 0x-prefixed on EVM, bare 64 hex on TRON and Bitcoin. */
export function randomTxHash(network: WalletNetwork): string {
  const h = randomBytes(32).toString('hex');
  return network === 'ERC20' ? `0x${h}` : h;
}

/** A broadcast the sandbox chain accepted (once per client tx id). */
export interface SandboxBroadcast extends SendRequest {
  txHash: string;
}

/** A test hook holding broadcasts at the chain's door until released (see `SandboxChain.latch`). */
export interface SendLatch {
  /** Resolves with the first request that reached the latch. */
  readonly reached: Promise<SendRequest>;
  /** Lets every held (and later) broadcast through. */
  release(): void;
}

/**
 * In-process chain for development and tests. Blocks advance on a timer and/or through `mine`;
 * `simulateDeposit` is what POST /api/dev/chain/deposit calls. Failure switches let tests see
 * 'Failed to get recharge address' and failed broadcasts:
 * - `send`: the chain cannot be reached (transient; nothing is sent);
 * - `sendRejected`: the chain refuses the transfer for good (definitive; nothing is sent);
 * - `lostAnswer`: the chain sends, but its answer is lost (transient for the caller; a retry with
 *   the same client tx id answers the same tx hash — the chain's own idempotency).
 * `broadcasts` is what the chain really sent: one entry per client tx id, never two.
 */
export class SandboxChain implements ChainProvider {
  readonly name = 'sandbox';
  readonly failures = { depositAddress: false, send: false, sendRejected: false, lostAnswer: false };
  private readonly heights = new Map<WalletNetwork, number>(WALLET_NETWORKS.map((n) => [n, 1_000_000]));
  private readonly sent = new Map<string, SandboxBroadcast>();
  /** Every call of `send`, retries included (tests compare it with `broadcasts`). */
  sendCalls = 0;
  private held: { gate: Promise<void>; arrived: (request: SendRequest) => void } | null = null;
  private readonly incomingListeners: Array<(t: IncomingTransfer) => Promise<void>> = [];
  private readonly blockListeners: Array<
    (e: { network: WalletNetwork; count: number; height: number }) => Promise<void>
  > = [];
  private timer: NodeJS.Timeout | null = null;
  private mining: Promise<void> = Promise.resolve();
  private readonly confirmations: Record<WalletNetwork, number>;

  constructor(private readonly options: SandboxChainOptions) {
    this.confirmations = { ...DEFAULT_CONFIRMATIONS, ...options.confirmations };
  }

  async depositAddress(input: { userId: string; currency: CryptoCurrency; network: WalletNetwork }): Promise<string> {
    if (this.failures.depositAddress)
      throw new ChainProviderError('sandbox: deposit address failure switch is on', 'deposit_address');
    return deriveDepositAddress(this.options.addressSecret, input);
  }

  requiredConfirmations(network: WalletNetwork): number {
    return this.confirmations[network];
  }

  async withdrawFee(currency: CryptoCurrency, network: WalletNetwork): Promise<string> {
    const fee = FEES[`${currency}/${network}`];
    if (!fee) throw new ChainProviderError(`no fee for ${currency} on ${network}`, 'fee');
    return fee;
  }

  async send(request: SendRequest): Promise<{ txHash: string }> {
    this.sendCalls++;
    if (this.held) {
      this.held.arrived(request);
      await this.held.gate;
    }
    if (this.failures.send) throw new ChainProviderError('sandbox: send failure switch is on', 'send');
    let broadcast = this.sent.get(request.clientTxId);
    if (!broadcast) {
      if (this.failures.sendRejected)
        throw new ChainProviderError('sandbox: the chain refused the transfer', 'send', true);
      broadcast = { ...request, txHash: randomTxHash(request.network) };
      this.sent.set(request.clientTxId, broadcast);
    }
    if (this.failures.lostAnswer) throw new ChainProviderError('sandbox: the answer of the broadcast was lost', 'send');
    return { txHash: broadcast.txHash };
  }

  /** What the chain really sent, one entry per client tx id. */
  get broadcasts(): SandboxBroadcast[] {
    return [...this.sent.values()];
  }

  /**
   * Test hook: holds every broadcast at the chain's door (before anything is sent) until
   * `release()`, so a test can act while a payout is between its claim and its broadcast.
   */
  latch(): SendLatch {
    let open!: () => void;
    let arrived!: (request: SendRequest) => void;
    const reached = new Promise<SendRequest>((resolve) => (arrived = resolve));
    const held = { gate: new Promise<void>((resolve) => (open = resolve)), arrived };
    this.held = held;
    return {
      reached,
      release: () => {
        if (this.held === held) this.held = null;
        open();
      },
    };
  }

  onIncoming(listener: (t: IncomingTransfer) => Promise<void>): void {
    this.incomingListeners.push(listener);
  }

  onBlocks(listener: (e: { network: WalletNetwork; count: number; height: number }) => Promise<void>): void {
    this.blockListeners.push(listener);
  }

  height(network: WalletNetwork): number {
    return this.heights.get(network)!;
  }

  /** A transfer lands in the next block; it has 0 confirmations until that block is mined. */
  async simulateDeposit(
    input: Omit<IncomingTransfer, 'txHash' | 'blockHeight'> & { txHash?: string },
  ): Promise<IncomingTransfer> {
    const transfer: IncomingTransfer = {
      ...input,
      txHash: input.txHash ?? randomTxHash(input.network),
      blockHeight: this.height(input.network) + 1,
    };
    for (const listener of this.incomingListeners) await listener(transfer);
    return transfer;
  }

  /** Mines `blocks` on one network or all; serialised so confirmations are counted once each. */
  mine(blocks = 1, network?: WalletNetwork): Promise<void> {
    const run = async () => {
      for (const n of network ? [network] : WALLET_NETWORKS) {
        const height = this.height(n) + blocks;
        this.heights.set(n, height);
        for (const listener of this.blockListeners) await listener({ network: n, count: blocks, height });
      }
    };
    this.mining = this.mining.then(run, run);
    return this.mining;
  }

  /**
   * Mines a block every `blockIntervalMs`. With the app's job scheduler the blocks are mined by ONE
   * of the API processes (confirmations are counted in the database, so a timer in every process
   * would confirm deposits N times too fast); without it, by a timer of this instance.
   */
  start(jobs?: JobScheduler): void {
    if (jobs) {
      jobs.every('sandbox-chain.blocks', this.options.blockIntervalMs, () => this.mine(1));
      return;
    }
    if (this.options.blockIntervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => {
        this.mine(1).catch(() => undefined);
      }, this.options.blockIntervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
