// Builds dist/sw.js (src/pwa/sw.ts, Workbox) after the shell's own build, with the precache list
// of that build injected: the start files (start-files.json: what the first render needs, and
// every language's texts), the four offline pages, the web app manifest and its icons. The list
// changes with every build that changes a file, so the browser sees a new worker then.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'];
const PLACEHOLDER = /self\.__CW_PRECACHE\b/g;

export function precacheEntries(startFiles, revision, extra) {
  const hashed = new Set();
  const loader = startFiles.loader ? [startFiles.loader] : [];
  for (const file of [...loader, ...startFiles.files, ...Object.values(startFiles.locales ?? {}).flat()])
    hashed.add(`/${String(file).replace(/^\/+/, '')}`);
  return [
    ...[...hashed].map((url) => ({ url, revision: null })),
    ...LOCALES.map((l) => ({ url: `/offline/${l}`, revision })),
    ...extra.map((url) => ({ url, revision })),
  ];
}

class InjectPrecachePlugin {
  constructor(dist, extra) {
    this.dist = dist;
    this.extra = extra;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('InjectPrecachePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'InjectPrecachePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const startFiles = JSON.parse(readFileSync(join(this.dist, 'start-files.json'), 'utf8'));
          // The revision of the unhashed entries: the shell's texts (the offline pages are made of
          // them), the manifest and the icons, as built.
          const hash = createHash('sha256');
          for (const file of ['frame-texts.json', ...this.extra.map((u) => u.replace(/^\//, ''))])
            hash.update(readFileSync(join(this.dist, file)));
          const entries = precacheEntries(startFiles, hash.digest('hex').slice(0, 16), this.extra);
          const source = compilation.getAsset('sw.js').source.source().toString();
          if (!source.includes('self.__CW_PRECACHE')) throw new Error('sw.js: precache placeholder not found');
          compilation.updateAsset('sw.js', new RawSource(source.replace(PLACEHOLDER, JSON.stringify(entries))));
        },
      );
    });
  }
}

/** The rspack config of the worker: its own compilation, after the shell's (`dependencies`). */
export function serviceWorkerConfig(dir, shellConfig, rspack, extra) {
  return {
    name: 'service-worker',
    dependencies: [shellConfig.name],
    mode: 'production',
    context: dir,
    target: 'webworker',
    devtool: false,
    entry: { sw: './src/pwa/sw.ts' },
    output: { path: shellConfig.output.path, filename: '[name].js', clean: false, publicPath: '/' },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    optimization: { splitChunks: false, runtimeChunk: false },
    module: {
      rules: [
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'chrome >= 87, safari >= 14' } },
        },
      ],
    },
    plugins: [
      // Workbox's logging is for development builds only.
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      new InjectPrecachePlugin(shellConfig.output.path, extra),
    ],
  };
}
