import { randomInt } from 'node:crypto';
import { pgErrorCode, type SqlRunner } from '../../db/index.js';
import { hashPassword } from '../../security/password.js';
import { BusinessError } from '../../http/errors.js';

export const AGREEMENT_VERSION = '2026-01';
/** Invite codes avoid look-alike characters (0/O, 1/I/L). */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return s;
}

export interface NewUser {
  email?: string | null;
  mobile?: string | null;
  password: string;
  refereeId?: number | null;
  kycLevel?: number;
}

/**
 * Inserts a user with a fresh invite code. A duplicate e-mail/mobile (unique index, also under
 * concurrent registrations) becomes account_exists.
 */
export async function insertUser(
  db: SqlRunner,
  u: NewUser,
  scryptN: number,
  now: Date,
): Promise<{ id: number; inviteCode: string }> {
  const passwordHash = await hashPassword(u.password, scryptN);
  for (let attempt = 0; attempt < 5; attempt++) {
    const inviteCode = newInviteCode();
    try {
      const [row] = await db.query<{ id: number }>(
        `insert into users (email, mobile, password_hash, invite_code, referee_id, kyc_level, agreement_version, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         on conflict (invite_code) do nothing
         returning id::float8 as id`,
        [
          u.email ?? null,
          u.mobile ?? null,
          passwordHash,
          inviteCode,
          u.refereeId ?? null,
          u.kycLevel ?? 0,
          AGREEMENT_VERSION,
          now.toISOString(),
        ],
      );
      if (row) return { id: Number(row.id), inviteCode };
    } catch (e) {
      if (pgErrorCode(e) === '23505') throw new BusinessError('account_exists');
      throw e;
    }
  }
  throw new Error('Could not allocate a unique invite code');
}
