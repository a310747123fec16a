// V8's explicit compile hints (https://v8.dev/blog/explicit-compile-hints, Chromium ≥ 136) on the
// shell's start chain: a script whose first line is `//# allFunctionsCalledOnLoad` is compiled whole
// on a background thread while it streams in, instead of lazily, function by function, on the main
// thread the first time each one is called. Every function of these files does run before the first
// screen (main.js's Module Federation runtime, the bootstrap's module graph, React's reconciler, the
// router, i18next, the visitor's texts, the home page), so the lazy compiles were main-thread time
// inside the start's two long tasks (issue 24, TBT; docs/performance.md "The page's first response").
//
// Only the start chain (start-files.json: `files`, the per-language `locales`, `home`): chunks loaded
// later (pages, the HTTP and query layers, pull-to-refresh) keep V8's lazy compilation — most of
// their functions are not called when they load, and compiling them eagerly would cost time and
// memory for nothing. Browsers without the feature read the line as a comment.
import { startFiles } from './start-files.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The JS files of the start chain: what runs, whole, before the first screen. */
export function compileHintFiles(list) {
  const all = [...list.files, ...Object.values(list.locales).flat(), ...list.home];
  return [...new Set(all.filter((file) => file.endsWith('.js')))];
}

class CompileHintsPlugin {
  apply(compiler) {
    const { ConcatSource, RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which drops comments), before the real content hashes are computed.
        { name: 'CompileHintsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          for (const file of compileHintFiles(startFiles(compilation))) {
            if (!compilation.getAsset(file)) continue;
            compilation.updateAsset(file, (source) => new ConcatSource(new RawSource(COMPILE_HINT), source));
          }
        },
      );
    });
  }
}

export function withCompileHints(configFn) {
  return (env, argv) => {
    const config = configFn(env, argv);
    const production = (argv?.mode ?? process.env.NODE_ENV ?? 'production') === 'production';
    // Development builds are eval'd module by module: nothing to hint.
    if (production) config.plugins = [...(config.plugins ?? []), new CompileHintsPlugin()];
    return config;
  };
}
