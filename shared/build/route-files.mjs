// Writes dist/route-files.json: for every route of the app's route table, the files of the chunk
// group its lazy `import()` loads (the page's own chunk, the antd-mobile pieces split out of it,
// their CSS). The MF manifest lists an exposed module's async chunks but not which one is which
// page, so without this the shell cannot warm a page's files before the customer opens it (issue 24:
// the first tap on the Card or Wallet tab prefetches the tab's index page when idle,
// shell/src/routing/idle-prefetch.ts). A file of the build, so inside each release: a canary names
// its own chunks, a rollback the old ones, a release without the file prefetches less.
import { readRouteTables } from './route-skeletons.mjs';

export const ROUTE_FILES = 'route-files.json';

/** The module a route's `load` imports (`() => import('./x')`, or its CommonJS form after transpiling). */
export function importRequestOf(load) {
  if (typeof load !== 'function') return undefined;
  const match = /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/.exec(String(load));
  return match?.[1];
}

/**
 * `{ version: 1, routes: { [path]: { js: string[], css: string[] } } }` from the route table and the
 * chunk groups (each `{ origins: [{ resource, request }], files }`); routes whose import is not found
 * are left out.
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
