import fs from 'node:fs';
import { z } from 'zod';

/** Blocks after which an ERC-20 deposit is final unless CHAIN_EVM_CONFIRMATIONS says otherwise (the sandbox chain's too). */
export const DEFAULT_ERC20_CONFIRMATIONS = 12;

/**
 * Configuration of the EVM chain provider (docs/chain.md), read from the environment:
 *
 * - CHAIN_EVM_RPC_URL — JSON-RPC endpoint (http/https). Set = the wallet's ERC20 network (ETH, USDT,
 *   USDC) talks to this chain; unset = the sandbox simulation (or the dev node, below).
 * - CHAIN_EVM_DEV_NODE=1 — sandbox only: the API starts a local development chain on loopback
 *   (ganache, in-process), deploys the USDT / USDC test tokens and mines blocks on an interval.
 * - CHAIN_EVM_CHAIN_ID — the chain the RPC must answer (a node on another chain is refused).
 * - CHAIN_EVM_USDT_ADDRESS, CHAIN_EVM_USDC_ADDRESS — ERC-20 contracts (6 decimals).
 * - CHAIN_EVM_CONFIRMATIONS — blocks after which a deposit is final (default 12).
 * - CHAIN_EVM_XPUB (+ CHAIN_EVM_XPUB_PATH, default m/44'/60'/0') — account-level extended PUBLIC key
 *   deposit addresses are derived from (…/0/i). The seed stays with the sweeping signer.
 * - CHAIN_EVM_HOT_WALLET_KEY or CHAIN_EVM_HOT_WALLET_KEY_FILE — the withdrawal signer's private key
 *   (0x + 64 hex). Never logged, never stored in the database.
 * - CHAIN_EVM_MAX_FEE_GWEI (default 200), CHAIN_EVM_GAS_LIMIT_CAP (default 150000) — caps.
 * - CHAIN_EVM_POLL_MS (default 2000), CHAIN_EVM_START_BLOCK (first scan; default head − 2 × confirmations).
 * - CHAIN_EVM_DEV_NODE_PORT (default 8545), CHAIN_EVM_DEV_BLOCK_MS (default 3000) — the dev node.
 * - CHAIN_EVM_SWEEP_MNEMONIC or CHAIN_EVM_SWEEP_MNEMONIC_FILE — the deposit seed, for the sweeper only
 *   (never part of EvmChainConfig: the deposit-serving path has the xpub alone); must match the xpub.
 *   CHAIN_EVM_SWEEP_MS (default 60000; 0 = no sweeping) — how often the sweep job runs.
 * - CHAIN_EVM_EXPLORER_URL — the chain's block explorer (https), for links in the wallet UI.
 */
export interface EvmChainConfig {
  rpcUrl: string;
  chainId: number;
  tokens: { USDT: string | null; USDC: string | null };
  confirmations: number;
  xpub: string;
  xpubPath: string;
  /** Loaded only where it signs; the value is never put in an error message or a log line. */
  hotWalletKey: string | null;
  maxFeeGwei: number;
  gasLimitCap: number;
  pollMs: number;
  startBlock: number | null;
  rpcTimeoutMs: number;
  /** Block explorer of this chain (e.g. https://sepolia.etherscan.io); unset = none (the dev chain). */
  explorerUrl?: string | null;
}

/** The sweeper's own configuration: the deposit seed lives here, never in EvmChainConfig. */
export interface EvmSweepConfig {
  /** BIP-39 phrase whose account key at xpubPath is CHAIN_EVM_XPUB. Never logged, never stored. */
  mnemonic: string;
  intervalMs: number;
}

