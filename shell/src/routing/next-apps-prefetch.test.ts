import { describe, expect, it } from 'vitest';
import { CONTRACT_MAJOR, type RemoteDescriptor, type RemoteName } from '@cardwallet/shared';
import { filesOfManifest, filesOfRoute } from '@cardwallet/shared/release-files';
import { shellPageFiles, prefetchNextApps, type IdlePrefetchDeps } from './next-apps-prefetch';

const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'app',
      assets: {
        js: {
          sync: ['static/js/1.js', '../evil.js', '/etc/x.js'],
          async: ['static/js/7.aa.js', 'static/js/locale-zh-HK.0123abcd.js', 'static/js/locale-en-US.4567cdef.js'],
        },
        css: { sync: ['static/css/2.css'] },
      },
    },
  ],
});

const routeFiles = JSON.stringify({
  version: 1,
  routes: {
    index: { js: ['static/js/7.aa.js', 'static/js/1.js', '../x.js'], css: ['static/css/7.bb.css'] },
    recharge: { js: ['static/js/9.cc.js'], css: [] },
  },
});

const startFiles = JSON.stringify({
  files: ['static/js/main.1.js'],
  appPage: ['static/js/query-client.2.js', 'static/js/axios.3.js', '../x.js'],
});

function remote(name: RemoteName, prefix: string, major = CONTRACT_MAJOR): RemoteDescriptor {
  return { name, routePrefix: prefix, manifestUrl: `/remotes/${name}/r1/mf-manifest.json`, contractMajor: major };
}

function deps(over: Partial<IdlePrefetchDeps> = {}) {
  const links: string[] = [];
  const fetched: string[] = [];
  const all: Partial<Record<RemoteName, RemoteDescriptor>> = {
    mf_wallet: remote('mf_wallet', '/pages/wallet/'),
    mf_card: remote('mf_card', '/pages/card/'),
  };
  const d: IdlePrefetchDeps = {
    descriptor: (name) => all[name],
    isLoaded: () => false,
    isLoggedIn: () => true,
    currentPath: () => '/',
    fetchText: async (url) => {
      fetched.push(url);
      if (url.endsWith('/route-files.json')) return routeFiles;
      if (url === '/start-files.json') return startFiles;
      return manifest;
    },
    language: () => 'en-US',
    addLink: (href, as) => links.push(`${as} ${href}`),
    ...over,
  };
  return { d, links, fetched };
}

