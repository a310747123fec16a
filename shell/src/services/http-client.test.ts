import { describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from '@cardwallet/shared';
import { createHttpClient, REQUEST_TIMEOUT_MS, type HttpClientDeps } from './http-client';
import type { Transport, TransportRequest } from './http-transport';

type Reply = { status: number; body: unknown } | { network: true } | { timeout: true } | { aborted: unknown };

/** A fake transport: answers each call with the next scripted reply and records the request. */
function transport(...replies: Reply[]) {
  const calls: TransportRequest[] = [];
  const send: Transport = async (request) => {
    calls.push(request);
    const reply = replies.shift() ?? replies.at(-1) ?? { status: 200, body: { code: 200, msg: 'ok', data: null } };
    if ('network' in reply) return { kind: 'network' };
    if ('timeout' in reply) return { kind: 'timeout' };
    if ('aborted' in reply) return { kind: 'aborted', error: reply.aborted };
    const data = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return { kind: 'response', status: reply.status, data };
  };
  return { send, calls };
}

function setup(replies: Reply[], overrides: Partial<HttpClientDeps> = {}) {
  const { send, calls } = transport(...replies);
  const deps = {
    baseUrl: () => '/api/',
    token: () => 'tok-123',
    platform: () => 'h5',
    locale: () => 'tr-TR',
    t: (key: string) => `t:${key}`,
    toast: vi.fn(),
    loading: { show: vi.fn(), hide: vi.fn() },
    onUnauthenticated: vi.fn(),
    askRetryAfterTimeout: vi.fn(async () => false),
    transport: send,
    uuid: () => 'uuid-1',
    ...overrides,
  } satisfies HttpClientDeps;
  return { client: createHttpClient(deps), calls, deps };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

const ok = (data: unknown) => ({ status: 200, body: { code: 200, msg: 'success', data } });

describe('HTTP client (spec §7)', () => {
  it('sends the four headers, JSON body and URL-encoded params against the API base', async () => {
    const { client, calls } = setup([ok({ id: 1 })]);
    await client.post('user/login', { account: 'a@b.c' }, { params: { q: 'a b', skip: undefined } });
    const call = calls[0]!;
    expect(call.url).toBe('/api/user/login?q=a+b');
    expect(call.method).toBe('POST');
    expect(call.body).toBe(JSON.stringify({ account: 'a@b.c' }));
    const h = call.headers;
    expect(h['X-Requested-With']).toBe('XMLHttpRequest');
    expect(h['platform']).toBe('h5');
    expect(h['Access-Token']).toBe('tok-123');
    expect(h['Accept-Language']).toBe('tr-TR');
    expect(h['Content-Type']).toBe('application/json');
    expect(call.timeoutMs).toBe(REQUEST_TIMEOUT_MS);
  });

  it('a request its caller aborted rejects with the abort itself, silently and without a re-send', async () => {
    const reason = new DOMException('left the page', 'AbortError');
    const { client, calls, deps } = setup([{ aborted: reason }, ok('never')]);
    await expect(client.get('wallet/balances', undefined, { retries: 2 })).rejects.toBe(reason);
    expect(calls).toHaveLength(1);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('omits Access-Token when logged out', async () => {
    const { client, calls } = setup([ok(null)], { token: () => null });
    await client.get('user/isLogin');
    expect(calls[0]!.headers['Access-Token']).toBeUndefined();
  });

  it('keeps absolute and root-relative URLs as they are', async () => {
    const { client, calls } = setup([ok(1), ok(2)]);
    await client.get('https://other.example/x');
    await client.get('/elsewhere');
    expect(calls.map((c) => c.url)).toEqual(['https://other.example/x', '/elsewhere']);
  });
});

describe('HTTP client error catalogue (spec §8)', () => {
  it('missing URL → rejected with status 0, nothing sent', async () => {
    const { client, calls } = setup([]);
    const error = await rejection(client.request({ url: '' }));
    expect(error.status).toBe(0);
    expect(error.key).toBe('missing_url');
    expect(error.message).toBe('t:http.missingUrl');
    expect(calls).toHaveLength(0);
  });

  it('request-start interceptor not passed → rejected with status 0', async () => {
    const { client, calls } = setup([], { beforeRequest: () => false });
    const error = await rejection(client.get('user/isLogin'));
    expect(error.status).toBe(0);
    expect(error.key).toBe('interceptor_rejected');
    expect(calls).toHaveLength(0);
  });

  it('upload with a non-array file list → rejected', async () => {
    const { client, calls } = setup([]);
    const error = await rejection(client.upload('nope' as unknown as File[]));
    expect(error.status).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('upload defaults to upload/image as multipart', async () => {
    const { client, calls } = setup([ok({ url: 'x' })]);
    await client.upload([new File(['a'], 'a.png')]);
    expect(calls[0]!.url).toBe('/api/upload/image');
    expect(calls[0]!.body).toBeInstanceOf(FormData);
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
  });

  it.each([404, 500, 502])('HTTP status %i → rejected with "http status error"', async (status) => {
    const { client, deps } = setup([{ status, body: { code: 200, msg: '', data: null } }]);
    const error = await rejection(client.get('x'));
    expect(error.message).toBe('t:http.statusError');
    expect(error.key).toBe('http_status_error');
    expect(error.status).toBe(status);
    expect(deps.toast).toHaveBeenCalledWith('t:http.statusError', 2500);
  });

  it('non-JSON body → rejected with the reachability message', async () => {
    const { client } = setup([{ status: 200, body: '<html>proxy error</html>' }]);
    const error = await rejection(client.get('x'));
    expect(error.key).toBe('not_json');
    expect(error.message).toBe('t:http.notJson');
  });

  it('body code 200 → resolves with data; the response factory sees the envelope', async () => {
    const { client } = setup([ok({ token: 't', userId: 'u' }), ok([1, 2])]);
    await expect(client.post('user/login', {})).resolves.toEqual({ token: 't', userId: 'u' });
    await expect(
      client.get('x', undefined, { transform: (e) => ({ n: (e.data as number[]).length, msg: e.msg }) }),
    ).resolves.toEqual({ n: 2, msg: 'success' });
  });

  it('accepts `message` in place of `msg`', async () => {
    const { client, deps } = setup([{ status: 200, body: { code: 500, message: 'Kaput', data: null } }]);
    const error = await rejection(client.get('x'));
    expect(error.message).toBe('Kaput');
    expect(deps.toast).toHaveBeenCalledWith('Kaput', 2500);
  });

  it('body code 401 → logs out and asks to log in (modal by default, redirect or none on request)', async () => {
    const body = { code: 401, msg: 'Not logged in', key: 'unauthenticated', data: null };
    const { client, deps } = setup([
      { status: 200, body },
      { status: 200, body },
      { status: 200, body },
    ]);
    const error = await rejection(client.get('user/info'));
    expect(error.code).toBe(401);
    expect(deps.onUnauthenticated).toHaveBeenLastCalledWith('modal');
    await rejection(client.get('user/info', undefined, { login: 'redirect' }));
    expect(deps.onUnauthenticated).toHaveBeenLastCalledWith('redirect');
    await rejection(client.get('user/info', undefined, { login: 'none' }));
    expect(deps.onUnauthenticated).toHaveBeenLastCalledWith('none');
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('body code 500 → toast of msg for 2.5 s when prompting, silent otherwise', async () => {
    const body = { code: 500, msg: 'Operation failed', key: 'operation_failed', data: null };
    const { client, deps } = setup([
      { status: 200, body },
      { status: 200, body },
    ]);
    const error = await rejection(client.post('x', {}));
    expect(error.code).toBe(500);
    expect(error.key).toBe('operation_failed');
    expect(deps.toast).toHaveBeenCalledWith('Operation failed', 2500);
    vi.mocked(deps.toast).mockClear();
    await rejection(client.post('x', {}, { prompt: false }));
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it.each([403, 404, 409, 422, 429])(
    'other body code %i → rejected with code, key and data; toast of msg',
    async (code) => {
      const data = code === 422 ? { fields: { amount: 'Please enter a valid amount' } } : { retryAfterSeconds: 30 };
      const { client, deps } = setup([
        { status: 200, body: { code, msg: `msg ${code}`, key: 'invalid_params', data } },
      ]);
      const error = await rejection(client.post('x', {}));
      expect(error.code).toBe(code);
      expect(error.data).toEqual(data);
      if (code === 422) expect(error.fields).toEqual({ amount: 'Please enter a valid amount' });
      expect(deps.toast).toHaveBeenCalledWith(`msg ${code}`, 2500);
    },
  );

  it('network failure → toast "network request error" for 3 s, status 0', async () => {
    const { client, deps } = setup([{ network: true }]);
    const error = await rejection(client.get('x'));
    expect(error.status).toBe(0);
    expect(error.key).toBe('network_error');
    expect(deps.toast).toHaveBeenCalledWith('t:http.network', 3000);
  });

  it('timeout → the tap-to-retry text; tapping re-sends and resolves', async () => {
    const ask = vi.fn(async () => true);
    const { client, calls } = setup([{ timeout: true }, ok('second time lucky')], { askRetryAfterTimeout: ask });
    await expect(client.get('x')).resolves.toBe('second time lucky');
    expect(ask).toHaveBeenCalledWith('t:http.timeout');
    expect(calls).toHaveLength(2);
  });

  it('timeout not retried → rejected with the timeout text', async () => {
    const { client } = setup([{ timeout: true }]);
    const error = await rejection(client.get('x'));
    expect(error.key).toBe('timeout');
    expect(error.message).toBe('t:http.timeout');
  });

  it('resend count: re-sends after network failures, then succeeds', async () => {
    const { client, calls, deps } = setup([{ network: true }, { timeout: true }, ok('done')]);
    await expect(client.get('x', undefined, { retries: 2 })).resolves.toBe('done');
    expect(calls).toHaveLength(3);
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('money-moving call: one Idempotency-Key, reused on every re-send', async () => {
    let n = 0;
    const { client, calls } = setup([{ network: true }, { network: true }, ok('moved')], { uuid: () => `key-${++n}` });
    await client.post('wallet/transfer', { amount: '50' }, { idempotencyKey: true, retries: 2 });
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1', 'key-1']);
    const explicit = setup([ok(1)]);
    await explicit.client.post('wallet/transfer', {}, { idempotencyKey: 'client-chosen' });
    expect(explicit.calls[0]!.headers['Idempotency-Key']).toBe('client-chosen');
  });

  it('a call without idempotencyKey sends no Idempotency-Key', async () => {
    const { client, calls } = setup([ok(1)]);
    await client.post('user/login', {});
    expect(calls[0]!.headers['Idempotency-Key']).toBeUndefined();
  });

  it('counted loading indicator: shown once per marked call, hidden even on failure', async () => {
    const { client, deps } = setup([ok(1), { network: true }]);
    await client.post('x', {}, { loading: true });
    await rejection(client.post('x', {}, { loading: true, prompt: false }));
    expect(deps.loading.show).toHaveBeenCalledTimes(2);
    expect(deps.loading.hide).toHaveBeenCalledTimes(2);
    await client.get('y').catch(() => undefined);
    expect(deps.loading.show).toHaveBeenCalledTimes(2);
  });

  it('download resolves with the body as received', async () => {
    const { client, calls } = setup([{ status: 200, body: 'file-bytes' }]);
    await expect(client.download('statements/1.pdf')).resolves.toBe('file-bytes');
    expect(calls[0]!.responseType).toBe('blob');
  });
});

describe('HTTP client: a page’s first answer started with its files (issue 24, early-requests.ts)', () => {
  /** An early-requests store holding one answer per address, each given once, recording what was asked. */
  function earlyStore(answers: Record<string, { ok: true; status: number; text: string } | { ok: false }>) {
    const asked: Array<[string, string]> = [];
    return {
      asked,
      early: {
        take: (key: string, locale: string) => {
          asked.push([key, locale]);
          const answer = answers[key];
          delete answers[key];
          return answer ? Promise.resolve(answer) : undefined;
        },
        size: () => Object.keys(answers).length,
      },
    };
  }
  const key = (path: string) => `GET http://localhost:3000/api/${path}`;
  const body = (value: unknown) => JSON.stringify(value);

  it('hands a success to the first identical GET without a request; the second goes out', async () => {
    const { early, asked } = earlyStore({
      [key('wallet/balances?a=1&b=x')]: { ok: true, status: 200, text: body({ code: 200, data: { total: '1.00' } }) },
    });
    const { client, calls } = setup([ok({ total: '2.00' })], { token: () => null, early });
    await expect(client.get('wallet/balances', { b: 'x', a: 1 })).resolves.toEqual({ total: '1.00' });
    expect(calls).toHaveLength(0);
    expect(asked).toEqual([[key('wallet/balances?a=1&b=x'), 'tr-TR']]);
    await expect(client.get('wallet/balances', { b: 'x', a: 1 })).resolves.toEqual({ total: '2.00' });
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['a 401 (its own request shows the log-in modal)', { ok: true as const, status: 200, text: body({ code: 401 }) }],
    ['a 500 envelope', { ok: true as const, status: 200, text: body({ code: 500, msg: 'x' }) }],
    ['an HTTP error', { ok: true as const, status: 502, text: 'Bad gateway' }],
    ['an unreadable answer', { ok: true as const, status: 200, text: '<html>' }],
    ['the network failing', { ok: false as const }],
  ])('%s: dropped, the page sends its own request and sees its own outcome', async (_name, answer) => {
    const { early } = earlyStore({ [key('wallet/balances')]: answer });
    const { client, calls, deps } = setup([{ status: 200, body: { code: 401, msg: 'sign in' } }], {
      token: () => null,
      early,
    });
    const error = await rejection(client.get('wallet/balances'));
    expect(calls).toHaveLength(1);
    expect(error.key).toBe('unauthenticated');
    expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(deps.onUnauthenticated).toHaveBeenCalledWith('modal');
  });

  it('never for a request with a token, a POST or a download', async () => {
    const answer = { ok: true as const, status: 200, text: body({ code: 200, data: 'early' }) };
    const withToken = setup([ok('own')], { early: earlyStore({ [key('x')]: { ...answer } }).early });
    await expect(withToken.client.get('x')).resolves.toBe('own');
    const { early, asked } = earlyStore({ [key('x')]: { ...answer } });
    const signedIn = setup([ok('own'), { status: 200, body: 'blob' }], { token: () => null, early });
    await expect(signedIn.client.post('x', {})).resolves.toBe('own');
    await signedIn.client.download('x');
    expect(asked).toEqual([]);
    expect(signedIn.calls).toHaveLength(2);
  });
});
