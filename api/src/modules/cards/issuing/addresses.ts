import { randomUUID } from 'node:crypto';
import { type CardAddress, type ShippingAddressInput } from '@cardwallet/shared/schemas';
import { CardError, cardNotFound } from '../errors';
import type { CardServiceDeps } from '../model';

/** The customer's shipping addresses for physical cards (at most 20). */
export class CardAddresses {
  constructor(private readonly deps: CardServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  async addresses(userId: string): Promise<{ addresses: CardAddress[] }> {
    const rows = await this.db.query<AddressRow>(
      `SELECT ${ADDRESS_COLUMNS} FROM card_addresses WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
    return { addresses: rows.map(toAddress) };
  }

  async addAddress(userId: string, a: ShippingAddressInput): Promise<CardAddress> {
    const [count] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM card_addresses WHERE user_id = $1`,
      [userId],
    );
    if ((count?.n ?? 0) >= 20) throw new CardError('operation_failed');
    const [row] = await this.db.query<AddressRow>(
      `INSERT INTO card_addresses (id, user_id, receiver, mobile, country, province, city, area, detail, postal_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${ADDRESS_COLUMNS}`,
      [randomUUID(), userId, a.receiver, a.mobile, a.country, a.province, a.city, a.area, a.detail, a.postalCode],
    );
    return toAddress(row!);
  }

  async updateAddress(userId: string, id: string, a: ShippingAddressInput): Promise<CardAddress> {
    const [row] = await this.db.query<AddressRow>(
      `UPDATE card_addresses SET receiver = $3, mobile = $4, country = $5, province = $6, city = $7, area = $8, detail = $9, postal_code = $10,
         updated_at = clock_timestamp() WHERE id = $1 AND user_id = $2 RETURNING ${ADDRESS_COLUMNS}`,
      [id, userId, a.receiver, a.mobile, a.country, a.province, a.city, a.area, a.detail, a.postalCode],
    );
    if (!row) throw cardNotFound();
    return toAddress(row);
  }

  async deleteAddress(userId: string, id: string): Promise<void> {
    const rows = await this.db.query(`DELETE FROM card_addresses WHERE id = $1 AND user_id = $2 RETURNING id`, [
      id,
      userId,
    ]);
    if (rows.length === 0) throw cardNotFound();
  }
}

export interface AddressRow {
  id: string;
  receiver: string;
  mobile: string;
  country: string;
  province: string;
  city: string;
  area: string;
  detail: string;
  postal_code: string;
}
export const ADDRESS_COLUMNS = `id, receiver, mobile, country, province, city, area, detail, postal_code`;
export const toAddress = (r: AddressRow): CardAddress => ({
  id: r.id,
  receiver: r.receiver,
  mobile: r.mobile,
  country: r.country,
  province: r.province,
  city: r.city,
  area: r.area,
  detail: r.detail,
  postalCode: r.postal_code,
});
