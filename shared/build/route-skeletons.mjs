// Writes dist/skeletons.json: every route's skeleton (the `skeleton` field next to the route in the
// app's route table, shared/src/contract.ts RouteSkeleton) with its title and texts translated into
// every language, for the server to paint the route's layout before any script runs (issue 24,
// api/src/web/route-skeleton.ts). It travels inside the app's release, so each release paints its
// own pages and independent releases keep working.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';

const LOCALES = ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'];
export const SKELETONS_FILE = 'skeletons.json';

/**
 * The route tables as data. The tables are TypeScript with only type imports and lazy `import()`s
 * inside functions that are never called here, so the module is transpiled and evaluated alone;
 * any other import fails the build and says why.
 */
export function readRouteTables(file, exportNames) {
  const ts = createRequire(import.meta.url)('typescript');
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX },
    fileName: file,
  });
  const module = { exports: {} };
  const require = (name) => {
    throw new Error(`${file}: a route table may import types only (found an import of ${name})`);
  };
  vm.runInNewContext(outputText, { module, exports: module.exports, require, Promise });
  return exportNames.map((name) => {
    const table = module.exports[name];
    if (!Array.isArray(table)) throw new Error(`${file}: no route table exported as ${name}`);
    return table;
  });
}

function lookup(tree, key) {
  let node = tree;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `key` in every language; a missing text is the English one, a key missing in English fails the build. */
function translate(catalogues, key, where) {
  const out = {};
  for (const locale of LOCALES) {
    const text = lookup(catalogues[locale], key) ?? lookup(catalogues['en-US'], key);
    if (text === undefined) throw new Error(`${where}: no text for ${key}`);
    out[locale] = text;
  }
  return out;
}

/** A block with its keys replaced by their texts in every language (the server knows no catalogue). */
function translatedBlock(block, translateKey) {
  switch (block.kind) {
    case 'text':
    case 'notice':
      return { ...block, key: undefined, text: translateKey(block.key) };
    case 'bullets': {
      const { titleKey, keys, footKey, ...rest } = block;
      return {
        ...rest,
        title: translateKey(titleKey),
        items: keys.map((key) => translateKey(key)),
        ...(footKey ? { foot: translateKey(footKey) } : {}),
      };
    }
    case 'figure': {
      const { labelKey, subKey, ...rest } = block;
      return { ...rest, label: translateKey(labelKey), ...(subKey ? { sub: translateKey(subKey) } : {}) };
    }
    case 'total': {
      const { titleKey, hintKey, parts, ...rest } = block;
      return {
        ...rest,
        title: translateKey(titleKey),
        hint: translateKey(hintKey),
        parts: parts.map(({ labelKey, figure }) => ({ label: translateKey(labelKey), figure })),
      };
    }
    default:
      return block;
  }
}

/**
 * `{ version: 1, routes: { [key]: { header, title, blocks } } }`; `key` is `<path>` of an app's
 * table, or `<group>/<path>` when `tables` are given per group (the shell's index and about groups).
 */
export function routeSkeletons({ tables, catalogueDir, namespaces = {} }) {
  const read = (dir) =>
    Object.fromEntries(
      LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'))]),
    );
  const own = read(catalogueDir);
  const others = Object.fromEntries(Object.entries(namespaces).map(([ns, dir]) => [ns, read(dir)]));
  // `key` in the app's own namespace, `ns:key` in one of `namespaces` (the shell's home page texts).
  const translateKey = (key, where) => {
    const [ns, rest] = key.includes(':') ? key.split(':', 2) : [undefined, key];
    if (ns !== undefined && !others[ns]) throw new Error(`${where}: unknown namespace in ${key}`);
    return translate(ns === undefined ? own : others[ns], rest, where);
  };
  const routes = {};
  for (const { prefix, routes: table } of tables) {
    for (const route of table) {
      const skeleton = route.skeleton;
      if (!skeleton) continue;
      const where = `route ${prefix}${route.path}`;
      const header = skeleton.header ?? (route.navBar === 'none' ? 'page' : 'bar');
      routes[`${prefix}${route.path}`] = {
        header,
        title: header === 'none' ? undefined : translateKey(skeleton.titleKey ?? route.titleKey, where),
        subtitle: skeleton.subtitleKey ? translateKey(skeleton.subtitleKey, where) : undefined,
        auth: route.auth !== false,
        blocks: skeleton.blocks.map((block) => translatedBlock(block, (key) => translateKey(key, where))),
      };
    }
  }
  return { version: 1, routes };
}

/** The rspack plugin: emits skeletons.json with the build's other assets (so a watch rebuild has it too). */
export class RouteSkeletonsPlugin {
  /** @param {{ routesFile: string, groups: Array<{ exportName: string, prefix: string }>, catalogueDir: string, namespaces?: Record<string, string> }} options */
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    const { routesFile, groups, catalogueDir, namespaces } = this.options;
    compiler.hooks.thisCompilation.tap('RouteSkeletonsPlugin', (compilation) => {
      compilation.fileDependencies?.add?.(routesFile);
      compilation.hooks.processAssets.tap(
        { name: 'RouteSkeletonsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const tables = readRouteTables(
            routesFile,
            groups.map((g) => g.exportName),
          ).map((routes, i) => ({ prefix: groups[i].prefix, routes }));
          const json = JSON.stringify(routeSkeletons({ tables, catalogueDir, namespaces }));
          compilation.emitAsset(SKELETONS_FILE, new RawSource(json));
        },
      );
    });
  }
}