export interface EvmEnv {
  /** undefined: no EVM chain configured (sandbox for ERC20). */
  config?: EvmChainConfig;
  /** Set when a deposit seed is configured (sweeping on). */
  sweep?: EvmSweepConfig;
  devNode?: { port: number; blockMs: number; sweepMs: number };
  problems: string[];
}

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
const int = (min: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be an integer').min(min, `must be ≥ ${min}`);
const schema = z.object({
  CHAIN_EVM_RPC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s):// JSON-RPC URL')
    .optional(),
  CHAIN_EVM_DEV_NODE: z.enum(['1', '0', 'true', 'false', 'on', 'off']).optional(),
  CHAIN_EVM_CHAIN_ID: int(1).optional(),
  CHAIN_EVM_USDT_ADDRESS: address.optional(),
  CHAIN_EVM_USDC_ADDRESS: address.optional(),
  CHAIN_EVM_CONFIRMATIONS: int(1).max(1000).optional(),
  CHAIN_EVM_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an extended public key (xpub…)')
    .optional(),
  CHAIN_EVM_XPUB_PATH: z
    .string()
    .regex(/^m(\/\d+'?)+$/, "must be a BIP-32 path such as m/44'/60'/0'")
    .default("m/44'/60'/0'"),
  CHAIN_EVM_HOT_WALLET_KEY: z.string().optional(),
  CHAIN_EVM_HOT_WALLET_KEY_FILE: z.string().optional(),
  CHAIN_EVM_MAX_FEE_GWEI: int(1).default(200),
  CHAIN_EVM_GAS_LIMIT_CAP: int(21_000).default(150_000),
  CHAIN_EVM_POLL_MS: int(100).default(2000),
  CHAIN_EVM_START_BLOCK: int(0).optional(),
  CHAIN_EVM_RPC_TIMEOUT_MS: int(100).default(10_000),
  CHAIN_EVM_DEV_NODE_PORT: int(0).max(65535).default(8545),
  CHAIN_EVM_DEV_BLOCK_MS: int(0).default(3000),
  CHAIN_EVM_SWEEP_MNEMONIC: z.string().optional(),
  CHAIN_EVM_SWEEP_MNEMONIC_FILE: z.string().optional(),
  CHAIN_EVM_SWEEP_MS: int(0).default(60_000),
  CHAIN_EVM_EXPLORER_URL: z
    .string()
    .regex(/^https:\/\/[^\s{}]+$/, 'must be an https:// URL')
    .optional(),
});

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;

/** Reads the hot wallet key from the variable or the file; problems never quote the key. */
function hotWalletKey(value: string | undefined, file: string | undefined, problems: string[]): string | null {
  let key = value?.trim();
  if (!key && file) {
    try {
      key = fs.readFileSync(file, 'utf8').trim();
    } catch {
      problems.push(`CHAIN_EVM_HOT_WALLET_KEY_FILE: cannot read ${file}`);
      return null;
    }
  }
  if (!key) return null;
  if (!PRIVATE_KEY.test(key)) {
    problems.push('CHAIN_EVM_HOT_WALLET_KEY: must be 0x followed by 64 hex digits (value not shown)');
    return null;
  }
  return key;
}

/** Reads the sweeper's seed from the variable or the file; problems never quote it. */
function sweepMnemonic(value: string | undefined, file: string | undefined, problems: string[]): string | null {
  let phrase = value?.trim();
  if (!phrase && file) {
    try {
      phrase = fs.readFileSync(file, 'utf8').trim();
    } catch {
      problems.push(`CHAIN_EVM_SWEEP_MNEMONIC_FILE: cannot read ${file}`);
      return null;
    }
  }
  if (!phrase) return null;
  if (!/^[a-z]+( [a-z]+){11,23}$/.test(phrase.replace(/\s+/g, ' '))) {
    problems.push('CHAIN_EVM_SWEEP_MNEMONIC: must be a BIP-39 phrase of 12–24 words (value not shown)');
    return null;
  }
  return phrase.replace(/\s+/g, ' ');
}

/**
 * The EVM part of the environment. `devNode` is returned in sandbox mode with CHAIN_EVM_DEV_NODE on
 * and no RPC URL: the caller starts the node and completes the config with its URL, tokens and keys.
 */
export function readEvmEnv(env: Record<string, string | undefined>, sandbox: boolean): EvmEnv {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k.startsWith('CHAIN_EVM_') && v !== undefined && v !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  const devNodeOn = ['1', 'true', 'on'].includes(e.CHAIN_EVM_DEV_NODE ?? '0');
  if (!e.CHAIN_EVM_RPC_URL) {
    if (!devNodeOn) return { problems };
    if (!sandbox) return { problems: ['CHAIN_EVM_DEV_NODE: the local development chain exists only in sandbox mode'] };
    return {
      devNode: { port: e.CHAIN_EVM_DEV_NODE_PORT, blockMs: e.CHAIN_EVM_DEV_BLOCK_MS, sweepMs: e.CHAIN_EVM_SWEEP_MS },
      problems,
    };
  }
  if (!e.CHAIN_EVM_CHAIN_ID) problems.push('CHAIN_EVM_CHAIN_ID: is required with CHAIN_EVM_RPC_URL');
  if (!e.CHAIN_EVM_XPUB)
    problems.push('CHAIN_EVM_XPUB: is required with CHAIN_EVM_RPC_URL (deposit addresses come from it)');
  const key = hotWalletKey(e.CHAIN_EVM_HOT_WALLET_KEY, e.CHAIN_EVM_HOT_WALLET_KEY_FILE, problems);
  const phrase = sweepMnemonic(e.CHAIN_EVM_SWEEP_MNEMONIC, e.CHAIN_EVM_SWEEP_MNEMONIC_FILE, problems);
  if (phrase && !key)
    problems.push('CHAIN_EVM_SWEEP_MNEMONIC: sweeping needs the hot wallet key (gas top-ups, destination)');
  if (problems.length) return { problems };
  return {
    ...(phrase && e.CHAIN_EVM_SWEEP_MS > 0 ? { sweep: { mnemonic: phrase, intervalMs: e.CHAIN_EVM_SWEEP_MS } } : {}),
    config: {
      rpcUrl: e.CHAIN_EVM_RPC_URL,
      chainId: e.CHAIN_EVM_CHAIN_ID!,
      tokens: { USDT: e.CHAIN_EVM_USDT_ADDRESS ?? null, USDC: e.CHAIN_EVM_USDC_ADDRESS ?? null },
      confirmations: e.CHAIN_EVM_CONFIRMATIONS ?? DEFAULT_ERC20_CONFIRMATIONS,
      xpub: e.CHAIN_EVM_XPUB!,
      xpubPath: e.CHAIN_EVM_XPUB_PATH,
      hotWalletKey: key,
      maxFeeGwei: e.CHAIN_EVM_MAX_FEE_GWEI,
      gasLimitCap: e.CHAIN_EVM_GAS_LIMIT_CAP,
      pollMs: e.CHAIN_EVM_POLL_MS,
      startBlock: e.CHAIN_EVM_START_BLOCK ?? null,
      rpcTimeoutMs: e.CHAIN_EVM_RPC_TIMEOUT_MS,
      explorerUrl: e.CHAIN_EVM_EXPLORER_URL ?? null,
    },
    problems,
  };
}
