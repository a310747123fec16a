/**
 * Which files of a feature app's release a page will load, read from the release's own build lists
 * (issue 24). One reading for the server, which announces them in the page
 * (api/src/web/remote-preload.ts, route-preload.ts), and for the shell, which prefetches the next
 * tabs' files when idle (shell/src/routing/next-apps-prefetch.ts) — so what is announced and what is
 * prefetched cannot drift apart. Never throws: a missing or malformed list gives fewer files.
 *
 * File names come from a release, which a deploy token can publish: only plain relative names
 * (no `..`, no leading `/`, no scheme, no quote or space) are taken, so none can point elsewhere or
 * break out of an HTML attribute or a `Link` header.
 */
export interface ReleaseFile {
  href: string;
  as: 'script' | 'style';
}

/** The per-route chunk list every release carries (shared/build/route-files.mjs). */
export const ROUTE_FILES = 'route-files.json';
/** More files than a page of ours has: a list longer than this is cut, not announced whole. */
export const MAX_ROUTE_FILES = 24;

const SAFE_FILE = /^[0-9A-Za-z._/+-]{1,300}$/;

export const isSafeReleaseFile = (value: unknown): value is string =>
  typeof value === 'string' && SAFE_FILE.test(value) && !value.includes('..') && !value.startsWith('/');

/** The safe file names of a build list's array (anything else: none). */
export const safeReleaseFiles = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter(isSafeReleaseFile) : [];

/** `publicPath: 'auto'`: a release's files resolve against its manifest's folder. */
export const releaseFolderOf = (manifestUrl: string): string => manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);

const parse = (text: string | undefined): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{
    name?: unknown;
    assets?: { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown } };
  }>;
}

/**
 * The files the shell loads before the first page of that app, from its `mf-manifest.json` text:
 * `remoteEntry.js` and the sync JS and CSS of the exposed `app` (the contract's FeatureApp); with
 * `locale`, the app's texts in that language (its `locale-<locale>` async chunk, contract 1.2).
 */
export function filesOfManifest(manifestUrl: string, manifestText: string | undefined, locale?: string): ReleaseFile[] {
  const manifest = parse(manifestText) as ManifestShape | undefined;
  if (!manifest || typeof manifest !== 'object') return [];
  const base = releaseFolderOf(manifestUrl);
  const out: ReleaseFile[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (entry && isSafeReleaseFile(entry.name)) {
    const dir = isSafeReleaseFile(entry.path) ? `${entry.path.replace(/\/$/, '')}/` : '';
    out.push({ href: `${base}${dir}${entry.name}`, as: 'script' });
  }
  const app = Array.isArray(manifest.exposes)
    ? manifest.exposes.find((e) => e?.name === 'app' || e?.name === './app')
    : undefined;
  for (const js of safeReleaseFiles(app?.assets?.js?.sync)) out.push({ href: `${base}${js}`, as: 'script' });
  for (const css of safeReleaseFiles(app?.assets?.css?.sync)) out.push({ href: `${base}${css}`, as: 'style' });
  if (locale && /^[a-z]{2}-[A-Z]{2}$/.test(locale)) {
    const chunk = new RegExp(`(^|/)locale-${locale}\\.[0-9a-f]+\\.js$`);
    const texts = safeReleaseFiles(app?.assets?.js?.async).find((js) => chunk.test(js));
    if (texts) out.push({ href: `${base}${texts}`, as: 'script' });
  }
  return out;
}

/** One page's chunk group (page chunk, its antd-mobile pieces, CSS), from the release's `route-files.json` text. */
export function filesOfRoute(manifestUrl: string, routeFilesText: string | undefined, page: string): ReleaseFile[] {
  const routes = (parse(routeFilesText) as { routes?: unknown } | null | undefined)?.routes;
  if (!routes || typeof routes !== 'object' || !Object.hasOwn(routes, page)) return [];
  const route = (routes as Record<string, { js?: unknown; css?: unknown } | null>)[page];
  const base = releaseFolderOf(manifestUrl);
  return [
    ...safeReleaseFiles(route?.js).map((js): ReleaseFile => ({ href: `${base}${js}`, as: 'script' })),
    ...safeReleaseFiles(route?.css).map((css): ReleaseFile => ({ href: `${base}${css}`, as: 'style' })),
  ].slice(0, MAX_ROUTE_FILES);
}

/** One GET a page asks first (a route's `firstRequests`, shared/src/contract.ts), as its release lists it. */
export interface ReleaseRequest {
  url: string;
  params?: Record<string, string | number | boolean>;
}

/** The server announces at most this many first requests for a page (shared/build/route-files.mjs checks the same). */
export const MAX_FIRST_REQUESTS = 4;
const REQUEST_PATH = /^[A-Za-z0-9_-]{1,80}(\/[A-Za-z0-9_-]{1,80}){0,7}$/;
const PARAM_NAME = /^[A-Za-z0-9_.-]{1,60}$/;

function releaseRequest(value: unknown): ReleaseRequest | undefined {
  const { url, params } = (value ?? {}) as { url?: unknown; params?: unknown };
  if (typeof url !== 'string' || !REQUEST_PATH.test(url)) return undefined;
  if (params === undefined) return { url };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [name, v] of Object.entries(params)) {
    if (!PARAM_NAME.test(name) || !['string', 'number', 'boolean'].includes(typeof v) || String(v).length > 200)
      return undefined;
    out[name] = v as string | number | boolean;
  }
  return { url, params: out };
}

/**
 * The GETs one page asks first, from the release's `route-files.json` text (its `requests`): a
 * malformed entry is dropped (a release is publishable with a deploy token: only plain paths below
 * the API and short scalar params are taken), at most MAX_FIRST_REQUESTS.
 */
export function requestsOfRoute(routeFilesText: string | undefined, page: string): ReleaseRequest[] {
  const routes = (parse(routeFilesText) as { routes?: unknown } | null | undefined)?.routes;
  if (!routes || typeof routes !== 'object' || !Object.hasOwn(routes, page)) return [];
  const list = ((routes as Record<string, { requests?: unknown } | null>)[page] ?? {}).requests;
  if (!Array.isArray(list)) return [];
  return list
    .map(releaseRequest)
    .filter((r): r is ReleaseRequest => r !== undefined)
    .slice(0, MAX_FIRST_REQUESTS);
}

/**
 * A request's address below the API's base, its query sorted by name (`wallet/balances`,
 * `card/list?page=1&size=10`): the one form the server announces and the shell compares.
 */
export function requestPathOf(request: ReleaseRequest): string {
  const query = new URLSearchParams();
  for (const name of Object.keys(request.params ?? {}).sort()) query.append(name, String(request.params![name]));
  const search = query.toString();
  return search ? `${request.url}?${search}` : request.url;
}
