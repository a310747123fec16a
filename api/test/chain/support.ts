import http from 'node:http';
import { ContractFactory, JsonRpcProvider, Wallet, formatUnits } from 'ethers';
import tokenArtifact from '../../src/providers/chain/evm/contracts/TestToken.json' with { type: 'json' };
import { startDevNode, type DevNode } from '../../src/providers/chain/evm/devnode';

/**
 * An RPC in front of the dev node that a test can break: `down` refuses every call (the node is
 * unreachable), `dropAnswers` forwards a method but loses its answer (the node did it, we never heard).
 */
export interface FlakyRpc {
  url: string;
  down: boolean;
  dropAnswers: Set<string>;
  close(): Promise<void>;
}

export async function flakyRpc(target: string): Promise<FlakyRpc> {
  const state = { down: false, dropAnswers: new Set<string>() };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (state.down) return void req.socket.destroy();
      const body = Buffer.concat(chunks);
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await answer.text();
        const method = (JSON.parse(body.toString()) as { method?: string }).method ?? '';
        if (state.dropAnswers.has(method)) return void req.socket.destroy();
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      } catch {
        req.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FlakyRpc;
}

export async function tokenBalance(node: DevNode, currency: 'USDT' | 'USDC', address: string): Promise<string> {
  const token = new ContractFactory(tokenArtifact.abi, tokenArtifact.bytecode)
    .attach(node.tokens[currency])
    .connect(node.provider) as unknown as {
    balanceOf(a: string): Promise<bigint>;
  };
  return formatUnits(await token.balanceOf(address), 6);
}

/** Environment that points the API's EVM provider at `rpcUrl` (the node or a proxy in front of it). */
export function evmEnv(node: DevNode, rpcUrl: string, confirmations = 3): Record<string, string> {
  const c = node.config();
  return {
    CHAIN_EVM_RPC_URL: rpcUrl,
    CHAIN_EVM_CHAIN_ID: String(node.chainId),
    CHAIN_EVM_USDT_ADDRESS: node.tokens.USDT,
    CHAIN_EVM_USDC_ADDRESS: node.tokens.USDC,
    CHAIN_EVM_CONFIRMATIONS: String(confirmations),
    CHAIN_EVM_XPUB: c.xpub,
    CHAIN_EVM_HOT_WALLET_KEY: c.hotWalletKey!,
    // Ticks are driven by the tests (no timer in the way of exact confirmation counts).
    CHAIN_EVM_POLL_MS: '3600000',
    CHAIN_EVM_START_BLOCK: '0',
    CHAIN_EVM_RPC_TIMEOUT_MS: '15000',
  };
}

export { startDevNode, JsonRpcProvider, Wallet };
