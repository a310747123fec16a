import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import { CONTRACT_MAJOR, FIRST_VIEW_ELEMENT_ID, isLocale, negotiateLocale } from '@cardwallet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEATURE_APPS } from '../modules/releases/apps.js';
import { releaseServiceOf } from '../modules/releases/instance.js';
import { publishLocalBuilds } from '../modules/releases/local-builds.js';
import { registerCspReports } from './csp-reports.js';
import { candidatesOf, pageCohortOf, readCookie, registerReleaseServing } from './release-serving.js';
import {
  directionOf,
  FRAME_CSS,
  frameHtml,
  frameLocale,
  FrameTextsFile,
  LANGUAGE_COOKIE,
  offlineHtml,
} from './app-frame.js';
import { jsonForHtml, ShellDocument, type InlineRegistry } from './shell-document.js';
import { encodeHtml } from './html-encoding.js';
import { RouteSkeletonSource } from './skeleton-source.js';
import { SKELETONS_FILE, drawnTotalOf, figuresOf, skeletonStyle } from './route-skeleton.js';
import {
  hintsFromManifest,
  linkHeaderValues,
  ManifestCache,
  afterPaintHints,
  StartFilesFile,
} from './remote-preload.js';
import {
  answersMarkup,
  firstRequestsOf,
  hintsFromRouteFiles,
  pageOf,
  requestLinks,
  ROUTE_FILES,
} from './route-preload.js';
import { requestPathOf, type ReleaseRequest } from '@cardwallet/shared/release-files';
import { registerSecurityHeaders } from './security-headers.js';
import { sessionCookieOf } from '../security/session-cookie.js';
import { directUploadOrigin } from '../config/uploads.js';
import type { GeoConfig } from '../config/geo.js';
import { geoSelection } from '../providers/geo/index.js';

/** Where each remote is served: `/remotes/<short>/`, exactly as if deployed on another host. */
export const REMOTE_DIRS = FEATURE_APPS;

const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css|png|jpe?g|gif|svg|webp|woff2?)(\.br|\.gz)?$/;

type HeaderTarget = { header(name: string, value: string): unknown };

