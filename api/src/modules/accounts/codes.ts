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

/**
 * Checks `code` against the live code of (account, purpose) inside `tx`, locking its row. A wrong
 * code counts an attempt (the caller must COMMIT that even though it refuses the request); the
 * last allowed wrong attempt burns the code. Does not consume it: call consumeCode() in the same
 * transaction as the effect the code authorises.
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
  const [row] = await tx.query<{ id: string; code_hash: string; attempts: number; expires_at: Date | string; burnt: boolean }>(
    `select id::text as id, code_hash, attempts, expires_at, burnt_at is not null as burnt
       from verification_codes
      where account = $1 and purpose = $2 and consumed_at is null
      order by created_at desc, id desc
      limit 1
      for update`,
    [account, purpose],
  );
  if (!row) return { ok: false, key: 'code_invalid' };
  if (row.burnt || row.attempts >= limits.codeMaxAttempts) return { ok: false, key: 'code_attempts_exceeded' };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, key: 'code_expired' };
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(pepper, account, purpose, code), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return { ok: true, codeId: row.id };
  const attempts = row.attempts + 1;
  const burn = attempts >= limits.codeMaxAttempts;
  await tx.query(`update verification_codes set attempts = $2, burnt_at = case when $3 then $4::timestamptz else burnt_at end where id = $1::bigint`, [
    row.id,
    attempts,
    burn,
    now.toISOString(),
  ]);
  return { ok: false, key: burn ? 'code_attempts_exceeded' : 'code_invalid' };
}

export async function consumeCode(tx: SqlRunner, codeId: string, now: Date): Promise<void> {
  await tx.query(`update verification_codes set consumed_at = $2 where id = $1::bigint and consumed_at is null`, [codeId, now.toISOString()]);
}
