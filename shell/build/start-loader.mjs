// The page's script tag points at the start loader (src/start/start-loader.js) instead of main.js:
// the loader starts main.js once the HTML frame has been painted (issue 24). This plugin minifies
// the loader into static/js/start.<content hash>.js — immutable like every hashed shell file, so the
// service worker caches it for ever — and rewrites HtmlRspackPlugin's tag for the `main` entry:
//   <script defer src="/static/js/main.<hash>.js">  →  <script defer src="/static/js/start.<hash>.js" data-start="/static/js/main.<hash>.js">
// The server holds the page's preloads (start-files.json, main.js among them) inert in a <template>
// that the loader adds at the paint, a few per task after main.js's own script (whose held preload
// it skips; api/src/web/remote-preload.ts afterPaintHints), so neither a download nor an
// evaluation of ours comes before the first paint.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = join(import.meta.dirname, '../src/start/start-loader.js');
/** The loader's file in a build (`static/js/start.<8 hex>.js`). */
export const START_LOADER_FILE = /^static\/js\/start\.[0-9a-f]{8}\.js$/;

/** The loader as shipped: minified by rspack's SWC; a parse error fails the build. */
export function startLoaderCode(rspack, source = readFileSync(SOURCE, 'utf8')) {
  const { code } = rspack.experiments.swc.minifySync(source, { compress: true, mangle: true });
  if (!code.includes('data-start')) throw new Error('start-loader: minified code lost its data-start attribute');
  return code;
}

/** The loader's name in `compilation`'s assets, if the build has one. */
export function startLoaderFileOf(compilation) {
  return compilation
    .getAssets()
    .map((a) => a.name)
    .find((name) => START_LOADER_FILE.test(name));
}

class StartLoaderPlugin {
  apply(compiler) {
    const rspack = compiler.webpack;
    const { RawSource } = rspack.sources;
    compiler.hooks.thisCompilation.tap('StartLoaderPlugin', (compilation) => {
      let file;
      // Emitted once, by whichever comes first: the assets stage or the HTML plugin's tags.
      const emitLoader = () => {
        if (file) return file;
        const code = startLoaderCode(rspack);
        file = `static/js/start.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        compilation.emitAsset(file, new RawSource(code), { immutable: true, minimized: true });
        return file;
      };
      compilation.hooks.processAssets.tap(
        { name: 'StartLoaderPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        emitLoader,
      );
      const publicPath = String(compilation.outputOptions.publicPath ?? '/');
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'StartLoaderPlugin',
        async (data) => {
          const mainFiles = (compilation.entrypoints.get('main')?.getFiles() ?? []).filter((f) => f.endsWith('.js'));
          if (mainFiles.length !== 1) throw new Error(`start-loader: expected one main.js, found ${mainFiles.length}`);
          const mainSrc = `${publicPath}${mainFiles[0]}`;
          const tags = data.assetTags.scripts.filter((tag) => tag.attributes?.src === mainSrc);
          if (tags.length !== 1) throw new Error(`start-loader: no script tag for ${mainSrc}`);
          tags[0].attributes = { ...tags[0].attributes, src: `${publicPath}${emitLoader()}`, 'data-start': mainSrc };
          return data;
        },
      );
    });
  }
}

export function withStartLoader(configFn) {
  return (env, argv) => {
    const config = configFn(env, argv);
    config.plugins = [...(config.plugins ?? []), new StartLoaderPlugin()];
    return config;
  };
}
