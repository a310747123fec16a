import type { FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_SECONDS } from '@cardwallet/shared';
import type { SqlRunner } from '../../db/index.js';
import { hashToken, newToken } from '../../security/tokens.js';

/** Default admin session lifetime (ADMIN_SESSION_MINUTES overrides): short, an admin token is worth more than a customer's. */
export const ADMIN_SESSION_SECONDS = 30 * 60;

/** A new 30-day session for the user; the token is returned once and only its hash stored. */
export async function createSession(
  db: SqlRunner,
  request: FastifyRequest,
  userId: number,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into sessions (user_id, token_hash, platform, ip, user_agent, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      userId,
      hashToken(token),
      request.platform ?? null,
      request.ip,
      (request.headers['user-agent'] ?? '').slice(0, 256) || null,
      now.toISOString(),
      new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000).toISOString(),
    ],
  );
  return token;
}

export async function createAdminSession(
  db: SqlRunner,
  request: FastifyRequest,
  adminId: number,
  now: Date,
  lifetimeSeconds: number = ADMIN_SESSION_SECONDS,
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into admin_sessions (admin_id, token_hash, ip, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
    [
      adminId,
      hashToken(token),
      request.ip,
      now.toISOString(),
      new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    ],
  );
  return token;
}

/** Revokes every live session of the user except `keepSessionId` (if given). */
export async function revokeSessions(
  db: SqlRunner,
  userId: number,
  now: Date,
  keepSessionId?: number,
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update sessions set revoked_at = $2
      where user_id = $1 and revoked_at is null and ($3::bigint is null or id <> $3::bigint)
      returning id::text as id`,
    [userId, now.toISOString(), keepSessionId ?? null],
  );
  return rows.length;
}
