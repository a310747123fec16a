import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeySchema } from '@cardwallet/shared/schemas';
import { pgErrorCode, type SqlRunner } from '../db/index.js';
import { BusinessError } from './errors.js';

/** Canonical JSON (sorted keys) so that `{a,b}` and `{b,a}` hash the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

/** Reads and validates the `Idempotency-Key` header; missing or malformed → 422 idempotency_key_required. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new BusinessError('idempotency_key_required');
  return parsed.data;
}

export interface IdempotencyOptions {
  /** Who owns the key, e.g. `user:100001`. Keys never collide across scopes. */
  scope: string;
  /** The endpoint, e.g. `POST /api/wallet/withdraw`. */
  endpoint: string;
  key: string;
  /** The validated request payload; the same key with another payload is refused. */
  payload: unknown;
  now: Date;
  ttlHours: number;
  /** Max wait on a concurrent request with the same key (PostgreSQL lock_timeout), ms. */
  waitMs?: number;
}

export type IdempotentResult<T> = { response: T; replayed: boolean };

/**
 * Runs `effect` at most once per (scope, endpoint, key), INSIDE the caller's transaction `tx`:
 * the key row is inserted first (a concurrent duplicate blocks on the unique index until this
 * transaction ends, then sees the stored response), the effect runs, and the response is stored
 * before the caller commits. If the effect throws, the transaction rolls back and the key is
 * free again (nothing happened, so a retry may run).
 *
 * - same key + same payload → the stored response (`replayed: true`)
 * - same key + another payload → 409 idempotency_key_mismatch
 * - a duplicate still running after `waitMs` → 409 idempotency_key_in_flight
 */
export async function runIdempotent<T>(tx: SqlRunner, opts: IdempotencyOptions, effect: () => Promise<T>): Promise<IdempotentResult<T>> {
  const hash = payloadHash(opts.payload);
  const expires = new Date(opts.now.getTime() + opts.ttlHours * 3600_000);
  let inserted: { id: string }[];
  try {
    // SET LOCAL is a no-op cost on PGlite (single connection: there is nobody to wait for).
    await tx.query(`select set_config('lock_timeout', $1, true)`, [`${opts.waitMs ?? 10_000}ms`]);
    inserted = await tx.query<{ id: string }>(
      `insert into idempotency_keys (scope, endpoint, idem_key, request_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (scope, endpoint, idem_key) do nothing
       returning id::text as id`,
      [opts.scope, opts.endpoint, opts.key, hash, opts.now.toISOString(), expires.toISOString()],
    );
  } catch (e) {
    if (pgErrorCode(e) === '55P03') throw new BusinessError('idempotency_key_in_flight');
    throw e;
  }
  if (inserted.length === 0) {
    const [row] = await tx.query<{ request_hash: string; response: { value: T } | null }>(
      `select request_hash, response from idempotency_keys where scope = $1 and endpoint = $2 and idem_key = $3`,
      [opts.scope, opts.endpoint, opts.key],
    );
    if (!row) throw new BusinessError('idempotency_key_in_flight');
    if (row.request_hash !== hash) throw new BusinessError('idempotency_key_mismatch');
    if (row.response === null) throw new BusinessError('idempotency_key_in_flight');
    return { response: row.response.value, replayed: true };
  }
  const response = await effect();
  await tx.query(`update idempotency_keys set response = $1::jsonb where id = $2::bigint`, [
    JSON.stringify({ value: response ?? null }),
    inserted[0]!.id,
  ]);
  return { response, replayed: false };
}

/** Deletes keys past their retention (≥ 24 h). */
export async function purgeExpiredIdempotencyKeys(db: SqlRunner, now: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `with d as (delete from idempotency_keys where expires_at < $1 returning 1) select count(*)::int as n from d`,
    [now.toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Request-level form for a money-moving route (`auth: 'user'` or `'admin'`): reads the
 * Idempotency-Key header, opens ONE transaction, and runs `effect(tx)` in it under the key.
 * Do every write of the effect through `tx`. Returns the (possibly replayed) response data.
 *
 *   const { response, replayed } = await withIdempotency(request, request.body, (tx) => service.withdraw(tx, …));
 *   if (replayed) reply.header('Idempotent-Replayed', 'true');
 */
export async function withIdempotency<T>(
  request: FastifyRequest,
  payload: unknown,
  effect: (tx: SqlRunner) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const key = idempotencyKeyOf(request);
  const app = request.server;
  const scope = request.user ? `user:${request.user.userId}` : request.admin ? `admin:${request.admin.adminId}` : undefined;
  if (!scope) throw new BusinessError('unauthenticated');
  const endpoint = `${request.method} ${request.routeOptions.url ?? request.url}`;
  return app.database.sql.transaction((tx) =>
    runIdempotent(tx, { scope, endpoint, key, payload, now: app.clock.now(), ttlHours: app.config.idempotencyTtlHours }, () => effect(tx)),
  );
}
