import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findUserSession, tokenOf } from '../http/auth.js';
import { USER_COHORT_COOKIE, userCohortAttributes } from '../security/session-cookie.js';
import { appByName, appByShort } from '../modules/releases/apps.js';
import type { ReleaseService } from '../modules/releases/service.js';
import { contentTypeOf, isSafeRelativePath } from '../modules/releases/store.js';
import { chooseEncoding, type ContentEncoding } from './html-encoding.js';

/** The anonymous cohort cookie: 128-bit random, sticky for a year. */
export const COHORT_COOKIE = 'cw_cohort';
/** Apps whose canary this client takes whatever its cohort: `cw_candidate=mf_card` (comma list). */
export const CANDIDATE_COOKIE = 'cw_candidate';
const COHORT_RE = /^[A-Za-z0-9_-]{22,64}$/;
const RELEASE_ID_RE = /^[0-9A-Za-z.+-]{1,80}$/;

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The signed-in person's cohort is remembered for navigations in USER_COHORT_COOKIE: set by every
 * browser sign-in (security/session-cookie.ts) and by `/remotes.json` asked with a session, cleared
 * by logout and by `/remotes.json` asked without one. The HTML of the next start resolves the same
 * cohort without a session lookup. It is a hint for the canary split, not a credential — choosing
 * a cohort gives nothing `cw_candidate` does not already give.
 */
export { USER_COHORT_COOKIE };
const USER_ID_RE = /^[0-9]{1,18}$/;

const cookieAttributes = (request: FastifyRequest) => userCohortAttributes(request, 31_536_000);

function anonCohort(request: FastifyRequest, reply: FastifyReply): string {
  let anon = readCookie(request, COHORT_COOKIE);
  if (!anon || !COHORT_RE.test(anon)) {
    anon = randomBytes(16).toString('base64url');
    reply.header('Set-Cookie', `${COHORT_COOKIE}=${anon}; ${cookieAttributes(request)}`);
  }
  return `anon:${anon}`;
}

/**
 * Who this client is for the canary split: the signed-in user (Access-Token header, sent by the
 * shell when it has a session) else the anonymous cookie, minted on first sight. Signing in
 * moves a person from their anonymous cohort to their user cohort, which is then the same on
 * every device.
 */
async function cohortOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const token = tokenOf(request);
  const remembered = readCookie(request, USER_COHORT_COOKIE);
  if (token) {
    const user = await findUserSession(app, token).catch(() => undefined);
    if (user) {
      if (remembered !== String(user.userId))
        reply.header('Set-Cookie', `${USER_COHORT_COOKIE}=${user.userId}; ${cookieAttributes(request)}`);
      return `user:${user.userId}`;
    }
  }
  // Signed out: the next page must not start in the previous person's cohort.
  if (remembered !== undefined)
    reply.header('Set-Cookie', `${USER_COHORT_COOKIE}=; ${userCohortAttributes(request, 0)}`);
  return anonCohort(request, reply);
}

/** The cohort of a page request, from cookies only (no database): see USER_COHORT_COOKIE. */
export function pageCohortOf(request: FastifyRequest, reply: FastifyReply): { cohort: string; kind: 'user' | 'anon' } {
  const remembered = readCookie(request, USER_COHORT_COOKIE);
  if (remembered && USER_ID_RE.test(remembered)) return { cohort: `user:${remembered}`, kind: 'user' };
  return { cohort: anonCohort(request, reply), kind: 'anon' };
}

export function candidatesOf(request: FastifyRequest): Set<string> {
  return new Set(
    (readCookie(request, CANDIDATE_COOKIE) ?? '')
      .split(/[,.]/)
      .map((s) => s.trim())
      .filter((name) => appByName(name)),
  );
}

function pickEncoding(
  request: FastifyRequest,
  available: Set<string>,
  file: string,
): { suffix: '' | '.br' | '.gz'; encoding?: ContentEncoding } {
  const precompressed: ContentEncoding[] = [];
  if (available.has(`${file}.br`)) precompressed.push('br');
  if (available.has(`${file}.gz`)) precompressed.push('gzip');
  const encoding = chooseEncoding(request.headers['accept-encoding'], precompressed);
  if (encoding === 'br') return { suffix: '.br', encoding };
  if (encoding === 'gzip') return { suffix: '.gz', encoding };
  return { suffix: '' };
}

/**
 * `/remotes.json` resolved per client from the registry, and `/remotes/<app>/<release>/<file>`
 * from the release store (immutable: cached for a year; a new release is a new path).
 */
export async function registerReleaseServing(app: FastifyInstance, releases: ReleaseService): Promise<void> {
  const maxAge = app.config.releases.registryMaxAgeSeconds;

  app.get('/remotes.json', async (request, reply) => {
    const cohort = await cohortOf(app, request, reply);
    const remotes = await releases.resolve(cohort, candidatesOf(request));
    // Private (it depends on the cookie / session) and short-lived, so a promotion or a rollback
    // reaches every client within seconds.
    reply
      .header('Cache-Control', `private, max-age=${maxAge}, must-revalidate`)
      .header('Vary', 'Cookie, Access-Token')
      .header('Timing-Allow-Origin', '*');
    return { remotes };
  });

  // File lists of releases, read once each (they never change).
  const fileSets = new Map<string, Set<string>>();
  const filesOf = async (short: string, releaseId: string): Promise<Set<string> | undefined> => {
    const key = `${short}/${releaseId}`;
    const cached = fileSets.get(key);
    if (cached) return cached;
    const [row] = await app.database.sql.query<{ files: Array<{ path: string }> }>(
      `select files from releases where app = $1 and release_id = $2`,
      [appByShort(short)!.name, releaseId],
    );
    if (!row) return undefined;
    const set = new Set((row?.files ?? []).map((f) => f.path));
    fileSets.set(key, set);
    return set;
  };

  app.get('/remotes/:short/:releaseId/*', async (request, reply) => {
    const { short, releaseId } = request.params as { short: string; releaseId: string };
    const file = (request.params as { '*': string })['*'];
    const target = appByShort(short);
    reply.header('Access-Control-Allow-Origin', '*').header('Timing-Allow-Origin', '*');
    if (!target || !RELEASE_ID_RE.test(releaseId) || !isSafeRelativePath(file))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const files = await filesOf(short, releaseId);
    if (!files?.has(file)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const { suffix, encoding } = pickEncoding(request, files, file);
    const body = await releases.store.read(`${short}/${releaseId}/${file}${suffix}`);
    if (!body) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .type(contentTypeOf(file))
      .send(body);
  });
}
