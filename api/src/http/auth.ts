import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError } from './errors.js';
import { hashToken } from '../security/tokens.js';
import type { AuthAdmin, AuthUser } from './types.js';

/** The token of the request: header `Access-Token` (spec §7), or `Authorization: Bearer` for tools. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['access-token'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header && header.length <= 256) return header.trim() || undefined;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ') && auth.length <= 263) return auth.slice(7).trim() || undefined;
  return undefined;
}

export async function findUserSession(app: FastifyInstance, token: string): Promise<AuthUser | undefined> {
  const [row] = await app.database.sql.query<{
    session_id: number;
    user_id: number;
    kyc_level: number;
    email: string | null;
    mobile: string | null;
  }>(
    `select s.id::int as session_id, u.id::float8 as user_id, u.kyc_level::int as kyc_level, u.email, u.mobile
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = 'active'`,
    [hashToken(token), app.clock.now().toISOString()],
  );
  if (!row) return undefined;
  return {
    id: Number(row.user_id),
    userId: String(row.user_id),
    sessionId: Number(row.session_id),
    kycLevel: row.kyc_level,
    email: row.email,
    mobile: row.mobile,
  };
}

export async function findAdminSession(app: FastifyInstance, token: string): Promise<AuthAdmin | undefined> {
  const [row] = await app.database.sql.query<{ session_id: number; admin_id: number; username: string }>(
    `select s.id::int as session_id, a.id::float8 as admin_id, a.username
       from admin_sessions s join admins a on a.id = s.admin_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and a.status = 'active'`,
    [hashToken(token), app.clock.now().toISOString()],
  );
  if (!row) return undefined;
  return { id: Number(row.admin_id), adminId: String(row.admin_id), username: row.username, sessionId: Number(row.session_id) };
}

/**
 * onRequest hook enforcing `config.auth` of the route (before body parsing and validation). Admin and customer tokens live in separate
 * tables: an admin token is unknown to customer routes (401) and a customer token on an admin
 * route is refused with 403 admin_only.
 */
export function authPreHandler(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const auth = request.routeOptions.config.auth ?? 'public';
    if (auth === 'public') return;
    const token = tokenOf(request);
    if (!token) throw new BusinessError('unauthenticated');
    if (auth === 'user') {
      const user = await findUserSession(app, token);
      if (!user) throw new BusinessError('session_expired');
      request.user = user;
      return;
    }
    const admin = await findAdminSession(app, token);
    if (admin) {
      request.admin = admin;
      return;
    }
    if (await findUserSession(app, token)) throw new BusinessError('admin_only');
    throw new BusinessError('session_expired');
  };
}
