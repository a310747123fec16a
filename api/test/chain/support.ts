import http from 'node:http';
import { ContractFactory, JsonRpcProvider, Transaction, Wallet, formatUnits, toQuantity } from 'ethers';
import tokenArtifact from '../../src/providers/chain/evm/contracts/TestToken.json' with { type: 'json' };
import { startDevNode, type DevNode } from '../../src/providers/chain/evm/devnode';

/**
 * An RPC in front of the dev node that a test can break: `down` refuses every call (the node is
 * unreachable), `dropAnswers` forwards a method but loses its answer (the node did it, we never heard),
 * `answers` replaces a method's result (a node on another chain, garbage).
 *
 * `mempool.hold`: a node whose pool does not get mined (congestion). Raw transactions are kept, one
 * per sender and nonce, as a real node's pool keeps them: a new one with that nonce replaces the held
 * one only with ≥ 10 % higher fees ("replacement transaction underpriced" otherwise), the same bytes
 * again are "already known", and a held transaction is visible as pending. `release()` hands the
 * survivors to the node, which mines them. (Ganache 7.9.2's own pool mines BOTH transactions of one
 * nonce after miner_stop — docs/chain.md — so it cannot show a replacement honestly.)
 */
export interface FlakyRpc {
  url: string;
  down: boolean;
  dropAnswers: Set<string>;
  answers: Map<string, unknown>;
  /** Answers 2 s late (a node that hangs): the caller's own timeout must end the call. */
  slow: boolean;
  mempool: {
    hold: boolean;
    /** Every version seen per sender:nonce, oldest first; the last one is the pool's. */
    held: Map<string, string[]>;
    /** Sends the pool's transactions to the node (`first`: the oldest version of each nonce wins instead). */
    release(winner?: 'pool' | 'first'): Promise<string[]>;
  };
  close(): Promise<void>;
}

function pendingJson(raw: string) {
  const t = Transaction.from(raw);
  return {
    hash: t.hash,
    type: toQuantity(t.type ?? 2),
    chainId: toQuantity(t.chainId),
    nonce: toQuantity(t.nonce),
    from: t.from,
    to: t.to,
    value: toQuantity(t.value),
    input: t.data,
    gas: toQuantity(t.gasLimit),
    maxFeePerGas: toQuantity(t.maxFeePerGas ?? 0n),
    maxPriorityFeePerGas: toQuantity(t.maxPriorityFeePerGas ?? 0n),
    gasPrice: toQuantity(t.maxFeePerGas ?? 0n),
    accessList: [],
    blockHash: null,
    blockNumber: null,
    transactionIndex: null,
    v: toQuantity(t.signature!.yParity),
    yParity: toQuantity(t.signature!.yParity),
    r: t.signature!.r,
    s: t.signature!.s,
  };
}

export async function flakyRpc(target: string): Promise<FlakyRpc> {
  const forward = async (body: string) =>
    fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const held = new Map<string, string[]>();
  const pool = () => [...held.values()].map((versions) => versions[versions.length - 1]!);
  const mempool = {
    hold: false,
    held,
    async release(winner: 'pool' | 'first' = 'pool') {
      const out = winner === 'first' ? [...held.values()].map((v) => v[0]!) : pool();
      held.clear();
      for (const raw of out)
        await forward(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] }));
      return out.map((raw) => Transaction.from(raw).hash!);
    },
  };
  /** The held pool's answer to a call, or undefined to ask the node. */
  const fromPool = (method: string, params: unknown[]): { result?: unknown; error?: unknown } | undefined => {
    if (method === 'eth_getTransactionByHash') {
      const raw = pool().find((r) => Transaction.from(r).hash === params[0]);
      return raw ? { result: pendingJson(raw) } : undefined;
    }
    if (method !== 'eth_sendRawTransaction' || !mempool.hold) return undefined;
    const raw = params[0] as string;
    const t = Transaction.from(raw);
    const key = `${t.from}:${t.nonce}`;
    const versions = held.get(key) ?? [];
    const current = versions.length ? Transaction.from(versions[versions.length - 1]!) : null;
    if (current?.hash === t.hash) return { error: { code: -32000, message: 'already known' } };
    if (
      current &&
      (t.maxFeePerGas! * 10n < current.maxFeePerGas! * 11n ||
        t.maxPriorityFeePerGas! * 10n < current.maxPriorityFeePerGas! * 11n)
    )
      return { error: { code: -32000, message: 'replacement transaction underpriced' } };
    held.set(key, [...versions, raw]);
    return { result: t.hash };
  };
  const state = {
    down: false,
    slow: false,
    dropAnswers: new Set<string>(),
    answers: new Map<string, unknown>(),
    mempool,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (state.down) return void req.socket.destroy();
      if (state.slow) await new Promise((r) => setTimeout(r, 2000));
      const body = Buffer.concat(chunks);
      try {
        const call = JSON.parse(body.toString()) as { id?: unknown; method?: string; params?: unknown[] };
        const method = call.method ?? '';
        const reply = (answer: object) =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, ...answer }));
        if (state.answers.has(method)) return void reply({ result: state.answers.get(method) });
        const pooled = fromPool(method, call.params ?? []);
        if (pooled) return void reply(pooled);
        const answer = await forward(body.toString());
        const text = await answer.text();
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
