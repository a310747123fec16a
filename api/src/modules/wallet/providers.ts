import type { Config } from '../../config.js';
import { SandboxChain } from '../../providers/chain/sandbox.js';
import { ChainProviderError, type ChainProvider } from '../../providers/chain/types.js';
import { SandboxRates } from '../../providers/rates/sandbox.js';
import type { RateProvider } from '../../providers/rates/types.js';

/** Documented sandbox default; outside sandbox WALLET_ADDRESS_SECRET is required. */
export const SANDBOX_ADDRESS_SECRET = 'cardwallet-sandbox-deposit-secret';

/**
 * Outside sandbox mode no real custody provider is wired yet: every chain call fails cleanly
 * (recharge_address_failed / operation_failed) instead of handing out addresses nobody watches.
 */
class UnconfiguredChain implements ChainProvider {
  readonly name = 'unconfigured';
  private fail(op: ChainProviderError['operation']): never {
    throw new ChainProviderError('no chain provider is configured', op);
  }
  async depositAddress(): Promise<string> {
    return this.fail('deposit_address');
  }
  requiredConfirmations(): number {
    return Number.MAX_SAFE_INTEGER;
  }
  async withdrawFee(): Promise<string> {
    return this.fail('fee');
  }
  async send(): Promise<{ txHash: string }> {
    return this.fail('send');
  }
  onIncoming(): void {}
  onBlocks(): void {}
  start(): void {}
  stop(): void {}
}

export interface WalletProviders {
  chain: ChainProvider;
  /** Present in sandbox mode: drives /api/dev/chain/*. */
  sandboxChain: SandboxChain | null;
  rates: RateProvider;
}

/**
 * Providers by configuration (read from the environment here so the shared config module stays
 * small): SANDBOX_CHAIN_BLOCK_MS (default 3000; 0 = blocks only via POST /api/dev/chain/mine),
 * WALLET_ADDRESS_SECRET, EXCHANGE_SPREAD (default 0.005).
 */
export function createWalletProviders(config: Config, env: NodeJS.ProcessEnv = process.env): WalletProviders {
  const spread = env.EXCHANGE_SPREAD && /^0(\.\d{1,6})?$/.test(env.EXCHANGE_SPREAD) ? env.EXCHANGE_SPREAD : '0.005';
  const rates = new SandboxRates(spread);
  if (!config.sandbox) return { chain: new UnconfiguredChain(), sandboxChain: null, rates };
  const blockMs = Number.parseInt(env.SANDBOX_CHAIN_BLOCK_MS ?? '3000', 10);
  const chain = new SandboxChain({
    addressSecret: env.WALLET_ADDRESS_SECRET || SANDBOX_ADDRESS_SECRET,
    blockIntervalMs: Number.isFinite(blockMs) && blockMs >= 0 ? blockMs : 3000,
  });
  return { chain, sandboxChain: chain, rates };
}

/**
 * Test hook: the sandbox chain of the app running on a database object (tests reach it through
 * their TestApp's `database` to pause broadcasts or switch failures). The newest app wins.
 */
const sandboxChains = new WeakMap<object, SandboxChain>();
export function registerSandboxChain(database: object, chain: SandboxChain): void {
  sandboxChains.set(database, chain);
}
export function sandboxChainOf(database: object): SandboxChain | undefined {
  return sandboxChains.get(database);
}