describe('idle prefetch of the next apps (issue 24)', () => {
  it('reads the release files of the manifest as the server announces them, refusing paths that leave the folder', () => {
    expect(filesOfManifest('/remotes/mf_card/r1/mf-manifest.json', manifest)).toEqual([
      { href: '/remotes/mf_card/r1/remoteEntry.js', as: 'script' },
      { href: '/remotes/mf_card/r1/static/js/1.js', as: 'script' },
      { href: '/remotes/mf_card/r1/static/css/2.css', as: 'style' },
    ]);
    expect(filesOfManifest('/m.json', '{not json')).toEqual([]);
  });

  it("adds the app's texts in the reader's language only", () => {
    const files = filesOfManifest('/r/mf-manifest.json', manifest, 'zh-HK').map((f) => f.href);
    expect(files).toContain('/r/static/js/locale-zh-HK.0123abcd.js');
    expect(files.filter((f) => f.includes('locale-'))).toHaveLength(1);
    expect(filesOfManifest('/r/mf-manifest.json', manifest, 'fr-FR').map((f) => f.href)).not.toContain(
      expect.stringContaining('locale-'),
    );
    expect(filesOfManifest('/r/mf-manifest.json', manifest, '.*').some((f) => f.href.includes('locale-'))).toBe(false);
  });

  it("reads one page's chunk files from route-files.json, refusing paths that leave the folder", () => {
    expect(filesOfRoute('/r/mf-manifest.json', routeFiles, 'index')).toEqual([
      { href: '/r/static/js/7.aa.js', as: 'script' },
      { href: '/r/static/js/1.js', as: 'script' },
      { href: '/r/static/css/7.bb.css', as: 'style' },
    ]);
    expect(filesOfRoute('/r/mf-manifest.json', routeFiles, 'missing')).toEqual([]);
    expect(filesOfRoute('/r/mf-manifest.json', routeFiles, '__proto__')).toEqual([]);
    expect(filesOfRoute('/r/mf-manifest.json', '<html>404</html>', 'index')).toEqual([]);
    expect(filesOfRoute('/r/mf-manifest.json', 'null', 'index')).toEqual([]);
  });

  it('signed in: prefetches Wallet then Card, executing nothing', async () => {
    const { d, links, fetched } = deps();
    expect(await prefetchNextApps(d)).toEqual(['mf_wallet', 'mf_card']);
    expect(fetched.filter((u) => u.endsWith('mf-manifest.json'))).toEqual([
      '/remotes/mf_wallet/r1/mf-manifest.json',
      '/remotes/mf_card/r1/mf-manifest.json',
    ]);
    expect(fetched).toContain('/remotes/mf_card/r1/route-files.json');
    expect(links).toContain('script /remotes/mf_card/r1/remoteEntry.js');
    // Per app: entry, app JS, app CSS, the texts in en-US, the index page's own JS and CSS (1.js once).
    expect(links.filter((l) => l.includes('/mf_card/'))).toEqual([
      'script /remotes/mf_card/r1/remoteEntry.js',
      'script /remotes/mf_card/r1/static/js/1.js',
      'style /remotes/mf_card/r1/static/css/2.css',
      'script /remotes/mf_card/r1/static/js/locale-en-US.4567cdef.js',
      'script /remotes/mf_card/r1/static/js/7.aa.js',
      'style /remotes/mf_card/r1/static/css/7.bb.css',
    ]);
    // Once, with the first app: the shell's chunks a feature page waits for (not its start files).
    expect(links.filter((l) => !l.includes('/remotes/'))).toEqual([
      'script /static/js/query-client.2.js',
      'script /static/js/axios.3.js',
    ]);
    expect(links).toHaveLength(14);
  });

  it("reads the shell's page chunks from its start-files.json, refusing paths that leave the folder", () => {
    expect(shellPageFiles(startFiles)).toEqual([
      { href: '/static/js/query-client.2.js', as: 'script' },
      { href: '/static/js/axios.3.js', as: 'script' },
    ]);
    expect(shellPageFiles('{"appPage":["static/css/a.css"]}')).toEqual([{ href: '/static/css/a.css', as: 'style' }]);
    expect(shellPageFiles('<html>')).toEqual([]);
    expect(shellPageFiles('null')).toEqual([]);
    expect(shellPageFiles('{}')).toEqual([]);
  });

  it('a release without route-files.json still prefetches its app files and texts', async () => {
    const { d, links } = deps({
      fetchText: async (url) => {
        if (url.endsWith('/route-files.json')) throw new TypeError('404');
        return manifest;
      },
    });
    expect(await prefetchNextApps(d)).toEqual(['mf_wallet', 'mf_card']);
    expect(links.filter((l) => l.includes('/mf_wallet/'))).toHaveLength(4);
  });

  it('skips signed out, Save-Data, 2G; the app already loaded or open; another contract major', async () => {
    expect(await prefetchNextApps(deps({ isLoggedIn: () => false }).d)).toEqual([]);
    expect(await prefetchNextApps(deps({ connection: () => ({ saveData: true }) }).d)).toEqual([]);
    expect(await prefetchNextApps(deps({ connection: () => ({ effectiveType: 'slow-2g' }) }).d)).toEqual([]);
    expect(await prefetchNextApps(deps({ connection: () => ({ effectiveType: '2g' }) }).d)).toEqual([]);
    expect(await prefetchNextApps(deps({ connection: () => ({ effectiveType: '4g' }) }).d)).toHaveLength(2);
    expect(await prefetchNextApps(deps({ isLoaded: (n) => n === 'mf_card' }).d)).toEqual(['mf_wallet']);
    expect(await prefetchNextApps(deps({ currentPath: () => '/pages/wallet/index' }).d)).toEqual(['mf_card']);
    const old = deps({ descriptor: (n) => (n === 'mf_card' ? remote('mf_card', '/pages/card/', 0) : undefined) });
    expect(await prefetchNextApps(old.d)).toEqual([]);
  });

  it('an app that is down costs nothing: the other is still prefetched', async () => {
    const { d, links } = deps({
      fetchText: async (url) => {
        if (url.includes('mf_wallet')) throw new TypeError('Failed to fetch');
        return url.endsWith('/route-files.json') ? routeFiles : manifest;
      },
    });
    expect(await prefetchNextApps(d)).toEqual(['mf_card']);
    expect(links).toHaveLength(6);
  });
});
