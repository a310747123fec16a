import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

const negotiators = new Map<string, Negotiator<ContentEncoding>>();

/**
 * The content coding to send, chosen by the client's Accept-Encoding with its q-values (so
 * `br;q=0` refuses brotli) among the codings we have for this response, brotli first on a tie.
 * One rule for the per-client document and the release files. The negotiator caches its answers
 * per header value (a handful of distinct browser headers).
 */
export function chooseEncoding(
  acceptEncoding: string | string[] | undefined,
  available: readonly ContentEncoding[] = ['br', 'gzip'],
): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (!header || available.length === 0) return undefined;
  const key = available.join(',');
  let negotiator = negotiators.get(key);
  if (!negotiator) {
    negotiator = new Negotiator({ supportedValues: [...available], cache: new Map() });
    negotiators.set(key, negotiator);
  }
  return negotiator.negotiate(header) ?? undefined;
}

/**
 * The per-client HTML (registry, critical CSS, the route's skeleton: 5–6 KB) compressed for the wire
 * when the browser accepts it: the static files are pre-compressed at build time, this document is
 * made per request. Brotli at a low quality and gzip at its default cost well under a millisecond for
 * a document this size. Safe from BREACH-style attacks: the document holds no secret (the session is
 * an HttpOnly cookie, never in the page) and reflects no request input.
 */
export function encodeHtml(
  html: string,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding?: ContentEncoding } {
  const raw = Buffer.from(html, 'utf8');
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === 'br')
    return {
      body: brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
      encoding,
    };
  if (encoding === 'gzip') return { body: gzipSync(raw), encoding };
  return { body: raw };
}
