import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from './errors.js';
import { hashToken } from '../security/tokens.js';
import { clearSessionCookie, fromAppClient, isStateChanging, sessionCookieOf } from '../security/session-cookie.js';
import type { AuthAdmin, AuthUser } from './types.js';

/** The signed-in customer of a route behind the auth pre-handler; `unauthenticated` when there is none. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new BusinessError('unauthenticated');
  return request.user;
}

/**
 * The token of the request: header `Access-Token` (spec §7), `Authorization: Bearer` for tools and
 * tests, else the browser's HttpOnly session cookie (security/session-cookie.ts). `viaCookie` tells
 * the caller that the CSRF check applies.
 */
export function credentialOf(request: FastifyRequest): { token: string; viaCookie: boolean } | undefined {
  const raw = request.headers['access-token'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header && header.length <= 256 && header.trim()) return { token: header.trim(), viaCookie: false };
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ') && auth.length <= 263 && auth.slice(7).trim())
    return { token: auth.slice(7).trim(), viaCookie: false };
  const cookie = sessionCookieOf(request);
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

export function tokenOf(request: FastifyRequest): string | undefined {
  return credentialOf(request)?.token;
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
  return {
    id: Number(row.admin_id),
    adminId: String(row.admin_id),
    username: row.username,
    sessionId: Number(row.session_id),
  };
}

/**
 * onRequest hook enforcing `config.auth` of the route (before body parsing and validation). Admin and customer tokens live in separate
 * tables: an admin token is unknown to customer routes (401) and a customer token on an admin
 * route is refused with 403 admin_only.
 */
export function authPreHandler(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = request.routeOptions.config.auth ?? 'public';
    if (auth === 'public') return;
    const credential = credentialOf(request);
    if (!credential) throw new BusinessError('unauthenticated');
    // CSRF: a cookie rides along by itself; only the app's own client adds this header.
    if (credential.viaCookie && isStateChanging(request) && !fromAppClient(request))
      throw new BusinessError('csrf_header_required');
    const { token } = credential;
    if (auth === 'user') {
      const user = await findUserSession(app, token);
      if (!user) {
        // A revoked or expired cookie session: the browser forgets the cookie with the 401.
        if (credential.viaCookie) clearSessionCookie(request, reply);
        throw new BusinessError('session_expired');
      }
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
