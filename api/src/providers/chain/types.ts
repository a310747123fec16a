import type { CryptoCurrency, WalletNetwork } from '@cardwallet/shared/schemas';
import type { JobScheduler } from '../../jobs/background-jobs';
import type { SqlRunner } from '../../ledger/sql';

/** A transfer seen on chain towards one of our deposit addresses. */
export interface IncomingTransfer {
  network: WalletNetwork;
  currency: CryptoCurrency;
  address: string;
  /** Decimal string in the currency's units. */
  amount: string;
  txHash: string;
  /** Block the transfer was included in. */
  blockHeight: number;
}

export interface SendRequest {
  network: WalletNetwork;
  currency: CryptoCurrency;
  to: string;
  amount: string;
  /**
   * Client-side transaction id (our withdrawal id): the provider's idempotency key. A broadcast
   * retried with the same id — after a timeout, a lost answer or our own crash — answers the
   * first broadcast's tx hash and never sends a second time.
   */
  clientTxId: string;
}

export interface BlocksEvent {
  network: WalletNetwork;
  count: number;
  height: number;
  realHeight?: boolean;
}

/**
 * The provider refused or could not be reached: callers map it to a translated error.
 * `definitive` (send only): the chain refused this transfer for good (invalid destination, asset
 * frozen …) and nothing was or will be sent under its client tx id — the payout may be refunded.
 * Anything else (timeouts, 5xx, unknown) is transient: the broadcast is retried with the same id.
 */
export class ChainProviderError extends Error {
  override readonly name = 'ChainProviderError';
  constructor(
    message: string,
    readonly operation: 'deposit_address' | 'send' | 'fee',
    readonly definitive = false,
  ) {
    super(message);
  }
}

/**
 * What the wallet needs from a blockchain back end (custody/node provider). The sandbox below
 * behaves like one: deterministic addresses, blocks, confirmations, tx hashes and failures.
 */
export interface ChainProvider {
  readonly name: string;
  /** Stable deposit address for the user, currency and network; throws ChainProviderError. */
  depositAddress(input: { userId: string; currency: CryptoCurrency; network: WalletNetwork }): Promise<string>;
  /** Confirmations after which a deposit is credited. */
  requiredConfirmations(network: WalletNetwork): number;
  /** Network fee charged to the customer for a withdrawal (decimal string, in `currency`). */
  withdrawFee(currency: CryptoCurrency, network: WalletNetwork): Promise<string>;
  /**
   * Refuses a withdrawal destination the chain says cannot take it (EVM: a contract) by throwing a
   * definitive ChainProviderError; an unreachable chain throws a transient one (checked again when
   * the payout is signed). Optional: the sandbox has nothing to check.
   */
  checkDestination?(network: WalletNetwork, address: string): Promise<void>;
  /**
   * Broadcasts a withdrawal; idempotent on `clientTxId`; throws ChainProviderError (see `definitive`).
   * `tx`: the payout's transaction. A provider that keeps state (the EVM one: nonce, signed tx) writes
   * it there, so it commits with the payout or not at all, and broadcasts only after the commit.
   */
  send(request: SendRequest, tx?: SqlRunner): Promise<{ txHash: string }>;
  /** Incoming transfers to any address (the wallet decides whether the address is ours). */
  onIncoming(listener: (transfer: IncomingTransfer) => Promise<void>): void;
  /**
   * New blocks (`count` ≥ 1) on a network. `realHeight`: `height` is a real chain's block number, so
   * confirmations are `height − block + 1` (not a count of events, which a restart would lose).
   */
  onBlocks(listener: (event: BlocksEvent) => Promise<void>): void;
  /**
   * Blocks from `fromHeight` on left the chain (a reorganisation): transfers recorded from them are not
   * final any more; the provider re-reports those the new chain includes. Only real chains have it.
   */
  onReorg?(listener: (event: { network: WalletNetwork; fromHeight: number }) => Promise<void>): void;
  /** Starts watching the chain; periodic work goes through `jobs` so it runs in one API process. */
  start(jobs?: JobScheduler): void;
  stop(): void;
}
