import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { negotiateLocale, ResultCode } from '@cardwallet/shared';
import { errorBody } from '../http/envelope.js';

/** The names a sandbox always answers to: the loopback names a developer's browser uses. */
export const LOOPBACK_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/**
 * The host part of a `Host` header (`name`, `name:port`, `[v6]`, `[v6]:port`), lower-cased and
 * without a trailing dot; undefined when it is not one of those shapes (a path, spaces, userinfo).
 */
export function hostNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/.exec(value);
  if (!m) return undefined;
  return m[1]!.replace(/\.$/, '');
}

/** `::1` → `[::1]`: IPv6 literals are compared in the bracketed form the Host header uses. */
function normalise(name: string): string {
  const lower = name.trim().toLowerCase().replace(/\.$/, '');
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/**
 * The host names this deployment answers to.
 * - production: exactly `ALLOWED_HOSTS` (required by the configuration).
 * - sandbox: the loopback names, the `HOST` it listens on (for a wildcard `HOST` — 0.0.0.0 or ::,
 *   "open the sandbox to a phone" — every address of this machine's interfaces) and `ALLOWED_HOSTS`.
 */
export function allowedHostNames(opts: { sandbox: boolean; host: string; configured: string[] }): Set<string> {
  const names = new Set(opts.configured.map(normalise));
  if (!opts.sandbox) return names;
  for (const n of LOOPBACK_HOST_NAMES) names.add(n);
  if (opts.host === '0.0.0.0' || opts.host === '::') {
    for (const list of Object.values(os.networkInterfaces()))
      for (const a of list ?? []) names.add(normalise(a.address.replace(/%.*$/, '')));
    names.add(normalise(os.hostname()));
  } else {
    names.add(normalise(opts.host));
  }
  return names;
}

/**
 * Refuses a request whose `Host` is not one of the configured names with HTTP 421 (Misdirected
 * Request) in the envelope, as the first onRequest hook — before authentication, the rate limits,
 * body parsing and any handler. A page on another origin that rebinds its own name to this
 * machine's address (DNS rebinding) still sends its own name as `Host`, so it reads nothing here.
 * The raw header is used, never X-Forwarded-Host: nginx passes the client's Host through.
 */
export function registerHostAllowlist(app: FastifyInstance, allowed: ReadonlySet<string>): void {
  app.addHook('onRequest', async (request, reply) => {
    const name = hostNameOf(request.headers.host);
    if (name !== undefined && allowed.has(name)) return;
    request.log.info({ host: request.headers.host?.slice(0, 100) }, 'host not allowed');
    return reply
      .code(421)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(
        errorBody(
          negotiateLocale(request.headers['accept-language']?.toString()),
          ResultCode.forbidden,
          'host_not_allowed',
        ),
      );
  });
}
