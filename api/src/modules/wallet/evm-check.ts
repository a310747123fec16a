import { Contract, formatUnits } from 'ethers';
import type { SqlRunner } from '../../ledger/sql';
import { money } from '../../ledger/money';
import type { EvmChain } from '../../providers/chain/evm/index';
import { rpcErrorText } from '../../providers/chain/evm/rpc';

export interface EvmHoldingsLine {
  currency: 'ETH' | 'USDT' | 'USDC';
  /** What customers hold of this currency in our books (every customer account, held amounts too). */
  customerBalances: string;
  /** Hot wallet + every deposit address, on chain at the latest block. */
  onChain: string;
  /** onChain − customerBalances (negative = we owe more than we hold). */
  difference: string;
}

/**
 * The on-chain check of `ledger:check` (docs/chain.md): per EVM asset, the sum of customer balances
 * must not exceed what the hot wallet and our deposit addresses hold on chain. USDT customers' books
 * include TRC20 USDT (sandboxed, not on this chain), so the USDT line is conservative. Balances are
 * read address by address (a deployment with many addresses would batch them through Multicall).
 */
export async function checkEvmHoldings(
  db: SqlRunner,
  evm: EvmChain,
): Promise<{ problems: string[]; lines: EvmHoldingsLine[] }> {
  const lines: EvmHoldingsLine[] = [];
  const problems: string[] = [];
  const keys = await db.query<{ address: string }>(`SELECT address FROM chain_evm_deposit_keys WHERE chain_id = $1`, [
    evm.config.chainId,
  ]);
  const addresses = [
    ...new Set([...(evm.sender.hotWalletAddress ? [evm.sender.hotWalletAddress] : []), ...keys.map((k) => k.address)]),
  ];
  const assets: Array<{ currency: EvmHoldingsLine['currency']; token: string | null; decimals: number }> = [
    { currency: 'ETH', token: null, decimals: 18 },
    ...(['USDT', 'USDC'] as const)
      .filter((c) => evm.config.tokens[c])
      .map((c) => ({ currency: c, token: evm.config.tokens[c], decimals: 6 })),
  ];
  for (const asset of assets) {
    let units = 0n;
    try {
      const token = asset.token
        ? new Contract(asset.token, ['function balanceOf(address) view returns (uint256)'], evm.rpc)
        : null;
      for (const address of addresses)
        units += token
          ? ((await token.getFunction('balanceOf')(address)) as bigint)
          : await evm.rpc.getBalance(address);
    } catch (e) {
      problems.push(`EVM ${asset.currency}: on-chain holdings could not be read (${rpcErrorText(e)})`);
      continue;
    }
    const [row] = await db.query<{ total: string }>(
      `SELECT COALESCE(sum(balance), 0)::text AS total FROM ledger_accounts WHERE user_id IS NOT NULL AND currency = $1`,
      [asset.currency],
    );
    const books = money(row!.total);
    const onChain = money(formatUnits(units, asset.decimals));
    const difference = onChain.minus(books);
    lines.push({
      currency: asset.currency,
      customerBalances: books.toFixed(),
      onChain: onChain.toFixed(),
      difference: difference.toFixed(),
    });
    if (difference.isNegative()) {
      problems.push(
        `EVM ${asset.currency}: customer balances ${books.toFixed()} exceed on-chain holdings ${onChain.toFixed()} (hot wallet + ${keys.length} deposit addresses) by ${difference.negated().toFixed()}`,
      );
    }
  }
  return { problems, lines };
}
