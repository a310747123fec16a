import path from 'node:path';
import { API_DIR, type Config } from '../../../config.js';
import type { SqlDatabase } from '../../../ledger/sql.js';
import { SANDBOX_DEPOSIT_MNEMONIC, startDevNode, type DevNode } from '../../../providers/chain/evm/devnode.js';
import { EvmSweeper } from '../../../providers/chain/evm/sweeper.js';
import { EvmChain, type EvmLog } from '../../../providers/chain/evm/index.js';
import { RoutedChain } from '../../../providers/chain/routed.js';
import { SandboxChain } from '../../../providers/chain/sandbox.js';
import { ChainProviderError, type ChainProvider } from '../../../providers/chain/types.js';
import { SandboxRates } from '../../../providers/rates/sandbox.js';
import type { RateProvider } from '../../../providers/rates/types.js';

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
  /** The real EVM chain behind ERC20 (CHAIN_EVM_RPC_URL or the dev node), else null (sandbox). */
  evm: EvmChain | null;
  /** The local development chain the API started (CHAIN_EVM_DEV_NODE=1), stopped with the API. */
  devNode: DevNode | null;
  /** Sweeps deposit addresses into the hot wallet; only where the deposit seed is configured. */
  sweeper: EvmSweeper | null;
  rates: RateProvider;
}

/**
 * ERC20 on a real EVM chain when configured (docs/chain.md): CHAIN_EVM_RPC_URL (any network), or
 * CHAIN_EVM_DEV_NODE=1 in sandbox mode (a local chain started here, kept in DATA_DIR/../evm-devnode).
 * Bad EVM variables stop start-up with the list of problems (keys are never quoted).
 */
async function evmProviders(
  config: Config,
  deps: { db: SqlDatabase; log?: EvmLog },
): Promise<{ evm: EvmChain | null; devNode: DevNode | null; sweeper: EvmSweeper | null }> {
  const evmEnv = config.evm;
  if (evmEnv.problems.length)
    throw new Error(`Invalid EVM chain configuration:\n${evmEnv.problems.map((p) => `  - ${p}`).join('\n')}`);
  if (evmEnv.config) {
    const evm = new EvmChain(deps.db, evmEnv.config, deps.log);
    // The seed goes to the sweeper alone; the provider serving deposit addresses has the xpub only.
    return { evm, devNode: null, sweeper: evmEnv.sweep ? new EvmSweeper(deps.db, evm, evmEnv.sweep) : null };
  }
  if (!evmEnv.devNode) return { evm: null, devNode: null, sweeper: null };
  // Kept beside the PGlite data (the chain and the books belong together); with PostgreSQL in api/.data.
  const dbPath = config.databaseUrl
    ? path.join(API_DIR, '.data', 'evm-devnode')
    : path.join(path.dirname(config.dataDir), 'evm-devnode');
  const options = { port: evmEnv.devNode.port, blockMs: evmEnv.devNode.blockMs, dbPath };
  // A busy port (another node, a second checkout) must not stop `npm start`: any free loopback port.
  const devNode = await startDevNode(options).catch((e: NodeJS.ErrnoException) => {
    if (e?.code !== 'EADDRINUSE' && !/EADDRINUSE|address already in use/i.test(String(e?.message))) throw e;
    deps.log?.warn({ port: options.port }, 'evm dev node: port busy, using a free one');
    return startDevNode({ ...options, port: 0 });
  });
  const evm = new EvmChain(deps.db, devNode.config({ pollMs: 1000 }), deps.log);
  const sweeper =
    evmEnv.devNode.sweepMs > 0
      ? new EvmSweeper(deps.db, evm, { mnemonic: SANDBOX_DEPOSIT_MNEMONIC, intervalMs: evmEnv.devNode.sweepMs })
      : null;
  return { evm, devNode, sweeper };
}

/**
 * Providers by configuration (app.config: EXCHANGE_SPREAD, WALLET_ADDRESS_SECRET, CHAIN_EVM_*, and the
 * sandbox chain's block interval SANDBOX_CHAIN_BLOCK_MS), so two apps in one process (tests) can run
 * different settings.
 */
export async function createWalletProviders(
  config: Config,
  deps: { db: SqlDatabase; log?: EvmLog },
): Promise<WalletProviders> {
  const spread = config.exchangeSpread;
  const rates = new SandboxRates(spread);
  const { evm, devNode, sweeper } = await evmProviders(config, deps);
  if (evm) evm.usdMid = (currency) => rates.usdMid(currency);
  if (!config.sandbox) {
    const chain = evm ? new RoutedChain(new UnconfiguredChain(), { ERC20: evm }) : new UnconfiguredChain();
    return { chain, sandboxChain: null, evm, devNode, sweeper, rates };
  }
  const chain = new SandboxChain({
    addressSecret: config.walletAddressSecret ?? SANDBOX_ADDRESS_SECRET,
    blockIntervalMs: config.sandboxChainBlockMs,
  });
  return {
    chain: evm ? new RoutedChain(chain, { ERC20: evm }) : chain,
    sandboxChain: chain,
    evm,
    devNode,
    sweeper,
    rates,
  };
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

/** Test hook: the EVM chain provider of the app running on a database object (newest app wins). */
const evmChains = new WeakMap<object, EvmChain>();
export function registerEvmChain(database: object, chain: EvmChain): void {
  evmChains.set(database, chain);
}
export function evmChainOf(database: object): EvmChain | undefined {
  return evmChains.get(database);
}

/** Test hook: the sweeper of the app running on a database object (newest app wins). */
const evmSweepers = new WeakMap<object, EvmSweeper>();
export function registerEvmSweeper(database: object, sweeper: EvmSweeper): void {
  evmSweepers.set(database, sweeper);
}
export function evmSweeperOf(database: object): EvmSweeper | undefined {
  return evmSweepers.get(database);
}
