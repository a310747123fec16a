import type { SqlRunner } from '../db/index.js';

export interface LockoutLimits {
  loginMaxFailures: number;
  loginLockWindowSeconds: number;
  loginLockSeconds: number;
}

/**
 * Per-account failed-login counter in the database (survives restarts, shared by every process):
 * `max` failures within the window lock the account key for `lock` seconds. Keys exist for
 * unknown accounts too, so a lockout does not reveal whether an account exists.
 */
export async function lockedForSeconds(db: SqlRunner, key: string, now: Date): Promise<number> {
  const [row] = await db.query<{ locked_until: Date | string | null }>(`select locked_until from login_failures where account_key = $1`, [key]);
  if (!row?.locked_until) return 0;
  const ms = new Date(row.locked_until).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** Counts one failure; returns the lock length in seconds when this failure locked the key, else 0. */
export async function recordFailure(db: SqlRunner, key: string, now: Date, limits: LockoutLimits): Promise<number> {
  const windowStart = new Date(now.getTime() - limits.loginLockWindowSeconds * 1000);
  const [row] = await db.query<{ failures: number }>(
    `insert into login_failures (account_key, failures, window_started_at) values ($1, 1, $2)
     on conflict (account_key) do update set
       failures = case when login_failures.window_started_at <= $3 or login_failures.locked_until <= $2
                       then 1 else login_failures.failures + 1 end,
       window_started_at = case when login_failures.window_started_at <= $3 or login_failures.locked_until <= $2
                       then $2 else login_failures.window_started_at end,
       locked_until = case when login_failures.locked_until <= $2 then null else login_failures.locked_until end
     returning failures`,
    [key, now.toISOString(), windowStart.toISOString()],
  );
  if ((row?.failures ?? 0) < limits.loginMaxFailures) return 0;
  await db.query(`update login_failures set locked_until = $2 where account_key = $1`, [
    key,
    new Date(now.getTime() + limits.loginLockSeconds * 1000).toISOString(),
  ]);
  return limits.loginLockSeconds;
}

export async function clearFailures(db: SqlRunner, key: string): Promise<void> {
  await db.query(`delete from login_failures where account_key = $1`, [key]);
}