function setCacheHeaders(res: HeaderTarget, path: string) {
  // Hashed file names never change content; everything else (index.html, remoteEntry.js,
  // mf-manifest.json) must be revalidated so a redeploy is picked up on the next load.
  res.header('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.header('Timing-Allow-Origin', '*');
}

interface BuildInfo {
  name: string;
  routePrefix: string;
  contractMajor: number;
}

/**
 * Without a database (the web-only server, standalone.ts): `/remotes.json` lists every remote whose
 * production build is present, read on each request, served from its dist/ folder. The API
 * process serves releases from the release store instead (release-serving.ts).
 */
export function remoteRegistry(rootDir: string): { remotes: Array<BuildInfo & { manifestUrl: string }> } {
  const remotes: Array<BuildInfo & { manifestUrl: string }> = [];
  for (const remote of REMOTE_DIRS) {
    const dist = join(rootDir, remote.dir, 'dist');
    try {
      const info = JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8')) as BuildInfo;
      if (!existsSync(join(dist, 'mf-manifest.json')) || info.name !== remote.name) continue;
      remotes.push({
        name: remote.name,
        routePrefix: info.routePrefix,
        manifestUrl: `/remotes/${remote.short}/mf-manifest.json`,
        contractMajor: info.contractMajor,
      });
    } catch {
      // Not built (or half-written): the shell shows that app's pages as unavailable.
    }
  }
  return { remotes };
}

function hasFiles(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * Serves the web front end from the API's Fastify process: the shell at `/`, each feature app
 * under `/remotes/<name>/`, `/remotes.json`, and the SPA fallback for `/` and `/pages/*`.
 * `/api/*` is never answered here (the API's own not-found handler answers in the envelope).
 */
export default async function webPlugin(
  app: FastifyInstance,
  opts: {
    rootDir: string;
    /** The web-only server's map settings (the API's are app.config.geo). */
    geo?: GeoConfig;
    /** The web-only server's EARLY_HINTS (the API's is app.config.earlyHints). */
    earlyHints?: boolean;
    /**
     * Where this process answers the API, for the page's first requests (route-preload.ts
     * `requestLinks`): `/api/` in the API process; none by default in the web-only server.
     */
    apiPrefix?: string;
  },
): Promise<void> {
  const shellDist = join(opts.rootDir, 'shell', 'dist');
  const indexFile = join(shellDist, 'index.html');
  // The API process has a database, hence a release registry; the web-only server does not.
  const releases = app.hasDecorator('database') ? releaseServiceOf(app) : undefined;
  const sandbox = app.hasDecorator('config') ? app.config.sandbox : true;
  const earlyHints = app.hasDecorator('config') ? app.config.earlyHints : (opts.earlyHints ?? false);
  const apiPrefix = opts.apiPrefix ?? (releases ? '/api/' : undefined);
  // The API process's modules provide the customer's first-view figures; the web-only server has none.
  const firstView = app.hasDecorator('firstView') ? app.firstView : undefined;

  const tileOrigin = geoSelection(sandbox, app.hasDecorator('config') ? app.config.geo : opts.geo).tileOrigin;
  const uploadOrigin = app.hasDecorator('config') ? directUploadOrigin(app.config.uploads) : undefined;
  await registerSecurityHeaders(app, {
    scriptOrigins: () => releases?.scriptOrigins() ?? [],
    mapTileOrigins: tileOrigin ? [tileOrigin] : [],
    uploadOrigins: uploadOrigin ? [uploadOrigin] : [],
  });
  await registerCspReports(app);

  if (releases) {
    await publishLocalBuilds(releases, opts.rootDir, { sandbox, log: app.log });
    await registerReleaseServing(app, releases);
    // Release changes made by other processes reach this one's in-memory registry (registry-cache.ts).
    await releases.registry.listen(app.database, app.config.databaseUrl, app.log);
    app.addHook('onClose', async () => releases.registry.stop());
  } else {
    app.get('/remotes.json', async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache').header('Timing-Allow-Origin', '*');
      return remoteRegistry(opts.rootDir);
    });
  }

  let decorated = false;
  if (hasFiles(shellDist)) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => setCacheHeaders(res as unknown as HeaderTarget, path),
    });
    decorated = true;
  } else {
    app.log.warn(`web: ${shellDist} is missing — run the front-end build`);
  }
  for (const remote of releases ? [] : REMOTE_DIRS) {
    const dist = join(opts.rootDir, remote.dir, 'dist');
    if (!hasFiles(dist)) continue;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${remote.short}/`,
      wildcard: true,
      preCompressed: true,
      index: false,
      decorateReply: !decorated,
      cacheControl: false,
      setHeaders: (res, path) => {
        setCacheHeaders(res as unknown as HeaderTarget, path);
        (res as unknown as HeaderTarget).header('Access-Control-Allow-Origin', '*');
      },
    });
    decorated = true;
  }

  // Without a database the registry is the builds on disk: read at most once a second.
  let diskRegistry: { at: number; value: InlineRegistry } | undefined;
  const registryFor = async (request: FastifyRequest, reply: FastifyReply): Promise<InlineRegistry> => {
    if (releases) {
      const { cohort, kind } = pageCohortOf(request, reply);
      return { cohort: kind, remotes: await releases.resolve(cohort, candidatesOf(request)) };
    }
    if (!diskRegistry || Date.now() - diskRegistry.at > 1_000)
      diskRegistry = { at: Date.now(), value: { cohort: 'all', remotes: remoteRegistry(opts.rootDir).remotes } };
    return diskRegistry.value;
  };

  // The route's remote chain, announced in the page (remote-preload.ts). Release manifests are
  // immutable (cached); the web-only server reads the build on disk each time (it may be rebuilt).
  const releaseManifests = new ManifestCache(async (manifestUrl) => {
    const key = /([^/]+\/[^/]+\/mf-manifest\.json)$/.exec(manifestUrl)?.[1];
    return key ? (await releases!.store.read(key))?.toString('utf8') : undefined;
  });
  const manifestText = async (remote: { manifestUrl: string }): Promise<string | undefined> => {
    if (releases) return releaseManifests.get(remote.manifestUrl);
    const short = /^\/remotes\/([a-z]+)\/mf-manifest\.json$/.exec(remote.manifestUrl)?.[1];
    const dir = REMOTE_DIRS.find((r) => r.short === short)?.dir;
    try {
      return dir ? readFileSync(join(opts.rootDir, dir, 'dist', 'mf-manifest.json'), 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  // Each release's route-files.json (route-preload.ts): immutable like its manifest.
  const releaseRouteFiles = new ManifestCache(async (manifestUrl) => {
    const key = /([^/]+\/[^/]+\/)mf-manifest\.json$/.exec(manifestUrl)?.[1];
    return key ? (await releases!.store.read(`${key}${ROUTE_FILES}`))?.toString('utf8') : undefined;
  });
  const routeFilesText = async (manifestUrl: string): Promise<string | undefined> => {
    if (releases) return releaseRouteFiles.get(manifestUrl);
    const short = /^\/remotes\/([a-z]+)\/mf-manifest\.json$/.exec(manifestUrl)?.[1];
    const dir = REMOTE_DIRS.find((r) => r.short === short)?.dir;
    try {
      return dir ? readFileSync(join(opts.rootDir, dir, 'dist', ROUTE_FILES), 'utf8') : undefined;
    } catch {
      return undefined;
    }
  };
  // The markup of a route's chains, by release, page and language (preloadsFor): parsing and checking a
  // manifest and its route files per request was a third of the wallet page's cost (a CPU profile).
  const derivedPreloads = new LRUCache<
    string,
    { manifest?: string; routeFiles?: string; value: { links: string; requests: ReleaseRequest[] } }
  >({ max: 2_048 });
  const isAppRoute = (path: string, registry: InlineRegistry): boolean =>
    (registry.remotes as Array<{ routePrefix?: string }>).some((r) => r.routePrefix && path.startsWith(r.routePrefix));
  /**
   * `locale`: the page will render (its texts and chunks are announced); `apiLocale`: the language the
   * API answers a request without the shell's headers in (the browser's Accept-Language) — the page's
   * first requests are announced only when it is the page's (route-preload.ts `requestLinks`).
   */
  const preloadsFor = async (
    path: string,
    registry: InlineRegistry,
    locale?: string,
    apiLocale?: string,
  ): Promise<{ links: string; requests: ReleaseRequest[] }> => {
    const none = { links: '', requests: [] };
    const remote = (
      registry.remotes as Array<{ routePrefix?: string; manifestUrl?: string; contractMajor?: number }>
    ).find((r) => r.routePrefix && r.manifestUrl && path.startsWith(r.routePrefix));
    // A release the shell will refuse (another contract major) is not worth a byte.
    if (!remote?.manifestUrl || remote.contractMajor !== CONTRACT_MAJOR) return none;
    const manifest = await manifestText({ manifestUrl: remote.manifestUrl });
    // The page's own chunks too, when the page will render (`locale` is given then, see below).
    const page = locale && remote.routePrefix ? pageOf(path, remote.routePrefix) : undefined;
    const routeFiles = page ? await routeFilesText(remote.manifestUrl) : undefined;
    // Its first API answers too, started now rather than after the page has rendered.
    const withRequests = Boolean(page && apiPrefix && apiLocale === locale);
    // Made from the release's texts and these few arguments only: kept while the texts are the same.
    const key = `${remote.manifestUrl}\0${locale ?? ''}\0${page ?? ''}\0${withRequests}`;
    const known = derivedPreloads.get(key);
    if (known && known.manifest === manifest && known.routeFiles === routeFiles) return known.value;
    const hints = hintsFromManifest(remote.manifestUrl, manifest, locale);
    if (page) hints.push(...hintsFromRouteFiles(remote.manifestUrl, routeFiles, page));
    const value = {
      links: afterPaintHints(hints),
      requests: withRequests ? firstRequestsOf(routeFiles, page!) : [],
    };
    derivedPreloads.set(key, { manifest, routeFiles, value });
    return value;
  };

  // Each route's own skeleton, from the release the client gets for it (skeleton-source.ts).
  const routeSkeletons = new RouteSkeletonSource({
    shellFile: join(shellDist, 'skeletons.json'),
    readRelease: async (manifestUrl) => {
      if (releases) {
        const key = /([^/]+\/[^/]+\/)mf-manifest\.json$/.exec(manifestUrl)?.[1];
        return key ? (await releases.store.read(`${key}${SKELETONS_FILE}`))?.toString('utf8') : undefined;
      }
      const short = /^\/remotes\/([a-z]+)\/mf-manifest\.json$/.exec(manifestUrl)?.[1];
      const dir = REMOTE_DIRS.find((r) => r.short === short)?.dir;
      return dir ? readFileSync(join(opts.rootDir, dir, 'dist', SKELETONS_FILE), 'utf8') : undefined;
    },
    // Releases are immutable; builds on disk (the web-only server) may be rebuilt.
    ttlMs: releases ? 0 : 2_000,
  });
  const shellDocument = new ShellDocument(indexFile);
  const frameTexts = new FrameTextsFile(join(shellDist, 'frame-texts.json'));
  const frameStyle = `<style>${FRAME_CSS}</style>`;
  const startFiles = new StartFilesFile(() => {
    try {
      return readFileSync(join(shellDist, 'start-files.json'), 'utf8');
    } catch {
      return undefined;
    }
  });
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The language the shell will start in: its stored choice (mirrored in a cookie), else the browser's.
    const locale = frameLocale(readCookie(request, LANGUAGE_COOKIE), request.headers['accept-language']);
    // The shell's start chain is the same for every client of this build: announced first, as
    // 103 Early Hints where configured (config.ts EARLY_HINTS), before the per-client work. Unlike the
    // page's own hints (held until the first paint, afterPaintHints), these start at once: an opt-in
    // for HTTP/2 deployments, where Chromium acts on 103 and a real link makes the chain the bottleneck.
    const home = path === '/' || /^\/pages\/index\/index\/?$/.test(path);
    const startHints = startFiles.hints(locale, home);
    // Never to an HTTP/1.0 client (RFC 9110 §15.2: it cannot read a 1xx).
    if (earlyHints && startHints.length && request.raw.httpVersion !== '1.0')
      reply.writeEarlyHints({ link: linkHeaderValues(startHints) });
    const registry = await registryFor(request, reply);
    const skeleton = await routeSkeletons.find(
      path,
      registry.remotes as Array<{ routePrefix?: string; manifestUrl?: string }>,
    );
    // Hints, not credentials (nothing of the customer is in the page): the remembered user cohort
    // (set by a browser sign-in, release-serving.ts) or the session cookie's presence, unchecked, say
    // the page will render signed in, so its texts and chunks are announced.
    const signedIn = registry.cohort === 'user' || sessionCookieOf(request) !== undefined;
    const preloads = await preloadsFor(
      path,
      registry,
      skeleton?.auth === false || signedIn ? locale : undefined,
      negotiateLocale(request.headers['accept-language']),
    );
    // The customer's own figures the route's skeleton draws (first-view.ts): only for a session the
    // API would accept, and then the page is the customer's alone and never stored.
    const wanted = signedIn && firstView ? figuresOf(skeleton) : [];
    const firstViewRead = wanted.length ? await firstView!.forRequest(app, request, wanted, locale) : undefined;
    const figures = firstViewRead?.values;
    // The answers the figures were read from go to the page's first identical requests
    // (early-requests.ts); the page's other first requests are announced for the browser to start.
    const answered = new Set(firstViewRead?.answers.map((a) => a.request));
    const firstRequests = `${answersMarkup(apiPrefix ?? '', firstViewRead?.answers ?? [], locale)}${requestLinks(
      apiPrefix ?? '',
      preloads.requests.filter((r) => !answered.has(requestPathOf(r))),
      locale,
    )}`;
    // A drawn total stays on screen after React has replaced the markup (shell: pages/home/server-total.ts).
    const drawnTotal = drawnTotalOf(skeleton, locale, figures);
    const drawnTotalData = drawnTotal
      ? `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${jsonForHtml(drawnTotal)}</script>`
      : '';
    const html = shellDocument.render(registry, {
      lang: locale,
      dir: directionOf(locale),
      // The page's first API requests first (a few hundred bytes each, one round trip: over HTTP/1.1's
      // six connections they would otherwise queue behind the scripts and arrive only just before the
      // page renders, measured 2.0-2.9 s), then the shell's start chain (every page needs it), then
      // the route's remote chain.
      headExtra: `${frameStyle}${skeletonStyle(skeleton, { signedIn })}${firstRequests}${startFiles.heldMarkup(locale, home, signedIn && isAppRoute(path, registry))}${preloads.links}${drawnTotalData}`,
      root: frameHtml(path, frameTexts.get(locale), { skeleton, locale, signedIn, figures }),
    });
    if (html === undefined)
      return reply.code(503).type('text/plain').send('The front end is not built yet: run `npm start`.');
    // Per client (its cohort's releases are in it): never stored by a shared cache, revalidated
    // every time so a promotion or rollback is in the next page.
    const { body, encoding } = encodeHtml(html, request.headers['accept-encoding'], { personal: Boolean(figures) });
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Cache-Control', figures ? 'private, no-store' : 'private, no-cache')
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  app.get('/', sendIndex);
  app.get('/pages/*', sendIndex);
  // The offline pages the service worker precaches (shell/src/pwa/sw.ts), one per language.
  app.get('/offline/:locale', async (request, reply) => {
    const { locale } = request.params as { locale: string };
    if (!isLocale(locale)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(offlineHtml(locale, frameTexts.get(locale)));
  });
}

// fastify-plugin's marker: register() without encapsulation, so the routes join the parent app.
(webPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
