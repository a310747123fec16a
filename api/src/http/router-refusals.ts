import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLocale } from '@cardwallet/shared';
import { errorBody } from './envelope.js';
import { clientErrorKey, defaultCodeOf } from './errors.js';

/**
 * Refusals made by the router before any route or hook runs (Fastify's `frameworkErrors`): a path
 * parameter over the 200-character limit (FST_ERR_MAX_PARAM_LENGTH, the router's raw 414 echoing the
 * URL) and a URL whose %-encoding is broken (FST_ERR_BAD_URL). Under /api they answer the translated
 * envelope like every other refusal; elsewhere (web pages) a plain-text status.
 */
export function routerRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  if (!request.url.startsWith('/api/')) {
    void reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 414 ? 'URI too long' : 'Bad request');
    return;
  }
  // onRequest hooks did not run: the locale is negotiated here.
  const header = request.headers['accept-language'];
  const locale = negotiateLocale(Array.isArray(header) ? header[0] : header);
  const key = clientErrorKey(error.code);
  void reply
    .code(200)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(locale, defaultCodeOf(key), key));
}

/**
 * The methods registered for the path of `url` when `method` is not one of them (a 405 in the
 * envelope, with `Allow`); undefined when no route has this path at all (a plain 404).
 */
export function methodNotAllowed(
  routes: readonly { method: string; url: string }[],
  method: string,
  url: string,
): string[] | undefined {
  const path = url.split('?')[0]!.replace(/\/+$/, '');
  const allowed = new Set<string>();
  for (const route of routes) {
    if (route.url.includes('*')) continue;
    if (patternOf(route.url).test(path)) allowed.add(route.method);
  }
  if (allowed.size === 0 || allowed.has(method)) return undefined;
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort();
}

const patterns = new Map<string, RegExp>();
function patternOf(routeUrl: string): RegExp {
  let re = patterns.get(routeUrl);
  if (!re) {
    const source = routeUrl
      .replace(/\/+$/, '')
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    re = new RegExp(`^${source}$`);
    patterns.set(routeUrl, re);
  }
  return re;
}
