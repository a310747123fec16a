import { describe, expect, it, vi } from 'vitest';
import { createRegistryFetch } from './registry-fetch';
import { buildErrorReport } from './error-report';
import { IS_TEST_BUILD, exposeForTests } from './test-handle';

describe('remote registry fetch', () => {
  it('sends the session token (the server picks the cohort by user) and never uses the HTTP cache', async () => {
    const fetchMock = vi.fn(async () => new Response('{"remotes":[]}', { status: 200 }));
    await createRegistryFetch({ token: () => 'tok', fetch: fetchMock as unknown as typeof fetch })();
    expect(fetchMock).toHaveBeenCalledWith(
      '/remotes.json',
      expect.objectContaining({ cache: 'no-store', headers: { 'Access-Token': 'tok' } }),
    );
    await createRegistryFetch({ token: () => undefined, fetch: fetchMock as unknown as typeof fetch })();
    expect(fetchMock).toHaveBeenLastCalledWith('/remotes.json', expect.objectContaining({ headers: {} }));
  });

  const page = (json: string) => {
    const doc = document.implementation.createHTMLDocument('t');
    const el = doc.createElement('script');
    el.type = 'application/json';
    el.id = 'cw-registry';
    el.textContent = json;
    doc.head.append(el);
    return doc;
  };
  const REMOTES = [
    { name: 'mf_card', routePrefix: '/pages/card/', manifestUrl: '/remotes/card/1/mf-manifest.json', contractMajor: 1 },
  ];

  it('uses the registry inlined in the page once (no round trip), then asks /remotes.json', async () => {
    const fetchMock = vi.fn(async () => new Response('{"remotes":[]}', { status: 200 }));
    const doc = page(JSON.stringify({ cohort: 'anon', remotes: REMOTES }));
    const read = createRegistryFetch({
      token: () => undefined,
      fetch: fetchMock as unknown as typeof fetch,
      document: doc,
    });
    expect(await read()).toEqual({ remotes: REMOTES });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(doc.getElementById('cw-registry')).toBeNull();
    // A retry (refresh(true)) must see promotions and rollbacks since the page was served.
    expect(await read()).toEqual({ remotes: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['user', undefined, false],
    ['anon', 'tok', false],
    ['user', 'tok', true],
    ['all', 'tok', true],
    ['all', undefined, true],
  ])('inline registry of cohort %s with token %s used: %s', async (cohort, token, used) => {
    const fetchMock = vi.fn(async () => new Response('{"remotes":[]}', { status: 200 }));
    const doc = page(JSON.stringify({ cohort, remotes: REMOTES }));
    const result = await createRegistryFetch({
      token: () => token,
      fetch: fetchMock as unknown as typeof fetch,
      document: doc,
    })();
    expect(result).toEqual(used ? { remotes: REMOTES } : { remotes: [] });
    expect(fetchMock).toHaveBeenCalledTimes(used ? 0 : 1);
  });

  it('falls back to /remotes.json when the inline data is broken', async () => {
    const fetchMock = vi.fn(async () => new Response('{"remotes":[]}', { status: 200 }));
    const result = await createRegistryFetch({
      token: () => undefined,
      fetch: fetchMock as unknown as typeof fetch,
      document: page('{"cohort":"anon",'),
    })();
    expect(result).toEqual({ remotes: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects on an HTTP error', async () => {
    const fetchMock = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(
      createRegistryFetch({ token: () => undefined, fetch: fetchMock as unknown as typeof fetch })(),
    ).rejects.toThrow('HTTP 503');
  });
});

describe('error report', () => {
  it('names the release of every app', () => {
    const report = buildErrorReport(
      new Error('boom'),
      [
        {
          name: 'mf_card',
          routePrefix: '/pages/card/',
          state: 'failed',
          version: '1.2.0',
          releaseId: '1.2.0-abc',
          channel: 'canary',
        },
      ],
      '/pages/card/index',
    );
    expect(report).toMatchObject({
      message: 'Error: boom',
      page: '/pages/card/index',
      apps: [{ name: 'mf_card', state: 'failed', releaseId: '1.2.0-abc', channel: 'canary' }],
    });
  });
});

describe('window.__cardwallet', () => {
  it('is not exposed by a build made without CW_TEST_BUILD', () => {
    expect(IS_TEST_BUILD).toBe(false);
    exposeForTests({ secret: 1 });
    expect((window as unknown as { __cardwallet?: unknown }).__cardwallet).toBeUndefined();
  });
});
