// Rspack + Module Federation 2 configuration shared by the host shell and the five feature apps.
// No React code here: only build wiring, so every app's rspack.config.mjs stays a few lines long.
import { createRequire } from 'node:module';
import { readFileSync, mkdirSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RouteSkeletonsPlugin } from './route-skeletons.mjs';
import { RouteFilesPlugin } from './route-files.mjs';
import { ROUTER_FACADE, ROUTER_IMPLEMENTATION } from './router-contract.mjs';

const sharedDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The contract MAJOR, read from the source so the build metadata can never disagree with it. */
export function readContractVersion() {
  const source = readFileSync(join(sharedDir, 'src/contract.ts'), 'utf8');
  const version = /CONTRACT_VERSION = '(\d+\.\d+\.\d+)'/.exec(source)?.[1];
  const major = Number(/CONTRACT_MAJOR = (\d+)/.exec(source)?.[1]);
  if (!version || !Number.isInteger(major) || Number(version.split('.')[0]) !== major) {
    throw new Error('shared/src/contract.ts: CONTRACT_VERSION and CONTRACT_MAJOR disagree or are missing');
  }
  return { version, major };
}

/** Libraries that must exist once per page: React, i18n, stores, query cache, contracts (the router below). */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'i18next',
  'react-i18next',
  'zustand',
  '@tanstack/react-query',
  '@cardwallet/shared',
];

export function sharedModules(pkg) {
  const shared = {};
  const sharedPkg = JSON.parse(readFileSync(join(sharedDir, 'package.json'), 'utf8'));
  for (const key of SINGLETONS) {
    const name = key.endsWith('/') ? key.slice(0, -1) : key;
    const declared = pkg.dependencies?.[name];
    if (!declared) throw new Error(`${pkg.name}: ${name} must be a dependency (it is a Module Federation singleton)`);
    const requiredVersion = declared.startsWith('workspace:') ? `^${sharedPkg.version}` : `^${declared}`;
    shared[key] = {
      singleton: true,
      requiredVersion,
      ...(name === '@cardwallet/shared' ? { version: sharedPkg.version } : {}),
    };
  }
  // The router singleton is the facade of router-contract.mjs, not the whole package: the part of
  // react-router pages use, tree-shaken (16 instead of 58 KiB gzip).
  const routerVersion = pkg.dependencies?.['react-router'];
  if (!routerVersion) throw new Error(`${pkg.name}: react-router must be a dependency (the router singleton)`);
  shared['react-router'] = {
    singleton: true,
    requiredVersion: `^${routerVersion}`,
    version: routerVersion,
    // A package request, not a path: the build's runtime data names it, and must not carry the machine's paths.
    import: ROUTER_FACADE,
  };
  // antd-mobile is deliberately NOT shared: a shared package is not tree-shaken (215 KB gz whole),
  // so each app bundles only the components it uses.
  return shared;
}

/**
 * The shell's singletons: the same packages, without a required range. The shell consumes only what
 * it provides itself (it is loaded first, `loaded-first`), so its own range can never fail, and
 * checking it costs the start: Module Federation's `satisfy` compiles its semver regexes afresh for
 * every shared package, 25–45 ms of main-thread time on a desktop CPU inside main.js's one task
 * (a trace of the home page). The remotes keep their ranges: each one's own consumption
 * is checked against the shell's version when it loads (a console warning, as before), and the
 * contract major, which the release gates and the shell enforce, is what decides compatibility.
 */
export function hostSharedModules(pkg) {
  return Object.fromEntries(
    Object.entries(sharedModules(pkg)).map(([key, config]) => [key, { ...config, requiredVersion: false }]),
  );
}

/**
 * Production builds ship .br and .gz next to every text asset; the server sends them as they are
 * (@fastify/static preCompressed), so no CPU is spent compressing per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('CardWalletPrecompress', () => {
      const walk = (dir) => {
        for (const entry of readdirSync(dir)) {
          const file = join(dir, entry);
          if (statSync(file).isDirectory()) walk(file);
          else if (/\.(js|css|html|json|svg)$/.test(entry) && statSync(file).size > 512) {
            const content = readFileSync(file);
            writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(compiler.options.output.path);
    });
  }
}

/**
 * react-router 7 resolves to its development build whatever the mode (its package exports have no
 * production condition): production builds read dist/production. The facade reads the package
 * under its own request name, which the `react-router` share key does not capture.
 */
