// Writes dist/start-files.json: the JS and CSS files the shell needs before its first render,
// beyond main.js — the `./bootstrap` chunk group (src/index.ts's async boundary) and the chunks
// of the shared modules it consumes, transitively (Module Federation loads those only when the
// chunk that consumes them arrives: main → bootstrap → react-dom → react-dom/client … one round
// trip per level). The server announces them with <link rel=preload>, held until the first paint
// and then added by the start loader (api/src/web/remote-preload.ts afterPaintHints), so they
// download together with main.js. Lazy pages and per-language chunks are not in it.
import { startLoaderFileOf } from './start-loader.mjs';

const CONSUME = /^consume shared module \(([^)]+)\) (.+?)@/;
const PROVIDE = /^provide shared module \(([^)]+)\) (.+?)@/;

function originIds(group) {
  return (group.origins ?? []).map((o) => String(o.module?.identifier?.() ?? o.module?.identifier ?? ''));
}

function originIsBootstrap(group) {
  return (group.origins ?? []).some((o) => /(^|\/)bootstrap$/.test(String(o.request ?? '')));
}

/** `scope name` of the shared module a chunk group was created for, by a consume or a provide module. */
function shareKey(group, pattern) {
  for (const id of originIds(group)) {
    const m = pattern.exec(id);
    if (m) return `${m[1]} ${m[2]}`;
  }
  return undefined;
}

export function startFiles(compilation) {
  const groups = [...compilation.chunkGroups];
  // What a consume resolves to at run time: the host's own PROVIDED copy (the share scope's
  // 'loaded-first' pick, and a singleton), not the consume's fallback chunk — a different file.
  const provided = new Map();
  for (const group of groups) {
    const key = shareKey(group, PROVIDE);
    if (key) provided.set(key, group);
  }
  const start = groups.filter(originIsBootstrap);
  const seen = new Set(start);
  const queue = [...start];
  while (queue.length) {
    const group = queue.shift();
    for (const child of group.childrenIterable ?? []) {
      const key = shareKey(child, CONSUME);
      if (!key) continue; // a lazy import of app code: not needed to start
      const target = provided.get(key) ?? child;
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  // In the order the browser needs them (main.js first: it would otherwise queue behind the
  // others — six connections per host over HTTP/1.1), then level by level.
  const files = new Set();
  const entry = groups.filter(
    (g) =>
      g.isInitial?.() &&
      (g.name === 'main' ||
        originIds(g).length === 0 ||
        (g.origins ?? []).some((o) => /src[\\/]index\.ts$/.test(String(o.request ?? '')))),
  );
  for (const group of [...entry, ...seen])
    for (const file of group.getFiles())
      if (/\.(js|css)$/.test(file) && !file.endsWith('.hot-update.js')) files.add(file);
  // The shell's texts, one chunk per language (src/services/locale-texts.ts): the server knows the
  // visitor's language and announces that one.
  const locales = {};
  for (const group of groups) {
    const m = /^locale-([A-Za-z]{2}-[A-Za-z]{2})$/.exec(group.name ?? '');
    if (m) locales[m[1]] = group.getFiles().filter((f) => /\.(js|css)$/.test(f));
  }
  // The home page's own chunk (its JS and CSS): the page most cold starts show. Announced on the
  // home route only, so it downloads with the start chain instead of after the shell has run.
  const home = [];
  for (const group of groups)
    if ((group.origins ?? []).some((o) => /pages\/home\/home-page$/.test(String(o.request ?? ''))))
      for (const file of group.getFiles()) if (/\.(js|css)$/.test(file) && !home.includes(file)) home.push(file);
  // What a feature app's page needs from the shell before its content shows, signed in (issue 24,
  // the signed-in deep link): the query layer (with the react-query it consumes) and the apps' texts
  // layer — lazy chunks the shell asks for only once it has run (a second wave after the start
  // chain). The HTTP client travels on fetch, in the start chain (services/http-transport.ts). Announced on feature-app routes for a signed-in client only.
  const appPage = [];
  const appPageGroups = new Set();
  const pending = groups.filter((g) => APP_PAGE_CHUNKS.includes(g.name ?? ''));
  while (pending.length) {
    const group = pending.shift();
    if (appPageGroups.has(group) || seen.has(group)) continue;
    appPageGroups.add(group);
    for (const child of group.childrenIterable ?? []) {
      const key = shareKey(child, CONSUME);
      if (key) pending.push(provided.get(key) ?? child);
    }
  }
  for (const group of appPageGroups)
    for (const file of group.getFiles())
      if (/\.(js|css)$/.test(file) && !files.has(file) && !appPage.includes(file)) appPage.push(file);
  return { files: [...files], groups: seen.size, locales, home, appPage };
}

/** The shell's lazy chunks (webpackChunkName) a signed-in feature-app page waits for. */
export const APP_PAGE_CHUNKS = ['query-client', 'app-texts'];

class StartFilesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StartFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartFilesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          // `loader`: the page's script tag (build/start-loader.mjs), precached by the service worker.
          const loader = startLoaderFileOf(compilation);
          const list = { ...startFiles(compilation), ...(loader ? { loader } : {}) };
          compilation.emitAsset('start-files.json', new RawSource(JSON.stringify(list)));
        },
      );
    });
  }
}

export function withStartFiles(configFn) {
  return (env, argv) => {
    const config = configFn(env, argv);
    config.plugins = [...(config.plugins ?? []), new StartFilesPlugin()];
    return config;
  };
}
