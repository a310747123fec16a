import { randomUUID } from 'node:crypto';
import { ResultCode } from '@cardwallet/shared';
import { isNetworkOf, type CryptoCurrency, type WalletNetwork } from '@cardwallet/shared/schemas';
import type { SqlDatabase } from '../../../ledger/sql';
import { canonicalAddress, isValidAddress } from '../../../providers/chain/addresses';
import { WalletError } from '../errors';

type AddressRow = {
  id: string;
  address: string;
  network: WalletNetwork;
  remark: string | null;
  currency: CryptoCurrency;
};

/** The customer's saved withdrawal addresses; ownership is part of every WHERE. */
export class AddressBook {
  constructor(private readonly db: SqlDatabase) {}

  async list(userId: string, currency?: CryptoCurrency) {
    const rows = await this.db.query<AddressRow>(
      `SELECT id, address, network, remark, currency FROM wallet_address_book WHERE user_id = $1 AND ($2::text IS NULL OR currency = $2)
       ORDER BY created_at DESC, id`,
      [userId, currency ?? null],
    );
    return { addresses: rows };
  }

  async add(
    userId: string,
    body: { currency?: CryptoCurrency; network: WalletNetwork; address: string; remark?: string },
  ): Promise<AddressRow> {
    if (!body.currency) throw new WalletError('choose_currency_first', {}, ResultCode.invalidParams);
    if (!isNetworkOf(body.currency, body.network))
      throw new WalletError('network_unsupported', {}, ResultCode.invalidParams);
    if (!isValidAddress(body.network, body.address))
      throw new WalletError('address_invalid', {}, ResultCode.invalidParams);
    const address = canonicalAddress(body.network, body.address);
    await this.db.query(
      `INSERT INTO wallet_address_book (id, user_id, currency, network, address, remark) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, currency, network, address) DO UPDATE SET remark = EXCLUDED.remark`,
      [randomUUID(), userId, body.currency, body.network, address, body.remark ?? null],
    );
    const [row] = await this.db.query<AddressRow>(
      `SELECT id, address, network, remark, currency FROM wallet_address_book WHERE user_id = $1 AND currency = $2 AND network = $3 AND address = $4`,
      [userId, body.currency, body.network, address],
    );
    return row!;
  }

  /** Another user's id is simply not found. */
  async remove(userId: string, id: string): Promise<void> {
    const rows = await this.db.query(`DELETE FROM wallet_address_book WHERE id = $1 AND user_id = $2 RETURNING id`, [
      id,
      userId,
    ]);
    if (rows.length === 0) throw new WalletError('address_not_found', {}, ResultCode.notFound);
  }
}
