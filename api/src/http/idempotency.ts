import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeySchema } from '@cardwallet/shared/schemas';
import { BusinessError } from './errors.js';

/**
 * The API's one idempotency mechanism for money-changing requests: the key lives ON THE OPERATION
 * ROW (docs/ledger.md "Idempotency"). The row carries `UNIQUE (owner, idempotency_key)` and the
 * hash of the request's meaning, and is inserted in the same statement/transaction as its ledger
 * posting — so the key, the operation and the money movement commit together or not at all, and
 * a concurrent duplicate waits on the unique index, then reads the committed original.
 *
 * - same key + same payload → the original operation, answered again with `Idempotent-Replayed: true`
 * - same key + another payload → 409 `idempotency_key_mismatch`
 * - a request refused by a business rule stores nothing, so a retry re-evaluates it.
 * - an operation that holds its key while an outside party acts (the card issuer: the row is claimed
 *   `pending` before the issuer is called, posted after) declares `pending`: a duplicate that finds the
 *   row still pending answers 409 `idempotency_key_in_flight` (retry later), never a second execution.
 *
 * A route: `const key = idempotencyKeyOf(request)`, the service runs `idempotentOperation(…)` and
 * answers `{ response, replayed }`, the route returns `replyIdempotent(reply, result)`.
 */

/** Reads and validates the `Idempotency-Key` header; missing or malformed → 422 idempotency_key_required. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new BusinessError('idempotency_key_required');
  return parsed.data;
}

/**
 * Stable SHA-256 of a request's meaning (top-level keys sorted), stored on the operation row to
 * tell a replay from another request under the same key. Leave secrets (transaction passwords)
 * out: they are checked on every call, replays included. Rows already stored use this exact form.
 */
export function requestHash(payload: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(payload)
      .sort()
      .map((k) => [k, payload[k]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

export interface IdempotentResult<T> {
  response: T;
  /** The key had already been used with this payload: `response` is the original operation. */
  replayed: boolean;
}

export interface IdempotentOperation<R extends { request_hash: string }> {
  /** requestHash() of this request. */
  hash: string;
  /** The operation row stored under (owner, key), if any. */
  find(): Promise<R | undefined>;
  /**
   * Validates and performs the operation: inserts the row with `ON CONFLICT (owner, key) DO
   * NOTHING` together with its posting; answers the row, or undefined when nothing was inserted
   * (a concurrent duplicate won the key — or the operation could not apply, see `missing`).
   */
  execute(): Promise<R | undefined>;
  /** false on hot paths: execute first (one round trip) and look the key up only on conflict. */
  findFirst?: boolean;
  /** Thrown when execute inserted nothing and no row holds the key either. */
  missing(): Error;
  /** The stored row is claimed but its operation not finished yet (answered `idempotency_key_in_flight`). */
  pending?(row: R): boolean;
}

function replay<R extends { request_hash: string }>(row: R, op: IdempotentOperation<R>): IdempotentResult<R> {
  if (row.request_hash !== op.hash) throw new BusinessError('idempotency_key_mismatch');
  if (op.pending?.(row)) throw new BusinessError('idempotency_key_in_flight');
  return { response: row, replayed: true };
}

/** Runs one operation at most once per (owner, key) — see the module comment. */
export async function idempotentOperation<R extends { request_hash: string }>(
  op: IdempotentOperation<R>,
): Promise<IdempotentResult<R>> {
  if (op.findFirst !== false) {
    const existing = await op.find();
    if (existing) return replay(existing, op);
  }
  let created: R | undefined;
  try {
    created = await op.execute();
  } catch (e) {
    // A concurrent duplicate may have committed the key while this one was being validated: its
    // effect (e.g. the quote it used up) is what made this one fail. The client asked for that
    // operation, so it gets it replayed, not the refusal its own copy ran into.
    const raced = await op.find();
    if (raced) return replay(raced, op);
    throw e;
  }
  if (created) return { response: created, replayed: false };
  const raced = await op.find();
  if (raced) return replay(raced, op);
  throw op.missing();
}

/** Maps the stored row to the answer. */
export function mapIdempotent<R, T>(result: IdempotentResult<R>, map: (row: R) => T): IdempotentResult<T> {
  return { response: map(result.response), replayed: result.replayed };
}

/** Sets `Idempotent-Replayed: true` on a replay and answers the operation. */
export function replyIdempotent<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return result.response;
}
