import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PAYPASS_LOCK_MINUTES, PAYPASS_MAX_ATTEMPTS } from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../../../ledger/sql';
import { WalletError } from '../errors';
import { BusinessError, rateLimited } from '../../../http/errors.js';
import { assertChannelAged, requireStepUp, stepUpEnforcement } from '../../../security/step-up.js';

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

/** How many transaction passwords were evaluated by this process (tests read it to prove the bound). */
export const payPassMetrics = { evaluated: 0 };

/**
 * How long a verification waits for the attempts in flight before it (when all five are taken
 * but none has been found wrong yet), and how often it looks again.
 */
const PAYPASS_WAIT_MS = 15_000;
const PAYPASS_POLL_MS = 20;
/** A fifth attempt left in flight this long (its process died mid-evaluation) no longer holds the count. */
const PAYPASS_STALE_SECONDS = 120;

/**
 * Transaction password (spec §5): six digits, scrypt-hashed, five wrong attempts lock it for
 * 15 minutes (paypass_locked with the minutes left). The row keeps two counts: `failed_attempts`
 * (evaluated and wrong since the last success) and `attempts_in_flight` (reserved, being evaluated).
 * An attempt is RESERVED before scrypt runs — one `UPDATE … RETURNING` that takes it only while the
 * row is not locked and failures + attempts in flight are fewer than five — so 50 parallel guesses
 * on any number of processes evaluate at most five, and the right one after the lock is refused.
 *
 * Only EVALUATED failures lock: the wrong attempt that makes `failed_attempts` five sets
 * `locked_until` in the same statement. A right attempt resets the failures. A request that finds
 * all five places taken waits for them (polling the row) instead of answering `paypass_locked` —
 * 30 withdrawals at once with the right password all pass, in rounds of five; four wrong ones among
 * fifty right ones never lock. Still undecided after PAYPASS_WAIT_MS: `rate_limited` (try again in
 * a few seconds), which is true; `paypass_locked` is answered only while `locked_until` is in the
 * future.
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

  /** One attempt reserved (the row's hash), or undefined when no place is free now. */
  private async reserve(userId: string): Promise<{ password_hash: string } | undefined> {
    // A lock that ran out starts the count again; places held longer than PAYPASS_STALE_SECONDS
    // (their process died mid-evaluation) are given back.
    const expired = `(p.locked_until IS NOT NULL AND p.locked_until <= now())`;
    const stale = `(p.updated_at <= now() - make_interval(secs => $3))`;
    const [reserved] = await this.db.query<{ password_hash: string }>(
      `UPDATE wallet_pay_passwords p
       SET failed_attempts = CASE WHEN ${expired} THEN 0 ELSE p.failed_attempts END,
           attempts_in_flight = CASE WHEN ${expired} OR ${stale} THEN 1 ELSE p.attempts_in_flight + 1 END,
           locked_until = NULL,
           updated_at = now()
       WHERE p.user_id = $1 AND (p.locked_until IS NULL OR ${expired})
         AND (${expired} OR (CASE WHEN ${stale} THEN 0 ELSE p.attempts_in_flight END) + p.failed_attempts < $2)
       RETURNING p.password_hash`,
      [userId, PAYPASS_MAX_ATTEMPTS, PAYPASS_STALE_SECONDS],
    );
    return reserved;
  }

  /** Throws paypass_not_set / paypass_locked / paypass_wrong (or rate_limited, see above); resets the counter on success. */
  async verify(userId: string, password: string): Promise<void> {
    const deadline = Date.now() + PAYPASS_WAIT_MS;
    let reserved = await this.reserve(userId);
    while (!reserved) {
      const row = await this.row(userId);
      if (!row) throw new WalletError('paypass_not_set');
      if (row.locked_minutes > 0) throw new WalletError('paypass_locked', { minutes: row.locked_minutes });
      // Not locked: every place is taken by an attempt in flight. Their outcome decides — a success
      // or an error frees a place, the fifth failure locks.
      if (Date.now() >= deadline) throw rateLimited('rate_limited', 5);
      await new Promise((r) => setTimeout(r, PAYPASS_POLL_MS));
      reserved = await this.reserve(userId);
    }
    payPassMetrics.evaluated++;
    let ok: boolean;
    try {
      ok = await verifyPayPasswordHash(password, reserved.password_hash);
    } catch (e) {
      // Not a wrong password: the place is given back.
      await this.db.query(
        `UPDATE wallet_pay_passwords SET attempts_in_flight = GREATEST(attempts_in_flight - 1, 0) WHERE user_id = $1`,
        [userId],
      );
      throw e;
    }
    if (ok) {
      // A lock set meanwhile by five evaluated failures stays: it is true.
      await this.db.query(
        `UPDATE wallet_pay_passwords
         SET failed_attempts = CASE WHEN locked_until IS NULL THEN 0 ELSE failed_attempts END,
             attempts_in_flight = GREATEST(attempts_in_flight - 1, 0)
         WHERE user_id = $1`,
        [userId],
      );
      return;
    }
    const [after] = await this.db.query<{ failed_attempts: number; locked: boolean }>(
      `UPDATE wallet_pay_passwords
       SET failed_attempts = failed_attempts + 1,
           attempts_in_flight = GREATEST(attempts_in_flight - 1, 0),
           locked_until = CASE WHEN locked_until IS NULL AND failed_attempts + 1 >= $2
                               THEN now() + make_interval(mins => $3) ELSE locked_until END,
           updated_at = now()
       WHERE user_id = $1
       RETURNING failed_attempts, locked_until IS NOT NULL AS locked`,
      [userId, PAYPASS_MAX_ATTEMPTS, PAYPASS_LOCK_MINUTES],
    );
    if (after?.locked) throw new WalletError('paypass_locked', { minutes: PAYPASS_LOCK_MINUTES });
    throw new WalletError('paypass_wrong', {
      left: Math.max(1, PAYPASS_MAX_ATTEMPTS - Number(after?.failed_attempts ?? PAYPASS_MAX_ATTEMPTS - 1)),
    });
  }

  /**
   * The first transaction password. Where step-up is enforced (the app: security/step-up.ts) it
   * consumes a fresh 'paypass' grant in the same transaction, and the customer is told on every
   * channel bound to the account.
   */
  async set(userId: string, password: string): Promise<void> {
    if ((await this.row(userId)) !== undefined) throw new WalletError('paypass_already_set');
    const hash = await hashPayPassword(password, this.scryptN);
    const stepUp = await this.db.transaction(async (tx) => {
      const receipt = await requireStepUp(this.db, tx, userId, 'paypass');
      const rows = await tx.query(
        `INSERT INTO wallet_pay_passwords (user_id, password_hash) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [userId, hash],
      );
      // Rolls the grant back with it: the customer can use it for nothing else anyway.
      if (rows.length === 0) throw new WalletError('paypass_already_set');
      return receipt;
    });
    await stepUp?.notify('payPassword');
  }

  /** The old transaction password (counted by its lockout) AND a fresh step-up grant where enforced. */
  async change(userId: string, oldPassword: string, password: string): Promise<void> {
    await this.verify(userId, oldPassword);
    const hash = await hashPayPassword(password, this.scryptN);
    const stepUp = await this.db.transaction(async (tx) => {
      const receipt = await requireStepUp(this.db, tx, userId, 'paypass');
      await this.store(tx, userId, hash);
      return receipt;
    });
    await stepUp?.notify('payPassword');
  }

  /**
   * After the caller has checked and consumed a 'paypass' verification code in `tx`: sets or
   * replaces, clears the lock. Where step-up is enforced, the code must have gone to a channel
   * bound for 24 hours or more (a channel a thief just bound cannot reset it), and the customer is
   * told on every bound channel.
   */
  async replace(userId: string, password: string, tx: SqlRunner = this.db): Promise<void> {
    const hooks = stepUpEnforcement(this.db);
    if (hooks) {
      const user = await hooks.user(userId, tx);
      const [code] = await tx.query<{ account: string }>(
        `SELECT account FROM verification_codes WHERE purpose = 'paypass' AND account = ANY($1::text[]) AND consumed_at IS NOT NULL
         ORDER BY consumed_at DESC, id DESC LIMIT 1`,
        [[user?.email, user?.mobile].filter(Boolean)],
      );
      if (!user || !code) throw new BusinessError('step_up_required');
      await assertChannelAged(tx, user, code.account, hooks.now());
    }
    await this.store(tx, userId, await hashPayPassword(password, this.scryptN));
    // Not awaited: the notice must not hold the caller's transaction open (it catches its own failures).
    if (hooks) void hooks.secretChanged(userId, 'payPassword', undefined);
  }

  private async store(tx: SqlRunner, userId: string, hash: string): Promise<void> {
    await tx.query(
      `INSERT INTO wallet_pay_passwords (user_id, password_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, failed_attempts = 0, attempts_in_flight = 0, locked_until = NULL, updated_at = now()`,
      [userId, hash],
    );
  }
}
