import { verify } from 'otplib';
import type { SqlRunner } from '../../db/index.js';

const PERIOD_SECONDS = 30;

/**
 * The admin's second factor: a 6-digit TOTP code (RFC 6238, SHA-1, 30 s — what every authenticator
 * app speaks) of the configured secret (ADMIN_TOTP_SECRET; sandbox: the documented dev secret).
 * One step of clock drift either way is accepted. Each time step is accepted once per admin, claimed
 * atomically in the database, so a code replayed within its window — by another process too — fails.
 * Answers false for a wrong, malformed or replayed code; the caller treats it exactly as a wrong
 * password (same error, counted towards the lock), so nobody learns which factor was wrong.
 */
export async function checkAdminSecondFactor(
  db: SqlRunner,
  secret: string,
  adminId: number,
  otp: string,
  now: Date,
): Promise<boolean> {
  if (!/^\d{6}$/.test(otp)) return false;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: otp, epoch, epochTolerance: PERIOD_SECONDS });
  if (!result.valid) return false;
  const step = Math.floor(epoch / PERIOD_SECONDS) + result.delta;
  const claimed = await db.query(
    `update admins set totp_last_step = $2 where id = $1 and coalesce(totp_last_step, -1) < $2 returning id`,
    [adminId, step],
  );
  return claimed.length > 0;
}
