import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ErrorKey } from '@cardwallet/shared';
import type { CodePurpose } from '@cardwallet/shared/schemas';
import type { SqlRunner } from '../../db/index.js';

/**
 * Verification codes: 6 digits from a CSPRNG, stored as HMAC-SHA256 under a per-installation
 * pepper (a 6-digit code hashed without a secret could be brute-forced from a DB dump), single
 * use, expiring, attempt-limited, one live code per (account, purpose).
 */
export interface CodeLimits {
  codeTtlSeconds: number;
  codeMaxAttempts: number;
}

let pepperCache = new WeakMap<object, Promise<Buffer>>();

/** The installation's secret pepper, created on first use and kept in app_secrets. */
export function codePepper(db: SqlRunner, cacheKey: object): Promise<Buffer> {
  let p = pepperCache.get(cacheKey);
  if (!p) {
    p = (async () => {
      await db.query(`insert into app_secrets (name, value) values ('code_pepper', $1) on conflict (name) do nothing`, [
        randomBytes(32).toString('base64'),
      ]);
      const [row] = await db.query<{ value: string }>(`select value from app_secrets where name = 'code_pepper'`);
      return Buffer.from(row!.value, 'base64');
    })();
    p.catch(() => pepperCache.delete(cacheKey));
    pepperCache.set(cacheKey, p);
  }
  return p;
}
export function resetPepperCache(): void {
  pepperCache = new WeakMap();
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(pepper: Buffer, account: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', pepper).update(`${purpose}\u0000${account}\u0000${code}`).digest('hex');
}

export type CodeCheck = { ok: true; codeId: string } | { ok: false; key: ErrorKey };

/** How many codes were compared by this process (tests read it to prove the bound). */
export const codeMetrics = { evaluated: 0 };

/**
 * Checks `code` against the live code of (account, purpose) inside `tx`. The attempt is RESERVED
 * first — one `UPDATE … RETURNING` that adds 1 to `attempts` only while it is below the limit, the
 * code is live and unexpired — and only a reserved attempt is compared, so racing requests (on any
 * process) compare at most `codeMaxAttempts` guesses per code. The caller must COMMIT a refusal;
 * the last allowed wrong attempt burns the code. Does not consume it: call consumeCode() in the
 * same transaction as the effect the code authorises.
 */
export async function checkCode(
  tx: SqlRunner,
  pepper: Buffer,
  account: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
  limits: CodeLimits,
): Promise<CodeCheck> {
  const [reserved] = await tx.query<{ id: string; code_hash: string; attempts: number }>(
    `update verification_codes v set attempts = v.attempts + 1
      where v.id = (select id from verification_codes
                     where account = $1 and purpose = $2 and consumed_at is null
                     order by created_at desc, id desc limit 1)
        and v.consumed_at is null and v.burnt_at is null and v.attempts < $3 and v.expires_at > $4
      returning v.id::text as id, v.code_hash, v.attempts`,
    [account, purpose, limits.codeMaxAttempts, now.toISOString()],
  );
  if (!reserved) {
    // Not reserved: say why (nothing compared).
    const [row] = await tx.query<{ attempts: number; expires_at: Date | string; burnt: boolean }>(
      `select attempts, expires_at, burnt_at is not null as burnt from verification_codes
        where account = $1 and purpose = $2 and consumed_at is null order by created_at desc, id desc limit 1`,
      [account, purpose],
    );
    if (!row) return { ok: false, key: 'code_invalid' };
    if (row.burnt || row.attempts >= limits.codeMaxAttempts) return { ok: false, key: 'code_attempts_exceeded' };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, key: 'code_expired' };
    return { ok: false, key: 'code_invalid' };
  }
  codeMetrics.evaluated++;
  const expected = Buffer.from(reserved.code_hash, 'hex');
  const actual = Buffer.from(hashCode(pepper, account, purpose, code), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return { ok: true, codeId: reserved.id };
  const burn = Number(reserved.attempts) >= limits.codeMaxAttempts;
  if (burn)
    await tx.query(`update verification_codes set burnt_at = $2 where id = $1::bigint`, [
      reserved.id,
      now.toISOString(),
    ]);
  return { ok: false, key: burn ? 'code_attempts_exceeded' : 'code_invalid' };
}

export async function consumeCode(tx: SqlRunner, codeId: string, now: Date): Promise<void> {
  await tx.query(`update verification_codes set consumed_at = $2 where id = $1::bigint and consumed_at is null`, [
    codeId,
    now.toISOString(),
  ]);
}
