import type { SqlRunner } from '../db/index.js';

/**
 * Guessable secrets (login and admin passwords, the transaction password, card binding carrier
 * codes) are checked through `guardedAttempt`: an attempt is RESERVED in the database before the
 * secret is evaluated, with one atomic `INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING` on the
 * key's row (table login_failures, which every API process shares and which survives restarts).
 * With N requests in flight, at most `max` of them get a reservation and are evaluated; the
 * reservation that reaches `max` sets the lock at once, so every later request of every process is
 * refused without evaluating. A success deletes the row (the count starts again).
 *
 * Why the database and not Redis: the per-IP limits in Redis fail OPEN when Redis is away
 * (rate-limit.ts); a lockout must not. The database is the one store every process already needs.
 *
 * Keys exist for unknown accounts too, so a lockout does not reveal whether an account exists.
 */
export interface AttemptPolicy {
  /** Attempts evaluated per window; the one that reaches it locks the key. */
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface LockoutLimits {
  loginMaxFailures: number;
  loginLockWindowSeconds: number;
  loginLockSeconds: number;
}

export const loginPolicy = (limits: LockoutLimits): AttemptPolicy => ({
  max: limits.loginMaxFailures,
  windowSeconds: limits.loginLockWindowSeconds,
  lockSeconds: limits.loginLockSeconds,
});

export type AttemptOutcome =
  | { result: 'ok' }
  /** Evaluated and wrong; `left` attempts remain before the lock. */
  | { result: 'wrong'; left: number }
  /** Refused without evaluation (`evaluated: false`), or this wrong attempt was the one that locked. */
  | { result: 'locked'; seconds: number; evaluated: boolean };

/** How many secrets were evaluated by this process (tests read it to prove the bound). */
export const lockoutMetrics = { evaluated: 0 };

/**
 * Reserves one attempt of `key`: resolves its number (1-based) in the current window, or null when
 * the key is locked or out of attempts. One statement, so racing reservations serialise on the row.
 */
export async function reserveAttempt(
  db: SqlRunner,
  key: string,
  now: Date,
  policy: AttemptPolicy,
): Promise<number | null> {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + policy.lockSeconds * 1000).toISOString();
  // "fresh": the previous window ended or the previous lock ran out, so counting starts again.
  const fresh = `(f.window_started_at <= $3::timestamptz or f.locked_until <= $2::timestamptz)`;
  const rows = await db.query<{ failures: number }>(
    `insert into login_failures as f (account_key, failures, window_started_at, locked_until)
     values ($1, 1, $2::timestamptz, case when 1 >= $4::int then $5::timestamptz end)
     on conflict (account_key) do update set
       failures = case when ${fresh} then 1 else f.failures + 1 end,
       window_started_at = case when ${fresh} then $2::timestamptz else f.window_started_at end,
       locked_until = case when (case when ${fresh} then 1 else f.failures + 1 end) >= $4::int then $5::timestamptz end
     where (f.locked_until is null or f.locked_until <= $2::timestamptz)
       and (${fresh} or f.failures < $4::int)
     returning failures`,
    [key, now.toISOString(), windowStart, policy.max, lockUntil],
  );
  return rows[0] ? Number(rows[0].failures) : null;
}

/** Seconds left on the key's lock (0 when not locked). */
export async function lockedForSeconds(db: SqlRunner, key: string, now: Date): Promise<number> {
  const [row] = await db.query<{ locked_until: Date | string | null }>(
    `select locked_until from login_failures where account_key = $1`,
    [key],
  );
  if (!row?.locked_until) return 0;
  const ms = new Date(row.locked_until).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

export async function clearFailures(db: SqlRunner, keys: string | string[]): Promise<void> {
  await db.query(`delete from login_failures where account_key = any($1::text[])`, [
    Array.isArray(keys) ? keys : [keys],
  ]);
}

/** Gives back a reservation whose evaluation could not take place (an error, not a wrong secret). */
async function unreserve(db: SqlRunner, key: string, policy: AttemptPolicy): Promise<void> {
  await db.query(
    `update login_failures set failures = greatest(failures - 1, 0),
            locked_until = case when failures - 1 < $2::int then null else locked_until end
      where account_key = $1`,
    [key, policy.max],
  );
}

/**
 * Reserve → evaluate → on success release. `evaluate` resolves whether the secret was right; if it
 * throws (an outage, not a wrong secret) the reservation is given back and the error rethrown.
 */
export async function guardedAttempt(
  db: SqlRunner,
  key: string,
  now: Date,
  policy: AttemptPolicy,
  evaluate: () => Promise<boolean>,
  /** 'clear' (default): a success starts the count again; 'uncount': it only gives its own attempt back (failures keep counting). */
  onSuccess: 'clear' | 'uncount' = 'clear',
): Promise<AttemptOutcome> {
  const attempt = await reserveAttempt(db, key, now, policy);
  if (attempt === null)
    return { result: 'locked', seconds: Math.max(1, await lockedForSeconds(db, key, now)), evaluated: false };
  let ok: boolean;
  try {
    lockoutMetrics.evaluated++;
    ok = await evaluate();
  } catch (e) {
    await unreserve(db, key, policy);
    throw e;
  }
  if (ok) {
    if (onSuccess === 'clear') await clearFailures(db, key);
    else await unreserve(db, key, policy);
    return { result: 'ok' };
  }
  if (attempt >= policy.max) return { result: 'locked', seconds: policy.lockSeconds, evaluated: true };
  return { result: 'wrong', left: policy.max - attempt };
}
