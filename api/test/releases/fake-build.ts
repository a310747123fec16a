import { CONTRACT_MAJOR, CONTRACT_VERSION, LOCALES } from '@cardwallet/shared';
import type { ReleaseFile } from '../../src/modules/releases/store';

export interface FakeBuildOptions {
  app?: string;
  routePrefix?: string;
  contractVersion?: string;
  contractMajor?: number;
  routes?: string[];
  translations?: Record<string, string[] | null>;
  /** Content of the page chunk: a different label makes a different release. */
  label?: string;
  omit?: string[];
}

/** A build folder as shared/build/remote-preset.mjs writes it, small enough for tests. */
export function fakeBuild(opts: FakeBuildOptions = {}): ReleaseFile[] {
  const app = opts.app ?? 'mf_card';
  const short = app.replace(/^mf_/, '');
  const keys = ['titles.index', 'titles.list'];
  const info = {
    name: app,
    version: '1.0.0',
    routePrefix: opts.routePrefix ?? `/pages/${short}/`,
    contractVersion: opts.contractVersion ?? CONTRACT_VERSION,
    contractMajor: opts.contractMajor ?? CONTRACT_MAJOR,
    mode: 'production',
    featureApp: {
      routes: opts.routes ?? ['index', 'list'],
      translations: opts.translations ?? Object.fromEntries(LOCALES.map((l) => [l, keys])),
    },
  };
  const files: ReleaseFile[] = [
    { path: 'build-info.json', body: Buffer.from(JSON.stringify(info)) },
    {
      path: 'mf-manifest.json',
      body: Buffer.from(
        JSON.stringify({
          id: app,
          name: app,
          metaData: {
            name: app,
            publicPath: 'auto',
            remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
          },
        }),
      ),
    },
    { path: 'remoteEntry.js', body: Buffer.from(`var ${app}; /* entry */`) },
    { path: 'static/js/page.0123abcd.js', body: Buffer.from(`console.log(${JSON.stringify(opts.label ?? 'v1')});`) },
  ];
  return files.filter((f) => !(opts.omit ?? []).includes(f.path));
}