function reactRouterAliases(require, production) {
  const root = join(dirname(require.resolve('react-router')), '..', '..');
  const entry = join(root, production ? 'dist/production/index.mjs' : 'dist/development/index.mjs');
  return { ...(production ? { 'react-router$': entry } : {}), [`${ROUTER_IMPLEMENTATION}$`]: entry };
}

function baseConfig({ dir, name, port, mode, isHost }) {
  const require = createRequire(join(dir, 'package.json'));
  const rspack = require('@rspack/core');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const production = mode === 'production';
  const hashed = production ? '.[contenthash:8]' : '';
  return {
    rspack,
    ModuleFederationPlugin,
    pkg,
    production,
    config: {
      mode,
      context: dir,
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: join(dir, 'dist'),
        // Remotes resolve their chunks next to their manifest, wherever they are deployed.
        publicPath: isHost ? '/' : 'auto',
        filename: `static/js/[name]${hashed}.js`,
        chunkFilename: `static/js/[name]${hashed}.js`,
        cssFilename: `static/css/[name]${hashed}.css`,
        cssChunkFilename: `static/css/[name]${hashed}.css`,
        assetModuleFilename: `static/media/[name]${hashed}[ext]`,
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: reactRouterAliases(require, production),
      },
      module: {
        rules: [
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
              env: { targets: 'chrome >= 87, safari >= 14, firefox >= 78' },
              // `import { Button } from 'antd-mobile'` → 'antd-mobile/es/components/button': the barrel is
              // a side-effect module, so importing through it made every component any page of the app
              // used a dependency of every page (one vendor chunk: member index 95.8 KiB gzip of it).
              transformImport: [
                {
                  libraryName: 'antd-mobile',
                  libraryDirectory: 'es/components',
                  camelToDashComponentName: true,
                  transformToDefaultImport: true,
                },
              ],
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
        production ? new PrecompressPlugin() : null,
      ].filter(Boolean),
      optimization: {
        moduleIds: production ? 'deterministic' : 'named',
        chunkIds: production ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      // Dev lazy compilation serves placeholder chunks that call back to the dev server that built
      // them; across Module Federation origins those callbacks never resolve the page chunk.
      lazyCompilation: false,
      devServer: {
        port,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: isHost,
      },
      stats: 'errors-warnings',
    },
  };
}

/**
 * A feature app: exposes `./app` (its FeatureApp) and writes `dist/build-info.json`, from which
 * the server generates `/remotes.json` (name, routePrefix, contractMajor).
 */
export function createRemoteConfig({ dir, name, routePrefix, port }) {
  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const { config, ModuleFederationPlugin, pkg } = baseConfig({ dir, name, port, mode, isHost: false });
    const contract = readContractVersion();
    config.entry = {};
    config.plugins.push(
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './app': './src/app.tsx' },
        shared: sharedModules(pkg),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // The shell provides the MF runtime; each remoteEntry would otherwise carry its own copy.
        experiments: { externalRuntime: true },
      }),
      // dist/skeletons.json: the routes' skeletons, painted by the server before any script (issue 24).
      new RouteSkeletonsPlugin({
        routesFile: join(dir, 'src/routes.tsx'),
        groups: [{ exportName: 'routes', prefix: '' }],
        catalogueDir: join(dir, 'src/i18n'),
      }),
      // dist/route-files.json: each route's chunk files, for the shell's idle-time prefetch (issue 24).
      new RouteFilesPlugin({ routesFile: join(dir, 'src/routes.tsx') }),
      {
        apply(compiler) {
          compiler.hooks.afterEmit.tap('CardWalletBuildInfo', () => {
            mkdirSync(config.output.path, { recursive: true });
            const info = {
              name,
              version: pkg.version,
              routePrefix,
              contractVersion: contract.version,
              contractMajor: contract.major,
              mode,
              // No timestamp: the same source builds to the same release checksum, so a restart of
              // `npm start` does not publish an unchanged app again.
              featureApp: describeFeatureApp(dir),
            };
            writeFileSync(join(config.output.path, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
          });
        },
      },
    );
    return config;
  };
}

const LOCALES = ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'];

function flattenKeys(tree, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(tree ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flattenKeys(value, name, out);
    else out[name] = typeof value === 'string' && value.trim().length > 0;
  }
  return out;
}

/**
 * What the release gates check without running the app (api/src/modules/releases/gates.ts): the
 * route paths of `src/routes.tsx` (every app keeps its route table there, one `path: '…'` per
 * route) and, per locale, the translation keys of `src/i18n/<locale>.json` that have a text.
 * The app's own contract test (describeFeatureAppContract) checks the same on the real object;
 * the release CLI runs it before publishing.
 */
