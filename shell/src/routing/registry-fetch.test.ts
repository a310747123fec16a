import { describe, expect, it, vi } from 'vitest';
import { createRegistryFetch } from './registry-fetch';
import { buildErrorReport } from './error-report';
import { IS_TEST_BUILD, exposeForTests } from './test-handle';

describe('remote registry fetch', () => {
  it('sends the session token (the server picks the cohort by user) and never uses the HTTP cache', async () => {
    const fetchMock = vi.fn(async () => new Response('{"remotes":[]}', { status: 200 }));
    await createRegistryFetch({ token: () => 'tok', fetch: fetchMock as unknown as typeof fetch })();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store', headers: { 'Access-Token': 'tok' } }));
    await createRegistryFetch({ token: () => undefined, fetch: fetchMock as unknown as typeof fetch })();
    expect(fetchMock).toHaveBeenLastCalledWith('/remotes.json', expect.objectContaining({ headers: {} }));
  });

  it('rejects on an HTTP error', async () => {
    const fetchMock = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(createRegistryFetch({ token: () => undefined, fetch: fetchMock as unknown as typeof fetch })()).rejects.toThrow('HTTP 503');
  });
});

describe('error report', () => {
  it('names the release of every app', () => {
    const report = buildErrorReport(new Error('boom'), [{ name: 'mf_card', routePrefix: '/pages/card/', state: 'failed', version: '1.2.0', releaseId: '1.2.0-abc', channel: 'canary' }], '/pages/card/index');
    expect(report).toMatchObject({ message: 'Error: boom', page: '/pages/card/index', apps: [{ name: 'mf_card', state: 'failed', releaseId: '1.2.0-abc', channel: 'canary' }] });
  });
});

describe('window.__cardwallet', () => {
  it('is not exposed by a build made without CW_TEST_BUILD', () => {
    expect(IS_TEST_BUILD).toBe(false);
    exposeForTests({ secret: 1 });
    expect((window as unknown as { __cardwallet?: unknown }).__cardwallet).toBeUndefined();
  });
});
