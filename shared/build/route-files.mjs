// Writes dist/route-files.json: for every route of the app's route table, the files of the chunk
// group its lazy `import()` loads (the page's own chunk, the antd-mobile pieces split out of it,
// their CSS). The MF manifest lists an exposed module's async chunks but not which one is which
// page, so without this the shell cannot warm a page's files before the customer opens it (issue 24:
// the first tap on the Card or Wallet tab prefetches the tab's index page when idle,
// shell/src/routing/idle-prefetch.ts). A file of the build, so inside each release: a canary names
// its own chunks, a rollback the old ones, a release without the file prefetches less.
// Each route's `firstRequests` (the GETs its page asks first, shared/src/contract.ts) go beside its
// files as `requests`: the server announces them on a deep link so they start with the page's files
// (api/src/web/route-preload.ts, shell/src/services/early-requests.ts).
import { readRouteTables } from './route-skeletons.mjs';

export const ROUTE_FILES = 'route-files.json';

/** The module a route's `load` imports (`() => import('./x')`, or its CommonJS form after transpiling). */
export function importRequestOf(load) {
  if (typeof load !== 'function') return undefined;
  const match = /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/.exec(String(load));
  return match?.[1];
}

/** At most this many first requests per route (the server announces no more either). */
export const MAX_FIRST_REQUESTS = 4;
/** A path below the API's base URL: letters, digits, `_`, `-`, single `/` between segments. */
const REQUEST_PATH = /^[A-Za-z0-9_-]{1,80}(\/[A-Za-z0-9_-]{1,80}){0,7}$/;
const PARAM_NAME = /^[A-Za-z0-9_.-]{1,60}$/;

/**
 * A route's `firstRequests`, checked: a wrong declaration fails the build (it would silently never
 * match the page's request otherwise). Returns `[{ url, params? }]`, params sorted by name.
 */
export function firstRequestsOf(route, where) {
  const list = route?.firstRequests;
  if (list === undefined) return [];
  const fail = (why) => {
    throw new Error(`${where}: route ${route?.path}: firstRequests ${why}`);
  };
  if (!Array.isArray(list)) fail('must be an array');
  if (list.length > MAX_FIRST_REQUESTS) fail(`has more than ${MAX_FIRST_REQUESTS} requests`);
  return list.map((request) => {
    if (typeof request?.url !== 'string' || !REQUEST_PATH.test(request.url))
      fail(`url ${JSON.stringify(request?.url)} is not a plain path below the API (e.g. 'wallet/balances')`);
    const keys = Object.keys(request).filter((k) => k !== 'url' && k !== 'params');
    if (keys.length) fail(`has unknown fields: ${keys.join(', ')} (GET requests only: url and params)`);
    if (request.params === undefined) return { url: request.url };
    if (typeof request.params !== 'object' || request.params === null || Array.isArray(request.params))
      fail('params must be an object');
    const params = {};
    for (const name of Object.keys(request.params).sort()) {
      const value = request.params[name];
      if (!PARAM_NAME.test(name)) fail(`param name ${JSON.stringify(name)} is not plain`);
      if (!['string', 'number', 'boolean'].includes(typeof value) || String(value).length > 200)
        fail(`param ${name} must be a short string, number or boolean`);
      params[name] = value;
    }
    return { url: request.url, params };
  });
}

/**
 * `{ version: 1, routes: { [path]: { js: string[], css: string[], requests?: [{ url, params? }] } } }`
 * from the route table and the chunk groups (each `{ origins: [{ resource, request }], files }`);
 * routes whose import is not found are left out.
 */
export function routeFiles({ routes, routesFile, groups }) {
  const out = {};
  for (const route of routes) {
    const request = importRequestOf(route?.load);
    if (typeof route?.path !== 'string' || !request) continue;
    const group = groups.find((g) => g.origins.some((o) => o.resource === routesFile && o.request === request));
    if (!group) continue;
    const files = [...new Set(group.files)].filter((f) => !f.endsWith('.map')).sort();
    out[route.path] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
    const requests = firstRequestsOf(route, routesFile);
    if (requests.length) out[route.path].requests = requests;
  }
  return { version: 1, routes: out };
}

/** The rspack plugin: emits route-files.json once the chunk files have their final (content-hashed) names. */
export class RouteFilesPlugin {
  /** @param {{ routesFile: string, exportName?: string }} options */
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { routesFile, exportName = 'routes' } = this.options;
    compiler.hooks.thisCompilation.tap('RouteFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After PROCESS_ASSETS_STAGE_OPTIMIZE_HASH, which gives the chunk files their real hashes.
        { name: 'RouteFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const [routes] = readRouteTables(routesFile, [exportName]);
          const groups = [...compilation.chunkGroups].map((g) => ({
            origins: g.origins.map((o) => ({ resource: o.module?.resource, request: o.request })),
            files: g.getFiles(),
          }));
          compilation.emitAsset(ROUTE_FILES, new RawSource(JSON.stringify(routeFiles({ routes, routesFile, groups }))));
        },
      );
    });
  }
}
