import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
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

/** Most bytes of documents and their compressed forms kept per coding (keys count twice: UTF-16). */
export const ENCODED_HTML_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Compressed documents by their text, one cache per coding. The document is per client but not
 * unique to one: every client of a cohort, language, route and sign-in state gets the same bytes
 * (it holds no secret and reflects no request input), and brotli was ~45 % of its cost to serve
 * (334 µs of 777 µs per request on a 2-core test machine). Keyed by the text itself, so
 * a new release, rollback or rebuild simply makes a new key; the old one ages out.
 */
const encodedHtml: Record<ContentEncoding, LRUCache<string, Buffer>> = {
  br: newEncodedCache(),
  gzip: newEncodedCache(),
};

function newEncodedCache(): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({
    maxSize: ENCODED_HTML_CACHE_BYTES / 2,
    sizeCalculation: (body, html) => body.length + html.length * 2,
  });
}

function compress(raw: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(raw);
  return brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

/**
 * The per-client HTML (registry, critical CSS, the route's skeleton: 5–8 KB) compressed for the wire
 * when the browser accepts it: the static files are pre-compressed at build time, this document is
 * made per request, and compressed once per distinct text (`encodedHtml`). Brotli at a low quality,
 * gzip at its default. Safe from BREACH-style attacks: the session is an HttpOnly cookie, never in
 * the page, and the document reflects no request input (the path only picks one of the known routes).
 *
 * `personal`: a page with the customer's own figures (first-view.ts) is compressed for this answer
 * only, never kept: one customer's balance has no place in a cache every client's page goes
 * through, and such texts (one per customer and balance) would only push out the shared ones.
 */
export function encodeHtml(
  html: string,
  acceptEncoding: string | string[] | undefined,
  opts: { personal?: boolean } = {},
): { body: Buffer; encoding?: ContentEncoding } {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return { body: Buffer.from(html, 'utf8') };
  if (opts.personal) return { body: compress(Buffer.from(html, 'utf8'), encoding), encoding };
  const cache = encodedHtml[encoding];
  let body = cache.get(html);
  if (!body) {
    body = compress(Buffer.from(html, 'utf8'), encoding);
    cache.set(html, body);
  }
  return { body, encoding };
}
