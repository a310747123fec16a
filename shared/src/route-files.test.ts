import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — build scripts (plain .mjs, no types)
import { readRouteTables } from '../build/route-skeletons.mjs';
// @ts-expect-error — build scripts (plain .mjs, no types)
import { firstRequestsOf, importRequestOf, routeFiles } from '../build/route-files.mjs';

const root = join(import.meta.dirname, '..', '..');
const APPS = ['mf-card', 'mf-wallet', 'mf-user', 'mf-share', 'mf-passport'];

type Out = { version: number; routes: Record<string, { js: string[]; css: string[] }> };

describe('route-files.json: each route’s chunk files (issue 24, the idle prefetch of a tab’s page)', () => {
  it.each(APPS)('%s: every route’s lazy import is found in its (transpiled) route table', (app) => {
    const [routes] = readRouteTables(join(root, app, 'src/routes.tsx'), ['routes']) as [
      Array<{ path: string; load: unknown }>,
    ];
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(importRequestOf(route.load), route.path).toMatch(/^\.\/features\//);
  });

  it('maps a route to the files of the chunk group its import creates from the route table, JS and CSS apart', () => {
    const routesFile = '/app/src/routes.tsx';
    // As the route table reads after transpiling (the test runner would rewrite a literal import()).
    const lazy = (request: string) => new Function(`return () => import('${request}')`)() as () => unknown;
    const routes = [
      { path: 'index', load: lazy('./features/a/index-page') },
      { path: 'other', load: lazy('./features/b/other-page') },
      { path: 'lost', load: lazy('./features/c/lost') },
      { path: 'broken', load: 'not a function' },
    ];
    const groups = [
      // The same request from another module is another chunk group.
      { origins: [{ resource: '/app/src/elsewhere.tsx', request: './features/a/index-page' }], files: ['x.js'] },
      {
        origins: [{ resource: routesFile, request: './features/a/index-page' }],
        files: ['static/js/9.js', 'static/css/9.css', 'static/js/1.js', 'static/js/1.js', 'static/js/1.js.map'],
      },
      { origins: [{ resource: routesFile, request: './features/b/other-page' }], files: ['static/js/2.js'] },
    ];
    const out = routeFiles({ routes, routesFile, groups }) as Out;
    expect(out).toEqual({
      version: 1,
      routes: {
        index: { js: ['static/js/1.js', 'static/js/9.js'], css: ['static/css/9.css'] },
        other: { js: ['static/js/2.js'], css: [] },
      },
    });
  });

  it('reads the request of both the source form and the CommonJS form of a lazy import', () => {
    expect(importRequestOf("() => import('./features/x/page')")).toBeUndefined();
    expect(importRequestOf(new Function("return () => import('./features/x/page')")())).toBe('./features/x/page');
    expect(importRequestOf(new Function('return () => Promise.resolve().then(() => require("./features/y"))')())).toBe(
      './features/y',
    );
    expect(importRequestOf(() => 1)).toBeUndefined();
  });

  it('writes a route’s declared first requests beside its files, params sorted; none when it declares none', () => {
    const routesFile = '/app/src/routes.tsx';
    const lazy = (request: string) => new Function(`return () => import('${request}')`)() as () => unknown;
    const routes = [
      {
        path: 'index',
        load: lazy('./features/a/index-page'),
        firstRequests: [{ url: 'wallet/balances' }, { url: 'card/list', params: { size: 10, page: 1 } }],
      },
      { path: 'other', load: lazy('./features/b/other-page') },
    ];
    const groups = [
      { origins: [{ resource: routesFile, request: './features/a/index-page' }], files: ['static/js/1.js'] },
      { origins: [{ resource: routesFile, request: './features/b/other-page' }], files: ['static/js/2.js'] },
    ];
    const out = routeFiles({ routes, routesFile, groups }) as Out & {
      routes: Record<string, { requests?: Array<{ url: string; params?: Record<string, unknown> }> }>;
    };
    expect(out.routes.index?.requests).toEqual([
      { url: 'wallet/balances' },
      { url: 'card/list', params: { page: 1, size: 10 } },
    ]);
    expect(JSON.stringify(Object.keys(out.routes.index!.requests![1]!.params!))).toBe('["page","size"]');
    expect(out.routes.other).toEqual({ js: ['static/js/2.js'], css: [] });
  });

  it.each([
    ['not an array', { url: 'x' }],
    ['a path with a query', [{ url: 'wallet/balances?x=1' }]],
    ['an absolute address', [{ url: '/api/wallet/balances' }]],
    ['a path leaving the API', [{ url: '../x' }]],
    ['a method', [{ url: 'x', method: 'POST' }]],
    ['a body', [{ url: 'x', data: {} }]],
    ['an object param', [{ url: 'x', params: { a: {} } }]],
    ['too many', Array.from({ length: 5 }, (_, i) => ({ url: `r${i}` }))],
  ])('a wrong declaration fails the build: %s', (_name, firstRequests) => {
    expect(() => firstRequestsOf({ path: 'index', firstRequests }, 'routes.tsx')).toThrow(/routes\.tsx: route index/);
  });

  it('mf-wallet’s index declares its balances request', () => {
    const [routes] = readRouteTables(join(root, 'mf-wallet/src/routes.tsx'), ['routes']) as [
      Array<{ path: string; firstRequests?: unknown }>,
    ];
    const index = routes.find((r) => r.path === 'index');
    expect(firstRequestsOf(index, 'mf-wallet')).toEqual([{ url: 'wallet/balances' }]);
  });
});
