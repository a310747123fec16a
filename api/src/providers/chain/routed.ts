import type { CryptoCurrency, WalletNetwork } from '@cardwallet/shared/schemas';
import type { JobScheduler } from '../../jobs/background-jobs';
import type { SqlRunner } from '../../ledger/sql';
import type { BlocksEvent, ChainProvider, IncomingTransfer, SendRequest } from './types';

/**
 * One ChainProvider made of one per network: ERC20 on a real EVM chain, the networks that cannot
 * run on this machine (TRC20, BTC) on the sandbox. Events of a provider are passed on only for the
 * networks it serves here, so the sandbox's simulated ERC20 blocks never confirm real deposits.
 */
export class RoutedChain implements ChainProvider {
  readonly name: string;

  constructor(
    private readonly fallback: ChainProvider,
    private readonly routes: Partial<Record<WalletNetwork, ChainProvider>>,
  ) {
    this.name = [...new Set([...Object.values(routes).map((p) => p!.name), fallback.name])].join('+');
  }

  private of(network: WalletNetwork): ChainProvider {
    return this.routes[network] ?? this.fallback;
  }

  private serves(provider: ChainProvider, network: WalletNetwork): boolean {
    return this.of(network) === provider;
  }

  private providers(): ChainProvider[] {
    return [...new Set([this.fallback, ...Object.values(this.routes).map((p) => p!)])];
  }

  depositAddress(input: { userId: string; currency: CryptoCurrency; network: WalletNetwork }): Promise<string> {
    return this.of(input.network).depositAddress(input);
  }
  requiredConfirmations(network: WalletNetwork): number {
    return this.of(network).requiredConfirmations(network);
  }
  withdrawFee(currency: CryptoCurrency, network: WalletNetwork): Promise<string> {
    return this.of(network).withdrawFee(currency, network);
  }
  async checkDestination(network: WalletNetwork, address: string): Promise<void> {
    await this.of(network).checkDestination?.(network, address);
  }
  send(request: SendRequest, tx?: SqlRunner): Promise<{ txHash: string }> {
    return this.of(request.network).send(request, tx);
  }
  onIncoming(listener: (t: IncomingTransfer) => Promise<void>): void {
    for (const p of this.providers())
      p.onIncoming((t) => (this.serves(p, t.network) ? listener(t) : Promise.resolve()));
  }
  onBlocks(listener: (e: BlocksEvent) => Promise<void>): void {
    for (const p of this.providers()) p.onBlocks((e) => (this.serves(p, e.network) ? listener(e) : Promise.resolve()));
  }
  onReorg(listener: (e: { network: WalletNetwork; fromHeight: number }) => Promise<void>): void {
    for (const p of this.providers()) p.onReorg?.((e) => (this.serves(p, e.network) ? listener(e) : Promise.resolve()));
  }
  start(jobs?: JobScheduler): void {
    for (const p of this.providers()) p.start(jobs);
  }
  stop(): void {
    for (const p of this.providers()) p.stop();
  }
}
