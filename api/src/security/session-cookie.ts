import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_SECONDS } from '@cardwallet/shared';

/**
 * The browser's customer session (issue 22): an `HttpOnly` cookie instead of a token in
 * localStorage, so a script on the page (XSS, a compromised dependency) can use the session while
 * the page is open but cannot carry the token away.
 *
 * - Set by every sign-in (user/login — password or code —, user/register, passkey/login) when the
 *   request comes from the app's own client, i.e. carries `X-Requested-With: XMLHttpRequest`
 *   (a cross-site form cannot send that header); the body's token is then empty. API clients and
 *   tests (no such header) keep receiving the token and send it as `Authorization: Bearer` or
 *   `Access-Token`; they never get a cookie.
 * - `HttpOnly; SameSite=Strict; Path=/; Max-Age=30 days`. Over https (directly or through a
 *   trusted proxy's X-Forwarded-Proto; production requires TRUST_PROXY) it is named
 *   `__Host-cw_session` and `Secure`: the browser then only accepts it from this exact host over
 *   https, so a network attacker or a sibling subdomain cannot plant one. Over plain http — the
 *   sandbox on loopback, where a browser refuses `Secure` cookies from http — it is `cw_session`.
 *   An https request reads only the prefixed name, an http request only the plain one.
 * - A Cookie header carrying the session cookie twice authenticates nothing (which one the
 *   browser sent first is not a choice we let an attacker make).
 * - CSRF: SameSite=Strict keeps other sites' requests from carrying it at all, and a state-changing
 *   request (anything but GET/HEAD/OPTIONS) authenticated by the cookie must carry
 *   `X-Requested-With: XMLHttpRequest` — a custom header, which no form can send and which a
 *   cross-origin script could only send after a CORS preflight that this API never grants.
 *   Checked in http/auth.ts; refused with 403 `csrf_header_required`.
 * - Cleared by user/logout (Max-Age=0), after the session row is revoked.
 */
export const SESSION_COOKIE = 'cw_session';
/** The name over https (`__Host-`: Secure, Path=/, no Domain — the browser enforces all three). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** `__Host-<name>` over https, `<name>` over http (the sandbox on loopback). */
export function cookieName(request: FastifyRequest, name: string): string {
  return request.protocol === 'https' ? `__Host-${name}` : name;
}

/**
 * The value of cookie `name` (already prefixed as wanted) in the request's Cookie header;
 * undefined when absent, empty, too long, or present more than once.
 */
export function singleCookie(request: FastifyRequest, name: string, maxLength = 256): string | undefined {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  let found: string | undefined;
  let count = 0;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    count++;
    found = part.slice(eq + 1).trim();
  }
  if (count !== 1 || !found || found.length > maxLength) return undefined;
  return found;
}
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
// The whole origin, not just /api: the shell's registry request (/remotes.json) must carry the
// session so that a signed-in customer gets their user canary cohort (api/src/web/release-serving.ts).
const COOKIE_PATH = '/';

/** The session token of the request's Cookie header, if any (tokens are base64url: no decoding). */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return singleCookie(request, cookieName(request, SESSION_COOKIE));
}

/** Whether the request carries the app client's header (CSRF defence, and "I want a cookie session"). */
export function fromAppClient(request: FastifyRequest): boolean {
  const raw = request.headers[CSRF_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw) === CSRF_HEADER_VALUE;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isStateChanging = (request: FastifyRequest) => !SAFE_METHODS.has(request.method);

function attributes(request: FastifyRequest, maxAge: number): string {
  return [
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

/**
 * After a sign-in: for the app's browser client, the token goes into the cookie and the answer
 * keeps only the user id (token ''); any other caller gets the token in the body as before.
 */
export function browserSession<T extends { token: string; userId?: string | number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  session: T,
): T {
  if (!fromAppClient(request)) return session;
  reply.header(
    'set-cookie',
    `${cookieName(request, SESSION_COOKIE)}=${session.token}; ${attributes(request, SESSION_LIFETIME_SECONDS)}`,
  );
  // The page requests from now on resolve this person's user cohort (web/release-serving.ts). The
  // registry is in the HTML, so the shell seldom asks /remotes.json: without this cookie signed-in
  // pages would stay in the browser's anonymous cohort.
  if (session.userId !== undefined && /^[0-9]{1,18}$/.test(String(session.userId)))
    reply.header('set-cookie', `${USER_COHORT_COOKIE}=${session.userId}; ${userCohortAttributes(request, 31_536_000)}`);
  return { ...session, token: '' };
}

/** user/logout: the browser forgets the cookie (the session row is revoked by then) and the user cohort. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${cookieName(request, SESSION_COOKIE)}=; ${attributes(request, 0)}`);
  reply.header('set-cookie', `${USER_COHORT_COOKIE}=; ${userCohortAttributes(request, 0)}`);
}

/**
 * The signed-in person's canary cohort, remembered for page requests (which resolve the registry
 * from cookies only, without a session lookup): a hint for the canary split, not a credential.
 * Lax, not Strict: a link from another site opens the app in the same cohort.
 */
export const USER_COHORT_COOKIE = 'cw_ucohort';

export function userCohortAttributes(request: FastifyRequest, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;
}
