import { createHostConfig, DEV_REMOTES } from '../shared/build/remote-preset.mjs';
import { withCommonCatalogueSplit } from './build/common-catalogue.mjs';
import { withFrameTexts } from './build/frame-texts.mjs';
import { withStartFiles } from './build/start-files.mjs';

export default withStartFiles(
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
);
