import type { CryptoCurrency, DepositRecord } from '@cardwallet/shared/schemas';
import type { SqlDatabase } from '../../../ledger/sql';
import { canonicalAddress, isValidEvmAddress } from '../../../providers/chain/addresses';
import type { DevNode } from '../../../providers/chain/evm/devnode';
import type { EvmChain } from '../../../providers/chain/evm/index';
import { WalletError } from '../errors';
import { DEPOSIT_COLUMNS, toDeposit, type DepositRow } from '../records';

/**
 * Sandbox tools on the local development chain (CHAIN_EVM_DEV_NODE=1): what POST dev/chain/deposit
 * and dev/chain/mine do for ERC20 when a real chain is behind it, and what the demo seed uses. A
 * deposit is a real transaction from the node's faucet account, found by the provider's own scan.
 */
export class EvmDevTools {
  constructor(
    private readonly db: SqlDatabase,
    private readonly node: DevNode,
    private readonly evm: EvmChain,
  ) {}

  /** Faucet → one of our deposit addresses; answers the deposit as the wallet recorded it. */
  async deposit(input: { address: string; currency: CryptoCurrency; amount: string }): Promise<DepositRecord> {
    if (!isValidEvmAddress(input.address)) throw new WalletError('address_invalid');
    const address = canonicalAddress('ERC20', input.address);
    // Only to our own addresses: the faucet does not give tokens away to strangers.
    const [owner] = await this.db.query(
      `SELECT 1 FROM wallet_deposit_addresses WHERE network = 'ERC20' AND address = $1 AND currency = $2`,
      [address, input.currency],
    );
    if (!owner) throw new WalletError('address_not_found');
    let txHash: string;
    try {
      txHash = await this.node.faucetSend(input.currency as 'ETH' | 'USDT' | 'USDC', address, input.amount);
    } catch {
      throw new WalletError('operation_failed');
    }
    await this.evm.freshTick();
    const [row] = await this.db.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM wallet_deposits WHERE network = 'ERC20' AND tx_hash = $1`,
      [txHash],
    );
    if (!row) throw new WalletError('operation_failed');
    return toDeposit(row);
  }

  async hasDeposit(userId: string, currency: CryptoCurrency): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM wallet_deposits WHERE user_id = $1 AND network = 'ERC20' AND currency = $2 LIMIT 1`,
      [userId, currency],
    );
    return rows.length > 0;
  }

  confirmations(): number {
    return this.evm.requiredConfirmations();
  }

  /** Mines `blocks` on the dev chain and lets the provider see them (confirmations advance). */
  async mine(blocks: number): Promise<number> {
    const height = await this.node.mine(blocks);
    await this.evm.freshTick();
    return height;
  }
}
