// JS a feature app adds per page, from a production build's chunk graph (issue 28's before/after).
// Usage: node scripts/measure-remote-js.mjs [mf-card mf-wallet ...] > out.json
// Builds each app into a temporary directory (its dist/ is left alone) and prints, per app: all of its
// JS (gzip -9), the entry cost every page pays (remoteEntry.js + the exposed ./app chunks) and, per
// route, that plus the chunks of the route's lazy import. Shared singletons (React, router, i18n,
// react-query, the @cardwallet/shared root) come from the shell and are not counted.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const apps = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['mf-card', 'mf-passport', 'mf-share', 'mf-user', 'mf-wallet'];

const gz = (file) => {
  try {
    return gzipSync(readFileSync(file), { level: 9 }).length;
  } catch (e) {
    console.error(String(e));
    return 0;
  }
};

async function measure(app) {
  const dir = join(root, app);
  const require = createRequire(join(dir, 'package.json'));
  const { rspack } = require('@rspack/core');
  const exported = (await import(pathToFileURL(join(dir, 'rspack.config.mjs')).href)).default;
  const config = typeof exported === 'function' ? exported({}, { mode: 'production' }) : exported;
  const out = mkdtempSync(join(tmpdir(), `measure-${app}-`));
  config.output.path = out;
  config.plugins = config.plugins.filter((p) => p?.constructor?.name !== 'PrecompressPlugin');
  const compiler = rspack(config);
  const stats = await new Promise((resolve, reject) => compiler.run((err, s) => (err ? reject(err) : resolve(s))));
  await new Promise((resolve) => compiler.close(resolve));
  const json = stats.toJson({
    all: false,
    chunks: true,
    chunkOrigins: true,
    chunkRelations: true,
    ids: true,
    chunkNames: true,
  });
  const jsOf = (chunk) => chunk.files.filter((f) => f.endsWith('.js'));
  const size = (files) => [...files].reduce((sum, f) => sum + gz(join(out, f)), 0);
  const all = json.chunks.flatMap(jsOf);
  const entryFiles = new Set(['remoteEntry.js']);
  const byRequest = new Map();
  for (const chunk of json.chunks) {
    for (const origin of chunk.origins ?? []) {
      const request = origin.request ?? '';
      // The exposed ./app module and what it needs before any page loads (shared-module fallbacks,
      // 'provide/consume shared module', are not counted: the shell provides those singletons).
      if (origin.moduleName === 'container entry') for (const f of jsOf(chunk)) entryFiles.add(f);
      if (/\/(pages|components)\//.test(request) && /routes\.tsx$/.test(origin.moduleName ?? '')) {
        if (!byRequest.has(request)) byRequest.set(request, new Set());
        for (const f of jsOf(chunk)) byRequest.get(request).add(f);
      }
    }
  }
  // Chunks loaded on demand by shared pieces (antd-mobile locales, the frame's error view, the eye icon).
  const onDemand = new Map();
  for (const chunk of json.chunks) {
    for (const origin of chunk.origins ?? []) {
      if (!/shared\/src\/(ui|forms)\//.test(origin.moduleName ?? '')) continue;
      const key = origin.request;
      onDemand.set(key, [...(onDemand.get(key) ?? []), ...jsOf(chunk)]);
    }
  }
  // One chunk per language (`locale-<locale>`: the app's catalogue with antd-mobile's texts), loaded
  // with every page in the reader's language only; absent from builds before per-language catalogues.
  const localeFiles = new Map();
  for (const chunk of json.chunks) {
    for (const name of chunk.names ?? []) {
      const locale = /^locale-(.+)$/.exec(name)?.[1];
      if (locale) localeFiles.set(locale, [...(localeFiles.get(locale) ?? []), ...jsOf(chunk)]);
    }
  }
  const entry = size(entryFiles);
  if (process.env.VERBOSE) console.error(app, 'entry', [...entryFiles], [...byRequest]);
  const pages = Object.fromEntries(
    [...byRequest]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([request, files]) => [request, entry + size([...files].filter((f) => !entryFiles.has(f)))]),
  );
  const allJsGzip = size(new Set([...all, 'remoteEntry.js']));
  const demand = Object.fromEntries([...onDemand].map(([request, files]) => [request, size(new Set(files))]));
  const locales = Object.fromEntries([...localeFiles].map(([locale, files]) => [locale, size(new Set(files))]));
  rmSync(out, { recursive: true, force: true });
  return { app, allJsGzip, entryGzip: entry, pages, onDemand: demand, locales };
}

const results = [];
for (const app of apps) results.push(await measure(app));
console.log(JSON.stringify(results, null, 2));
