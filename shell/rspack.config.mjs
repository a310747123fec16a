import { createRequire } from 'node:module';
import { createHostConfig, DEV_REMOTES } from '../shared/build/remote-preset.mjs';
import { RouteSkeletonsPlugin } from '../shared/build/route-skeletons.mjs';
import { withCommonCatalogueSplit } from './build/common-catalogue.mjs';
import { withCompileHints } from './build/compile-hints.mjs';
import { withFrameTexts } from './build/frame-texts.mjs';
import { serviceWorkerConfig } from './build/service-worker.mjs';
import { withStartFiles } from './build/start-files.mjs';
import { withStartLoader } from './build/start-loader.mjs';
import { MANIFEST_FILES, withWebAppManifest } from './build/web-app-manifest.mjs';

const shellConfig = withWebAppManifest(
  'CardWallet',
  withStartLoader(
    withCompileHints(
      withStartFiles(
        withFrameTexts(
          import.meta.dirname,
          withCommonCatalogueSplit(
            createHostConfig({
              dir: import.meta.dirname,
              name: 'shell',
              port: 3000,
              template: './index.html',
              devRemotes: DEV_REMOTES,
              // The API (npm start, or `pnpm --filter @cardwallet/api dev`) listens on 8080; it also serves the
              // production builds of remotes not running live (see CW_DEV_REMOTES).
              devProxy: [
                {
                  context: ['/api', '/remotes/'],
                  target: process.env.API_URL ?? 'http://127.0.0.1:8080',
                  changeOrigin: true,
                },
              ],
            }),
          ),
        ),
      ),
    ),
  ),
);

// Production: the service worker (src/pwa/sw.ts) is a second compilation after the shell's, with
// that build's precache list (build/service-worker.mjs). The dev server has none.
export default (env, argv = {}) => {
  const config = shellConfig(env, argv);
  // dist/skeletons.json: the shell's pages' skeletons, painted by the server before any script (issue 24).
  config.plugins.push(
    new RouteSkeletonsPlugin({
      routesFile: `${import.meta.dirname}/src/routing/shell-routes.ts`,
      groups: [
        { exportName: 'SHELL_ROUTES', prefix: 'index/' },
        { exportName: 'ABOUT_ROUTES', prefix: 'about/' },
      ],
      catalogueDir: `${import.meta.dirname}/src/i18n`,
      namespaces: {
        home: `${import.meta.dirname}/src/pages/home/i18n`,
        homeSignedIn: `${import.meta.dirname}/src/pages/home/i18n/signed-in`,
      },
    }),
  );
  if ((argv.mode ?? process.env.NODE_ENV ?? 'production') !== 'production') return config;
  config.name = 'shell';
  const rspack = createRequire(import.meta.url)('@rspack/core');
  return [config, serviceWorkerConfig(import.meta.dirname, config, rspack, MANIFEST_FILES)];
};
