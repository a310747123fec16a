import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PAYPASS_LOCK_MINUTES, PAYPASS_MAX_ATTEMPTS } from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../../ledger/sql';
import { WalletError } from './errors';

/** scrypt parameters: N from config (SCRYPT_N, default 2^15; tests lower it), r=8, p=1. */
const R = 8;
const P = 1;
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 128 * n * r * 2 };
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEYLEN, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPayPassword(password: string, n = 1 << 15): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPayPasswordHash(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

interface Row {
  password_hash: string;
  failed_attempts: number;
  locked_minutes: number;
}

/**
 * Transaction password (spec §5): six digits, scrypt-hashed, five wrong attempts lock it for
 * 15 minutes (paypass_locked with the minutes left). Counting happens in the database so parallel
 * guesses cannot slip past the limit.
 */
export class PayPasswords {
  constructor(
    private readonly db: SqlDatabase,
    private readonly scryptN = 1 << 15,
  ) {}

  private async row(userId: string): Promise<Row | undefined> {
    const [row] = await this.db.query<Row>(
      `SELECT password_hash, failed_attempts,
              GREATEST(0, CEIL(EXTRACT(EPOCH FROM (locked_until - now())) / 60))::int AS locked_minutes
       FROM wallet_pay_passwords WHERE user_id = $1`,
      [userId],
    );
    return row;
  }

  async status(userId: string): Promise<{ isSet: boolean; lockedForMinutes: number }> {
    const row = await this.row(userId);
    return { isSet: !!row, lockedForMinutes: row?.locked_minutes ?? 0 };
  }

  async set(userId: string, password: string): Promise<void> {
    const hash = await hashPayPassword(password, this.scryptN);
    const rows = await this.db.query(
      `INSERT INTO wallet_pay_passwords (user_id, password_hash) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [userId, hash],
    );
    if (rows.length === 0) throw new WalletError('paypass_already_set');
  }

  /** Throws paypass_not_set / paypass_locked / paypass_wrong; resets the counter on success. */
  async verify(userId: string, password: string): Promise<void> {
    const row = await this.row(userId);
    if (!row) throw new WalletError('paypass_not_set');
    if (row.locked_minutes > 0) throw new WalletError('paypass_locked', { minutes: row.locked_minutes });
    if (await verifyPayPasswordHash(password, row.password_hash)) {
      if (row.failed_attempts > 0) {
        await this.db.query(`UPDATE wallet_pay_passwords SET failed_attempts = 0 WHERE user_id = $1`, [userId]);
      }
      return;
    }
    const [after] = await this.db.query<{ failed_attempts: number; locked: boolean }>(
      `UPDATE wallet_pay_passwords
       SET failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
           locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE locked_until END
       WHERE user_id = $1
       RETURNING failed_attempts, (locked_until > now()) AS locked`,
      [userId, PAYPASS_MAX_ATTEMPTS, PAYPASS_LOCK_MINUTES],
    );
    if (after?.locked) throw new WalletError('paypass_locked', { minutes: PAYPASS_LOCK_MINUTES });
    throw new WalletError('paypass_wrong', { left: PAYPASS_MAX_ATTEMPTS - (after?.failed_attempts ?? 0) });
  }

  async change(userId: string, oldPassword: string, password: string): Promise<void> {
    await this.verify(userId, oldPassword);
    await this.replace(userId, password);
  }

  /** After the caller has checked a 'paypass' verification code: sets or replaces, clears the lock. */
  async replace(userId: string, password: string, tx: SqlRunner = this.db): Promise<void> {
    const hash = await hashPayPassword(password, this.scryptN);
    await tx.query(
      `INSERT INTO wallet_pay_passwords (user_id, password_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, failed_attempts = 0, locked_until = NULL, updated_at = now()`,
      [userId, hash],
    );
  }
}
