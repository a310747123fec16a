import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Origins the shell's `webview` page may frame (shell/src/pages/tools/webview-url.ts
 * WEBVIEW_ALLOWED_ORIGINS; api/test/web/security-headers.test.ts keeps the two lists equal).
 */
export const WEBVIEW_FRAME_ORIGINS = [
  'https://cardwallet.test',
  'https://www.cardwallet.test',
  'https://help.cardwallet.test',
];

/** Where browsers POST Content-Security-Policy violation reports (see csp-reports.ts). */
export const CSP_REPORT_PATH = '/csp-reports';

export interface CspOptions {
  /** Origins release files come from besides our own (a CDN named by the registry). */
  scriptOrigins: () => string[];
  /** The configured map tile server's origin (MAP_TILE_URL, docs/places.md), images only. */
  mapTileOrigins?: string[];
  /** The bucket browsers upload to directly (config/uploads.ts directUploadOrigin), only when configured. */
  uploadOrigins?: string[];
}

/**
 * The policy of every page and asset. Scripts only from our origin and the origins the release
 * registry names (no inline script, no eval); styles allow inline `style` attributes (React and
 * antd-mobile set them) but style elements only from files; images from data:/blob: too (the QR
 * poster is drawn on a canvas and saved as an image); frames only the webview's allowlist; nobody
 * may frame us.
 */
export function cspDirectives(opts: {
  scriptOrigins: string[];
  mapTileOrigins?: string[];
  uploadOrigins?: string[];
}): Record<string, string[]> {
  const scripts = ["'self'", ...opts.scriptOrigins];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: scripts,
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...opts.scriptOrigins],
    // …and map tiles from the one configured tile server (the geocoder is called by the API, not the browser).
    imgSrc: ["'self'", 'data:', 'blob:', ...opts.scriptOrigins, ...(opts.mapTileOrigins ?? [])],
    fontSrc: ["'self'", 'data:', ...opts.scriptOrigins],
    // Manifests are fetched by the MF runtime; the live stream (SSE) and the API are same-origin.
    // …and direct uploads POST to the configured bucket (docs/kyc.md "Direct uploads"); nothing else.
    connectSrc: ["'self'", ...opts.scriptOrigins, ...(opts.uploadOrigins ?? [])],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", ...WEBVIEW_FRAME_ORIGINS],
    childSrc: ["'self'", ...WEBVIEW_FRAME_ORIGINS],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    manifestSrc: ["'self'"],
    reportUri: [CSP_REPORT_PATH],
  };
}

/**
 * Security headers through helmet on every response of the process: CSP (above),
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 * `X-Frame-Options: DENY`, and HSTS only when the request came over TLS (directly or through a
 * trusted proxy), since HSTS over plain HTTP is ignored and would only pin localhost.
 *
 * helmet's middleware is made once here and run on each request's raw response. (@fastify/helmet
 * 13 built it afresh per request, parsing the CSP directives every time: ~15 % of the CPU of
 * serving the per-client page in a profile of api/bench/html-bench.ts.)
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: CspOptions): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        scriptOrigins: opts.scriptOrigins(),
        mapTileOrigins: opts.mapTileOrigins ?? [],
        uploadOrigins: opts.uploadOrigins ?? [],
      }),
    },
    // Cross-origin isolation headers would block the CDN-origin case; CORP is set per asset below.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: false,
    xContentTypeOptions: true,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The sandbox's stand-in for the KYC provider's hosted page (in production another origin
    // with its own policy) carries one inline script and style: allowed by hash, nothing else.
    if (
      request.url.startsWith('/sandbox-provider/') &&
      typeof payload === 'string' &&
      String(reply.getHeader('content-type')).startsWith('text/html')
    ) {
      reply.header('Content-Security-Policy', providerPagePolicy(payload, opts.scriptOrigins()));
      reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // The API reference (Swagger UI) is the one page our own webview may frame (same origin only);
    // it holds no action a framing page could trick a customer into.
    if (request.url.startsWith('/api/docs')) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('Content-Security-Policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
  });
}

function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
    out.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  return out;
}

/**
 * Our policy for a page that stands in for a third party's: its inline script allowed by hash
 * (styles already may be inline), framed by our own pages only.
 */
export function providerPagePolicy(html: string, scriptOrigins: string[]): string {
  const directives = cspDirectives({ scriptOrigins });
  directives.scriptSrc = [...directives.scriptSrc!, ...inlineScriptHashes(html)];
  directives.frameAncestors = ["'self'"];
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}
