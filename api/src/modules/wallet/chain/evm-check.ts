import { Contract, formatUnits } from 'ethers';
import type { SqlRunner } from '../../../ledger/sql';
import { money } from '../../../ledger/money';
import type { EvmChain } from '../../../providers/chain/evm/index';
import { rpcErrorText } from '../../../providers/chain/evm/rpc';

export interface EvmHoldingsLine {
  currency: 'ETH' | 'USDT' | 'USDC';
  /** What customers hold of this currency in our books (every customer account, held amounts too). */
  customerBalances: string;
  /** Hot wallet + every deposit address, on chain at the latest block. */
  onChain: string;
  /** Of which the hot wallet (swept deposits and the house's own funds). */
  hotWallet: string;
  /** Of which the deposit addresses (deposits not swept yet, gas left over from sweeps). */
  depositAddresses: string;
  /** What the books say the deposit addresses hold (−system:chain_deposit_addresses:<CUR>:ERC20). */
  depositAddressesInBooks: string;
  /**
   * Credited deposits in sweeps signed or broadcast but not settled yet (for ETH also the most the
   * token sweeps' gas can burn): they may have left the deposit addresses already (mined, not at the
   * required depth) while the books place them there until the sweep settles. The deposit-address
   * rule allows for them.
   */
  sweepsInFlight: string;
  /** What the books say the hot wallet gained from customers' money (−system:chain_hot_wallet:<CUR>:ERC20). */
  hotWalletInBooks: string;
  /**
   * onChain − (hotWalletInBooks + depositAddressesInBooks): what is on chain that no posting put
   * there — the house's own capital put into the hot wallet outside the books. Every movement of ours
   * is booked, gas included (docs/ledger.md "Network fees"), so this stays constant to the wei; it
   * moves only when someone funds or drains the hot wallet outside the books, with unbooked
   * arrivals (dust below the threshold, deposits still confirming), and while sends and sweeps are in
   * flight (their gas and moves are booked when they settle at the required depth).
   */
  houseFunds: string;
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
  const hot = evm.sender.hotWalletAddress;
  const addresses = [...new Set(keys.map((k) => k.address).filter((a) => a !== hot))];
  const assets: Array<{ currency: EvmHoldingsLine['currency']; token: string | null; decimals: number }> = [
    { currency: 'ETH', token: null, decimals: 18 },
    ...(['USDT', 'USDC'] as const)
      .filter((c) => evm.config.tokens[c])
      .map((c) => ({ currency: c, token: evm.config.tokens[c], decimals: 6 })),
  ];
  // Per currency: the claimed amounts; in ETH also the most a token sweep's gas can burn there.
  const inFlight = new Map<string, ReturnType<typeof money>>();
  const open = await db.query<{ currency: string; amount: string; gas_wei: string }>(
    `SELECT currency, amount::text AS amount, (gas_limit * max_fee_per_gas)::text AS gas_wei FROM chain_evm_sweeps
     WHERE chain_id = $1 AND status IN ('signed', 'broadcast')`,
    [evm.config.chainId],
  );
  const addInFlight = (currency: string, amount: string) =>
    inFlight.set(currency, (inFlight.get(currency) ?? money('0')).plus(amount));
  for (const o of open) {
    addInFlight(o.currency, o.amount);
    if (o.currency !== 'ETH') addInFlight('ETH', formatUnits(BigInt(o.gas_wei), 18));
  }
  for (const asset of assets) {
    let deposited = 0n;
    let hotUnits = 0n;
    try {
      const token = asset.token
        ? new Contract(asset.token, ['function balanceOf(address) view returns (uint256)'], evm.rpc)
        : null;
      const read = async (address: string) =>
        token ? ((await token.getFunction('balanceOf')(address)) as bigint) : await evm.rpc.getBalance(address);
      for (const address of addresses) deposited += await read(address);
      if (hot) hotUnits = await read(hot);
    } catch (e) {
      problems.push(`EVM ${asset.currency}: on-chain holdings could not be read (${rpcErrorText(e)})`);
      continue;
    }
    const [row] = await db.query<{ total: string }>(
      `SELECT COALESCE(sum(balance), 0)::text AS total FROM ledger_accounts WHERE user_id IS NOT NULL AND currency = $1`,
      [asset.currency],
    );
    const booked = async (kind: 'chain_deposit_addresses' | 'chain_hot_wallet') =>
      money(
        (
          await db.query<{ total: string }>(
            `SELECT COALESCE(sum(balance), 0)::text AS total FROM ledger_accounts WHERE key = $1`,
            [`system:${kind}:${asset.currency}:ERC20`],
          )
        )[0]!.total,
      ).negated();
    const books = money(row!.total);
    const atDeposits = money(formatUnits(deposited, asset.decimals));
    const depositsInBooks = await booked('chain_deposit_addresses');
    const hotInBooks = await booked('chain_hot_wallet');
    const sweeping = inFlight.get(asset.currency) ?? money('0');
    const onChain = atDeposits.plus(formatUnits(hotUnits, asset.decimals));
    const difference = onChain.minus(books);
    lines.push({
      currency: asset.currency,
      customerBalances: books.toFixed(),
      onChain: onChain.toFixed(),
      hotWallet: money(formatUnits(hotUnits, asset.decimals)).toFixed(),
      depositAddresses: atDeposits.toFixed(),
      depositAddressesInBooks: depositsInBooks.toFixed(),
      sweepsInFlight: sweeping.toFixed(),
      hotWalletInBooks: hotInBooks.toFixed(),
      houseFunds: onChain.minus(hotInBooks).minus(depositsInBooks).toFixed(),
      difference: difference.toFixed(),
    });
    // Unswept deposits must still be where the books say (a sweep that moved more, or a key used
    // outside the sweeper, shows here even while the hot wallet's own funds cover the total).
    // (less what open sweeps may have moved already: booked when they settle).
    const owed = depositsInBooks.minus(sweeping);
    if (atDeposits.lt(owed))
      problems.push(
        `EVM ${asset.currency}: the books say deposit addresses hold ${depositsInBooks.toFixed()}${sweeping.isZero() ? '' : ` (${sweeping.toFixed()} of it in sweeps under way)`}, on chain they hold ${atDeposits.toFixed()} (short by ${owed.minus(atDeposits).toFixed()})`,
      );
    if (difference.isNegative()) {
      problems.push(
        `EVM ${asset.currency}: customer balances ${books.toFixed()} exceed on-chain holdings ${onChain.toFixed()} (hot wallet + ${keys.length} deposit addresses) by ${difference.negated().toFixed()}`,
      );
    }
  }
  return { problems, lines };
}
