import { describe, expect, it, vi } from 'vitest';
import { CONTRACT_MAJOR, CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { FeatureLoadError, FeatureRegistry, type FederationRuntime } from './feature-registry';

const cardApp = {
  name: 'mf_card',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/card/',
  routes: [],
  i18n: { namespace: 'card', resources: {} },
} as unknown as FeatureApp;
const registryJson = (contractMajor = CONTRACT_MAJOR) => ({
  remotes: [
    { name: 'mf_card', routePrefix: '/pages/card/', manifestUrl: '/remotes/card/mf-manifest.json', contractMajor },
  ],
});

function setup(runtime: Partial<FederationRuntime>, raw: unknown = registryJson()) {
  const rt = { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => ({ default: cardApp })), ...runtime };
  const onLoaded = vi.fn();
  const fetchRegistry = vi.fn(async () => raw);
  return {
    registry: new FeatureRegistry({ runtime: rt as FederationRuntime, fetchRegistry, onLoaded, pageTimeoutMs: 50 }),
    rt,
    onLoaded,
    fetchRegistry,
  };
}

describe('feature registry', () => {
  it('registers remotes from /remotes.json and loads one on demand, once', async () => {
    const { registry, rt, onLoaded } = setup({});
    await registry.refresh();
    expect(rt.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_card', entry: '/remotes/card/mf-manifest.json' }], {
      force: true,
    });
    expect(rt.loadRemote).not.toHaveBeenCalled();
    await expect(registry.load('mf_card')).resolves.toBe(cardApp);
    await registry.load('mf_card');
    expect(rt.loadRemote).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith(cardApp);
  });

  it('hands the app over only once its texts are in, and lets its page chunk start meanwhile', async () => {
    const { registry, onLoaded } = setup({});
    let textsIn!: () => void;
    const textsAsked = new Promise<void>((asked) =>
      onLoaded.mockImplementation(() => {
        asked();
        return new Promise<void>((resolve) => (textsIn = resolve));
      }),
    );
    const order: string[] = [];
    const load = registry.load('mf_card', () => order.push('page chunk started')).then(() => order.push('app ready'));
    await textsAsked;
    expect(onLoaded).toHaveBeenCalledWith(cardApp);
    expect(order).toEqual(['page chunk started']);
    textsIn();
    await load;
    expect(order).toEqual(['page chunk started', 'app ready']);
  });

  it('refuses a remote built against another contract major', async () => {
    const { registry, rt } = setup({}, registryJson(CONTRACT_MAJOR + 1));
    await expect(registry.load('mf_card')).rejects.toMatchObject({ reason: 'incompatible' });
    expect(rt.loadRemote).not.toHaveBeenCalled();
  });

  it('refuses a FeatureApp reporting another contract major', async () => {
    const { registry } = setup({
      loadRemote: vi.fn(async () => ({
        default: { ...cardApp, contractVersion: `${CONTRACT_MAJOR + 1}.0.0` },
      })) as FederationRuntime['loadRemote'],
    });
    await expect(registry.load('mf_card')).rejects.toMatchObject({ reason: 'incompatible' });
  });

  it('a remote that is down fails, and Retry starts over', async () => {
    const loadRemote = vi
      .fn()
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockResolvedValue({ default: cardApp });
    const { registry, fetchRegistry } = setup({ loadRemote });
    const error = await registry.load('mf_card').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FeatureLoadError);
    expect((error as FeatureLoadError).reason).toBe('unavailable');
    await registry.retry('mf_card');
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
    await expect(registry.load('mf_card')).resolves.toBe(cardApp);
  });

  it('Retry reloads the page when the page preloaded that app’s files (a failed preload would be handed out again)', async () => {
    const loadRemote = vi.fn().mockRejectedValue(new Error('ScriptExternalLoadError'));
    const rt = { registerRemotes: vi.fn(), loadRemote };
    const reload = vi.fn();
    const fetchRegistry = vi.fn(async () => registryJson());
    const registry = new FeatureRegistry({
      runtime: rt as unknown as FederationRuntime,
      fetchRegistry,
      onLoaded: vi.fn(),
      pageTimeoutMs: 50,
      reload,
    });
    const other = document.createElement('link');
    other.rel = 'preload';
    other.href = '/remotes/wallet/remoteEntry.js';
    const mine = document.createElement('link');
    mine.rel = 'preload';
    mine.href = '/remotes/card/remoteEntry.js';
    document.head.append(other, mine);
    await registry.load('mf_card').catch(() => undefined);
    void registry.retry('mf_card');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(mine.isConnected).toBe(false);
    expect(other.isConnected).toBe(true);
    // Without such preloads (the next retry) it starts over in place.
    await registry.retry('mf_card');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchRegistry).toHaveBeenCalledTimes(2);
    other.remove();
  });

  it('a slow remote times out', async () => {
    const { registry } = setup({
      loadRemote: vi.fn(() => new Promise(() => undefined)) as FederationRuntime['loadRemote'],
    });
    await expect(registry.load('mf_card')).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('an unreadable registry leaves remotes unavailable without throwing', async () => {
    const { registry } = setup({}, { nope: true });
    await expect(registry.refresh()).resolves.toBeUndefined();
    await expect(registry.load('mf_card')).rejects.toMatchObject({ reason: 'unavailable' });
  });
});

describe('feature registry and releases', () => {
  it('reports the release each app was loaded from, and keeps it when the registry moves on', async () => {
    const v1 = {
      remotes: [
        {
          name: 'mf_card',
          routePrefix: '/pages/card/',
          manifestUrl: '/remotes/card/1.0.0-aaa/mf-manifest.json',
          contractMajor: CONTRACT_MAJOR,
          version: '1.0.0',
          releaseId: '1.0.0-aaa',
          channel: 'stable',
        },
      ],
    };
    const v2 = {
      remotes: [
        {
          ...v1.remotes[0],
          manifestUrl: '/remotes/card/1.1.0-bbb/mf-manifest.json',
          version: '1.1.0',
          releaseId: '1.1.0-bbb',
          channel: 'canary',
        },
      ],
    };
    const { registry, rt, fetchRegistry } = setup({}, v1);
    await registry.load('mf_card');
    expect(registry.status()).toEqual([
      expect.objectContaining({
        name: 'mf_card',
        state: 'loaded',
        version: '1.0.0',
        releaseId: '1.0.0-aaa',
        channel: 'stable',
      }),
    ]);
    fetchRegistry.mockResolvedValue(v2);
    await registry.refresh(true);
    // Not re-registered: the loaded app's pages keep loading chunks from 1.0.0-aaa.
    expect(rt.registerRemotes).toHaveBeenCalledTimes(1);
    expect(registry.status()[0]).toMatchObject({ version: '1.0.0', releaseId: '1.0.0-aaa' });
  });
});
