import { randomUUID } from 'node:crypto';
import { ResultCode, paginate, type Paginated } from '@cardwallet/shared';
import {
  CURRENCY_DEFINITIONS,
  isNetworkOf,
  type CryptoCurrency,
  type DepositRecord,
  type WalletNetwork,
} from '@cardwallet/shared/schemas';
import { fitsCurrency, format, money } from '../../ledger/money';
import * as postings from '../../ledger/posting';
import { post } from '../../ledger/store';
import { withRetry } from '../../ledger/sql';
import { canonicalAddress, isValidAddress } from '../../providers/chain/addresses';
import { ChainProviderError, type IncomingTransfer } from '../../providers/chain/types';
import { WalletError } from './errors';
import { DEPOSIT_COLUMNS, toDeposit, type DepositRow, type Page } from './records';
import type { WalletDeps } from './deps';

/** Deposits: stable addresses, transfers seen on chain, confirmations, the credit (once). */
export class Deposits {
  constructor(private readonly deps: WalletDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Subscribes to the chain provider: incoming transfers are recorded, blocks confirm them. */
  attachChain(): void {
    this.deps.chain.onIncoming((t) => this.recordIncoming(t).then(() => undefined));
    this.deps.chain.onBlocks((e) =>
      this.confirm(e.network, e.count, e.realHeight ? e.height : undefined).then(() => undefined),
    );
    this.deps.chain.onReorg?.((e) => this.reorganised(e.network, e.fromHeight).then(() => undefined));
  }

  /**
   * Blocks from `fromHeight` on left the chain: deposits from them still confirming are not credited
   * (reason 'reorged', confirmations back to 0). If the new chain includes the same transaction the
   * provider reports it again and `recordIncoming` revives the row at its new height. Credited ones
   * are final (the provider only credits past the required depth) and left alone.
   */
  async reorganised(network: WalletNetwork, fromHeight: number): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `UPDATE wallet_deposits SET status = 'not_credited', reason = 'reorged', confirmations = 0
       WHERE network = $1 AND status = 'confirming' AND block_height >= $2 RETURNING id`,
      [network, fromHeight],
    );
    return rows.length;
  }

  async rechargeAddress(userId: string, currency: CryptoCurrency, network: WalletNetwork) {
    if (!isNetworkOf(currency, network)) throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    const result = (address: string) => ({
      currency,
      network,
      address,
      depositCreditThreshold: CURRENCY_DEFINITIONS[currency].depositCreditThreshold,
      confirmations: this.deps.chain.requiredConfirmations(network),
    });
    const select = `SELECT address FROM wallet_deposit_addresses WHERE user_id = $1 AND currency = $2 AND network = $3`;
    const [existing] = await this.db.query<{ address: string }>(select, [userId, currency, network]);
    if (existing) return result(existing.address);
    let address: string;
    try {
      address = await this.deps.chain.depositAddress({ userId, currency, network });
    } catch (e) {
      if (e instanceof ChainProviderError) throw new WalletError('recharge_address_failed');
      throw e;
    }
    await this.db.query(
      `INSERT INTO wallet_deposit_addresses (user_id, currency, network, address) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, currency, network) DO NOTHING`,
      [userId, currency, network, address],
    );
    const [stored] = await this.db.query<{ address: string }>(select, [userId, currency, network]);
    return result(stored!.address);
  }

  /**
   * Records a transfer seen on chain. Not ours → null. The same tx hash is recorded once (unique
   * (network, tx_hash)); amounts at or below the threshold are kept with reason 'below_minimum'.
   */
  async recordIncoming(t: IncomingTransfer): Promise<DepositRecord | null> {
    if (!isValidAddress(t.network, t.address) || !isNetworkOf(t.currency, t.network)) return null;
    const address = canonicalAddress(t.network, t.address);
    const [owner] = await this.db.query<{ user_id: string }>(
      `SELECT user_id FROM wallet_deposit_addresses WHERE network = $1 AND address = $2`,
      [t.network, address],
    );
    if (!owner) return null;
    const amount = money(t.amount);
    if (amount.lte(0) || !fitsCurrency(amount, t.currency)) return null;
    const credited = amount.gt(CURRENCY_DEFINITIONS[t.currency].depositCreditThreshold);
    await this.db.query(
      `INSERT INTO wallet_deposits (id, user_id, currency, network, address, amount, tx_hash, block_height, required_confirmations, status, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (network, tx_hash) DO UPDATE SET block_height = EXCLUDED.block_height, status = EXCLUDED.status, reason = EXCLUDED.reason, confirmations = 0
         WHERE wallet_deposits.reason = 'reorged'`,
      [
        randomUUID(),
        owner.user_id,
        t.currency,
        t.network,
        address,
        format(amount),
        t.txHash,
        t.blockHeight,
        this.deps.chain.requiredConfirmations(t.network),
        credited ? 'confirming' : 'not_credited',
        credited ? null : 'below_minimum',
      ],
    );
    const [row] = await this.db.query<DepositRow>(
      `SELECT ${DEPOSIT_COLUMNS} FROM wallet_deposits WHERE network = $1 AND tx_hash = $2`,
      [t.network, t.txHash],
    );
    return row ? toDeposit(row) : null;
  }

  /**
   * Counts new blocks and credits every deposit that has reached its confirmations (once). With the
   * real chain `height` (EVM), confirmations are `height − block + 1`; the sandbox counts events.
   */
  async confirm(network: WalletNetwork, blocks: number, height?: number): Promise<number> {
    if (height === undefined) {
      await this.db.query(
        `UPDATE wallet_deposits SET confirmations = confirmations + $2 WHERE network = $1 AND status = 'confirming'`,
        [network, blocks],
      );
    } else {
      await this.db.query(
        `UPDATE wallet_deposits SET confirmations = GREATEST(0, $2::bigint - block_height + 1) WHERE network = $1 AND status = 'confirming'`,
        [network, height],
      );
    }
    const ready = await this.db.query<{ id: string }>(
      `SELECT id FROM wallet_deposits WHERE network = $1 AND status = 'confirming' AND confirmations >= required_confirmations ORDER BY created_at`,
      [network],
    );
    let credited = 0;
    for (const { id } of ready) if (await this.credit(id)) credited++;
    return credited;
  }

  /** confirming → credited with its posting and domain event, in one transaction (once). */
  private credit(id: string): Promise<boolean> {
    return withRetry(() =>
      this.db.transaction(async (tx) => {
        const [d] = await tx.query<DepositRow>(
          `UPDATE wallet_deposits SET status = 'credited', credited_at = clock_timestamp()
           WHERE id = $1 AND status = 'confirming' RETURNING ${DEPOSIT_COLUMNS}`,
          [id],
        );
        if (!d) return false;
        const amount = format(d.amount, d.currency);
        await post(
          tx,
          postings.depositCredit({
            depositId: d.id,
            userId: d.user_id,
            currency: d.currency,
            network: d.network,
            amount,
            txHash: d.tx_hash,
          }),
          d.id,
        );
        await this.deps.events?.record(tx, {
          type: 'wallet.deposit_credited',
          userId: d.user_id,
          aggregateId: d.id,
          payload: { currency: d.currency, network: d.network, amount, txHash: d.tx_hash },
        });
        return true;
      }),
    );
  }

  async list(userId: string, q: Page): Promise<Paginated<DepositRecord>> {
    const [rows, [count]] = await Promise.all([
      this.db.query<DepositRow>(
        `SELECT ${DEPOSIT_COLUMNS} FROM wallet_deposits WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_deposits WHERE user_id = $1`, [userId]),
    ]);
    return paginate(rows.map(toDeposit), count!.n, q.page, q.per_page);
  }
}
