import { describe, expect, it, vi } from 'vitest';
import { CONTRACT_MAJOR, type RemoteDescriptor, type RemoteName } from '@cardwallet/shared';
import { filesOfManifest, prefetchNextApps, scheduleIdlePrefetch, type IdlePrefetchDeps } from './idle-prefetch';

const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'app',
      assets: { js: { sync: ['static/js/1.js', '../evil.js', '/etc/x.js'] }, css: { sync: ['static/css/2.css'] } },
    },
  ],
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
      return manifest;
    },
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

  it('signed in: prefetches Wallet then Card, executing nothing', async () => {
    const { d, links, fetched } = deps();
    expect(await prefetchNextApps(d)).toEqual(['mf_wallet', 'mf_card']);
    expect(fetched).toEqual(['/remotes/mf_wallet/r1/mf-manifest.json', '/remotes/mf_card/r1/mf-manifest.json']);
    expect(links).toContain('script /remotes/mf_card/r1/remoteEntry.js');
    expect(links).toHaveLength(6);
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
        return manifest;
      },
    });
    expect(await prefetchNextApps(d)).toEqual(['mf_card']);
    expect(links).toHaveLength(3);
  });

  it('runs only when scheduled (after the first screen, when idle)', () => {
    const tasks: Array<() => void> = [];
    const fetchText = vi.fn(async () => manifest);
    scheduleIdlePrefetch(deps({ schedule: (task) => tasks.push(task), fetchText }).d);
    expect(fetchText).not.toHaveBeenCalled();
    tasks[0]?.();
    expect(fetchText).toHaveBeenCalled();
  });
});
