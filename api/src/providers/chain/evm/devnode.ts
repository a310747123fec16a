import { createRequire } from 'node:module';
import {
  ContractFactory,
  FetchRequest,
  HDNodeWallet,
  JsonRpcProvider,
  Mnemonic,
  Network,
  getCreateAddress,
  parseUnits,
  sha256,
  toUtf8Bytes,
} from 'ethers';
import type { EvmChainConfig } from './config';
import tokenArtifact from './contracts/TestToken.json' with { type: 'json' };

/**
 * The local development chain (sandbox only, CHAIN_EVM_DEV_NODE=1, and the tests): ganache 7 run
 * in-process and listening on loopback, so the server and the provider talk JSON-RPC to it exactly
 * as to a public node. Hardhat 3 / EDR were the first choice but refuse Node 20 (they need ≥ 22);
 * see docs/chain.md. Every key below is a documented sandbox key — worthless anywhere else.
 */

/** Ganache's deterministic mnemonic: account 0 is the faucet (deploys and mints), 1 the hot wallet. */
export const DEV_NODE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
/** The sandbox's deposit seed (separate from the node's accounts); only the xpub goes to the API. */
export const SANDBOX_DEPOSIT_MNEMONIC = Mnemonic.fromEntropy(
  sha256(toUtf8Bytes('cardwallet-sandbox-evm-deposits')).slice(0, 34),
).phrase;
export const DEV_CHAIN_ID = 1337;
const ACCOUNT_PATH = "m/44'/60'/0'";

export function devAccount(index: number): HDNodeWallet {
  return HDNodeWallet.fromPhrase(DEV_NODE_MNEMONIC, undefined, `${ACCOUNT_PATH}/0/${index}`);
}
export function sandboxDepositXpub(): string {
  return HDNodeWallet.fromPhrase(SANDBOX_DEPOSIT_MNEMONIC, undefined, ACCOUNT_PATH).neuter().extendedKey;
}
/** The signer of a sandbox deposit address (sweeping, tests): re-derived from its recorded path. */
export function sandboxDepositSigner(path: string): HDNodeWallet {
  return HDNodeWallet.fromPhrase(SANDBOX_DEPOSIT_MNEMONIC, undefined, path);
}

export interface DevNode {
  url: string;
  port: number;
  chainId: number;
  tokens: { USDT: string; USDC: string };
  faucet: HDNodeWallet;
  hotWallet: HDNodeWallet;
  /** An ethers provider on the node (tests: evm_mine, evm_snapshot …). */
  provider: JsonRpcProvider;
  /** Config for the EVM provider pointed at this node. */
  config(overrides?: Partial<EvmChainConfig>): EvmChainConfig;
  /** Sends ETH or a test token from the faucet; answers the tx hash (mined at once, instamine). */
  faucetSend(currency: 'ETH' | 'USDT' | 'USDC', to: string, amount: string): Promise<string>;
  mine(blocks?: number): Promise<number>;
  close(): Promise<void>;
}

interface GanacheServer {
  listen(port: number, host: string): Promise<void>;
  close(): Promise<void>;
  address(): { port: number };
}

export interface DevNodeOptions {
  /** 0 = any free port. */
  port?: number;
  /** Mine an (empty) block this often; 0 = only when transactions arrive or `mine` is called. */
  blockMs?: number;
  /** Keep the chain between starts in this folder (the server); unset = in memory (tests). */
  dbPath?: string;
}

/** Starts the node, deploys the two tokens (once per chain) and funds the hot wallet with them. */
export async function startDevNode(options: DevNodeOptions = {}): Promise<DevNode> {
  const require = createRequire(import.meta.url);
  const ganache = require('ganache') as { server(o: unknown): GanacheServer };
  const server = ganache.server({
    chain: { chainId: DEV_CHAIN_ID, hardfork: 'shanghai' },
    wallet: { mnemonic: DEV_NODE_MNEMONIC, totalAccounts: 4, defaultBalance: 1_000_000 },
    miner: { blockTime: 0 },
    logging: { quiet: true },
    ...(options.dbPath ? { database: { dbPath: options.dbPath } } : {}),
  });
  await server.listen(options.port ?? 0, '127.0.0.1');
  const port = server.address().port;
  const url = `http://127.0.0.1:${port}`;
  const request = new FetchRequest(url);
  request.timeout = 10_000;
  const provider = new JsonRpcProvider(request, Network.from(DEV_CHAIN_ID), {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 200,
  });
  const faucet = devAccount(0);
  const hotWallet = devAccount(1);
  // A plain wallet (no nonce cache): it asks the node for its nonce on each send, so a test's
  // evm_revert cannot leave it ahead of the chain.
  const signer = faucet.connect(provider);
  const tokens = {
    USDT: await ensureToken(provider, signer, faucet.address, 0, 'Tether USD (dev chain)', 'USDT', hotWallet.address),
    USDC: await ensureToken(provider, signer, faucet.address, 1, 'USD Coin (dev chain)', 'USDC', hotWallet.address),
  };
  const mine = async (blocks = 1) => {
    for (let i = 0; i < blocks; i++) await provider.send('evm_mine', []);
    return Number(await provider.send('eth_blockNumber', []));
  };
  let timer: NodeJS.Timeout | null = null;
  if (options.blockMs && options.blockMs > 0) {
    timer = setInterval(() => void mine(1).catch(() => undefined), options.blockMs);
    timer.unref();
  }
  const abi = tokenArtifact.abi;
  return {
    url,
    port,
    chainId: DEV_CHAIN_ID,
    tokens,
    faucet,
    hotWallet,
    provider,
    config: (overrides = {}) => ({
      rpcUrl: url,
      chainId: DEV_CHAIN_ID,
      tokens,
      confirmations: 12,
      xpub: sandboxDepositXpub(),
      xpubPath: ACCOUNT_PATH,
      hotWalletKey: hotWallet.privateKey,
      maxFeeGwei: 200,
      gasLimitCap: 150_000,
      pollMs: 1000,
      startBlock: 0,
      rpcTimeoutMs: 10_000,
      ...overrides,
    }),
    async faucetSend(currency, to, amount) {
      if (currency === 'ETH') {
        const tx = await signer.sendTransaction({ to, value: parseUnits(amount, 18) });
        return tx.hash;
      }
      const token = new ContractFactory(abi, tokenArtifact.bytecode, signer).attach(tokens[currency]) as unknown as {
        mint(to: string, value: bigint): Promise<{ hash: string }>;
      };
      // Minted straight to the address: a Transfer(0x0 → to) log, as a real token transfer emits.
      const tx = await token.mint(to, parseUnits(amount, 6));
      return tx.hash;
    },
    mine,
    async close() {
      if (timer) clearInterval(timer);
      provider.destroy();
      await server.close();
    },
  };
}

async function ensureToken(
  provider: JsonRpcProvider,
  signer: HDNodeWallet,
  deployer: string,
  nonce: number,
  name: string,
  symbol: string,
  hotWallet: string,
): Promise<string> {
  const expected = getCreateAddress({ from: deployer, nonce });
  if ((await provider.getCode(expected)) !== '0x') return expected;
  const factory = new ContractFactory(tokenArtifact.abi, tokenArtifact.bytecode, signer);
  const contract = await factory.deploy(name, symbol);
  await contract.waitForDeployment();
  const address = await contract.getAddress();
  const mint = contract.getFunction('mint');
  await (await mint(hotWallet, parseUnits('1000000', 6))).wait();
  return address;
}
