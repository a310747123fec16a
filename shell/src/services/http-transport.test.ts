import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, withQuery, type TransportRequest } from './http-transport';

const request = (overrides: Partial<TransportRequest> = {}): TransportRequest => ({
  url: '/api/x',
  method: 'GET',
  headers: { platform: 'h5' },
  timeoutMs: 1_000,
  responseType: 'text',
  ...overrides,
});

/** A fetch that never answers until its signal ends it, as a stalled network does. */
const stalledFetch = vi.fn(
  (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    }),
);

afterEach(() => {
  vi.useRealTimers();
  stalledFetch.mockClear();
});

describe('fetch transport', () => {
  it('sends the method, headers and body, and reports any status with its text', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"code":500}', { status: 500 }));
    const send = fetchTransport(fetchImpl);
    const outcome = await send(
      request({ method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }),
    );
    expect(outcome).toEqual({ kind: 'response', status: 500, data: '{"code":500}' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    // Never `include`: an early request's preload (use-credentials) must not match the client's requests.
    expect(init.credentials).toBeUndefined();
  });

  it('reads a download as a Blob', async () => {
    const send = fetchTransport(async () => new Response('%PDF', { status: 200 }));
    const outcome = await send(request({ responseType: 'blob' }));
    expect(outcome.kind).toBe('response');
    const data = (outcome as { data: Blob }).data;
    // The Response's own Blob (the test environment's Blob class is jsdom's, not fetch's).
    expect(data.size).toBe(4);
    expect(await data.text()).toBe('%PDF');
  });

  it('a failed fetch (offline, DNS, CORS) is the network failing', async () => {
    const send = fetchTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await send(request())).toEqual({ kind: 'network' });
  });

  it('no answer within the timeout: a timeout, and the request is aborted', async () => {
    vi.useFakeTimers();
    const send = fetchTransport(stalledFetch);
    const pending = send(request({ timeoutMs: 15_000 }));
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ kind: 'timeout' });
    const init = stalledFetch.mock.calls[0]![1]!;
    expect(init.signal!.aborted).toBe(true);
  });

  it('the timeout covers the body too: headers in time, the body stalled', async () => {
    vi.useFakeTimers();
    const send = fetchTransport(async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
      });
      return new Response(body, { status: 200 });
    });
    const pending = send(request({ timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toEqual({ kind: 'timeout' });
  });

  it('the caller aborting: aborted, with the caller’s reason, and no timeout afterwards', async () => {
    vi.useFakeTimers();
    const send = fetchTransport(stalledFetch);
    const caller = new AbortController();
    const pending = send(request({ signal: caller.signal }));
    const reason = new DOMException('left the page', 'AbortError');
    caller.abort(reason);
    expect(await pending).toEqual({ kind: 'aborted', error: reason });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a signal already aborted: nothing is sent', async () => {
    const send = fetchTransport(stalledFetch);
    const caller = new AbortController();
    caller.abort();
    const outcome = await send(request({ signal: caller.signal }));
    expect(outcome.kind).toBe('aborted');
    expect(stalledFetch).not.toHaveBeenCalled();
  });
});

describe('withQuery', () => {
  it('appends the parameters, encoded, after any query the URL has', () => {
    expect(withQuery('/api/x', { q: 'a b&c', n: 2, on: true })).toBe('/api/x?q=a+b%26c&n=2&on=true');
    expect(withQuery('/api/x?page=1', { size: 20 })).toBe('/api/x?page=1&size=20');
  });

  it('leaves the URL alone without parameters', () => {
    expect(withQuery('/api/x', undefined)).toBe('/api/x');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});
