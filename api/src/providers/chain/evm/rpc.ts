import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { ChainProviderError } from '../types';

/**
 * An ethers JSON-RPC provider for a configured chain: the network is static (ethers does not probe
 * and retry in the background when the node is down; we check eth_chainId ourselves), answers are not
 * cached (confirmations need the real head), and every call times out after `timeoutMs`.
 */
export function rpcProvider(url: string, chainId: number, timeoutMs: number): JsonRpcProvider {
  const request = new FetchRequest(url);
  request.timeout = timeoutMs;
  return new JsonRpcProvider(request, Network.from(chainId), {
    staticNetwork: true,
    cacheTimeout: -1,
    batchMaxCount: 1,
  });
}

/** What the node's state is, for health and logs (never holds a key). */
export interface RpcHealth {
  ok: boolean;
  chainId: number | null;
  head: number | null;
  scanned: number | null;
  error: string | null;
  checkedAt: string | null;
}

/** Refuses a node on another chain: its blocks and nonces mean nothing for ours. */
export async function assertChainId(provider: JsonRpcProvider, expected: number): Promise<number> {
  const answer: unknown = await provider.send('eth_chainId', []);
  if (typeof answer !== 'string' || !/^0x[0-9a-f]+$/i.test(answer))
    throw new ChainProviderError(`RPC answered eth_chainId with garbage`, 'fee');
  const actual = Number(BigInt(answer));
  if (actual !== expected) throw new ChainProviderError(`RPC is on chain ${actual}, configured ${expected}`, 'fee');
  return actual;
}

/** Short, key-free text of an RPC failure (ethers errors carry the request; we keep the reason). */
export function rpcErrorText(e: unknown): string {
  const err = e as { shortMessage?: string; message?: string; code?: string };
  return (err.shortMessage ?? err.message ?? String(e)).slice(0, 300);
}