export function describeFeatureApp(dir) {
  let routes = [];
  try {
    const source = readFileSync(join(dir, 'src/routes.tsx'), 'utf8');
    routes = [...source.matchAll(/\bpath:\s*['"]([^'"]*)['"]/g)].map((m) => m[1]);
  } catch {
    // No route table: the gate refuses the release and says so.
  }
  const translations = {};
  for (const locale of LOCALES) {
    try {
      const keys = flattenKeys(JSON.parse(readFileSync(join(dir, 'src/i18n', `${locale}.json`), 'utf8')));
      translations[locale] = Object.entries(keys)
        .filter(([, filled]) => filled)
        .map(([key]) => key)
        .sort();
    } catch {
      translations[locale] = null;
    }
  }
  return { routes, translations };
}

/** Test builds (CW_TEST_BUILD=1, set by scripts/test.mjs and the e2e harness) expose window.__cardwallet. */
export function isTestBuild() {
  return ['1', 'true', 'yes'].includes(String(process.env.CW_TEST_BUILD ?? '').toLowerCase());
}

/** The host shell: no remote URL baked in; remotes are registered at runtime from /remotes.json. */
export function createHostConfig({ dir, name, port, devRemotes, template, devProxy }) {
  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const { config, ModuleFederationPlugin, pkg, rspack } = baseConfig({ dir, name, port, mode, isHost: true });
    config.entry = { main: './src/index.ts' };
    config.plugins.push(
      new ModuleFederationPlugin({
        name,
        remotes: {},
        shared: hostSharedModules(pkg),
        shareStrategy: 'loaded-first',
        dts: false,
        // The runtime the remotes use too: only its browser code (issue 24, MF runtime trimming).
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new rspack.HtmlRspackPlugin({ template, inject: 'body', scriptLoading: 'defer' }),
      new rspack.DefinePlugin({ __CW_TEST_BUILD__: JSON.stringify(isTestBuild()) }),
      {
        apply(compiler) {
          compiler.hooks.afterEmit.tap('CardWalletShellBuildInfo', () => {
            mkdirSync(config.output.path, { recursive: true });
            const info = {
              name,
              version: pkg.version,
              mode,
              testBuild: isTestBuild(),
              builtAt: new Date().toISOString(),
            };
            writeFileSync(join(config.output.path, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
          });
        },
      },
    );
    const contract = readContractVersion();
    config.devServer.proxy = devProxy;
    config.devServer.setupMiddlewares = (middlewares) => {
      // Dev: the remotes run on their own dev servers; the registry points at them.
      middlewares.unshift({
        name: 'remotes-json',
        path: '/remotes.json',
        middleware: async (req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          // CW_DEV_REMOTES=card,wallet: only those run live; the others are the releases the
          // server of `npm start` serves (its /remotes.json; /remotes/ is proxied below).
          // Default: all five live.
          const live = (process.env.CW_DEV_REMOTES ?? 'all').split(',').map((s) => s.trim());
          const released = {};
          const target = devProxy?.[0]?.target;
          if (target && !live.includes('all')) {
            try {
              const upstream = await fetch(`${target}/remotes.json`, { headers: { cookie: req.headers.cookie ?? '' } });
              for (const remote of (await upstream.json()).remotes ?? []) released[remote.name] = remote;
            } catch {
              // The API is not running: those remotes show as unavailable.
            }
          }
          const remotes = devRemotes.flatMap((r) => {
            const short = r.name.replace(/^mf_/, '');
            if (live.includes('all') || live.includes(short)) {
              return [
                {
                  name: r.name,
                  routePrefix: r.routePrefix,
                  manifestUrl: `http://localhost:${r.port}/mf-manifest.json`,
                  contractMajor: contract.major,
                },
              ];
            }
            return released[r.name] ? [released[r.name]] : [];
          });
          res.end(JSON.stringify({ remotes }));
        },
      });
      return middlewares;
    };
    return config;
  };
}

/** Dev ports and route prefixes of the feature apps (dev only; production reads build-info.json). */
export const DEV_REMOTES = [
  { name: 'mf_card', routePrefix: '/pages/card/', port: 3001 },
  { name: 'mf_wallet', routePrefix: '/pages/wallet/', port: 3002 },
  { name: 'mf_user', routePrefix: '/pages/user/', port: 3003 },
  { name: 'mf_share', routePrefix: '/pages/share/', port: 3004 },
  { name: 'mf_passport', routePrefix: '/pages/passport/', port: 3005 },
];
