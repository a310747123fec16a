// Writes dist/frame-texts.json: the few texts of the app frame (app name, the four tab labels)
// in every language, for the server to paint the frame before any script runs (issue 24,
// api/src/web/app-frame.ts). Taken from the shell's own catalogues, so a translation change
// reaches the painted frame with the next build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'];

export function frameTexts(dir) {
  const out = {};
  for (const locale of LOCALES) {
    const catalogue = JSON.parse(readFileSync(join(dir, 'src', 'i18n', `${locale}.json`), 'utf8'));
    out[locale] = {
      appName: catalogue.appName,
      tabs: catalogue.tabs,
      offline: catalogue.offline,
      // The route skeleton of a page that needs a session shows the shell's log-in view's sentence.
      loginRequired: catalogue.login?.required,
    };
  }
  return out;
}

class FrameTextsPlugin {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FrameTextsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FrameTextsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('frame-texts.json', new RawSource(JSON.stringify(frameTexts(this.dir))));
        },
      );
    });
  }
}

/** Wraps a preset config function: adds the frame-texts asset. */
export function withFrameTexts(dir, configFn) {
  return (env, argv) => {
    const config = configFn(env, argv);
    config.plugins = [...(config.plugins ?? []), new FrameTextsPlugin(dir)];
    return config;
  };
}
