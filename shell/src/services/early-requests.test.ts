import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_AGE_MS, requestKey, startEarlyRequests, type EarlyRequestsDeps } from './early-requests';

const BASE = 'http://localhost:3000/';

function page(links: string) {
  document.head.innerHTML = links;
}

const link = (href: string, locale = 'en-US', crossorigin = 'use-credentials') =>
  `<link rel="preload" href="${href}" as="fetch" crossorigin="${crossorigin}" data-early-locale="${locale}">`;

/** A session that can change, with its listeners; a fetch whose answers the test settles. */
function setup(overrides: Partial<EarlyRequestsDeps> = {}, initialUser: string | null = '42') {
  let user: string | null = initialUser;
  const listeners: Array<() => void> = [];
  const answers = new Map<string, (r: { status: number; body: string } | 'network') => void>();
  const fetch = vi.fn(
    (href: string) =>
      new Promise<Response>((resolve, reject) =>
        answers.set(href, (r) =>
          r === 'network' ? reject(new TypeError('failed')) : resolve(new Response(r.body, { status: r.status })),
        ),
      ),
  );
  let clock = 1_000;
  const early = startEarlyRequests({
    doc: document,
    apiBaseUrl: () => '/api/',
    user: () => user,
    subscribe: (fn) => listeners.push(fn),
    fetch: fetch as unknown as typeof globalThis.fetch,
    now: () => clock,
    ...overrides,
  });
  return {
    early,
    fetch,
    answer: (href: string, r: { status: number; body: string } | 'network') => answers.get(`${BASE}${href}`)!(r),
    signInAs: (id: string | null) => {
      user = id;
      for (const fn of listeners) fn();
    },
    tick: (ms: number) => (clock += ms),
  };
}

const key = (path: string) => requestKey(`/api/${path}`, undefined, BASE);

describe('early requests: the page’s first answers, started with its files (issue 24)', () => {
  beforeEach(() => page(''));

  it('takes over every announced request at start (the preload’s own request mode) and removes the links', async () => {
    page(
      `${link('/api/wallet/balances')}${link('/api/card/list?size=10&page=1')}<link rel="preload" href="/x.js" as="script">`,
    );
    const { early, fetch, answer } = setup();
    expect(fetch.mock.calls).toEqual([
      [`${BASE}api/wallet/balances`, { credentials: 'include' }],
      [`${BASE}api/card/list?size=10&page=1`, { credentials: 'include' }],
    ]);
    expect(document.querySelectorAll('link[data-early-locale]')).toHaveLength(0);
    expect(document.querySelectorAll('link[as="script"]')).toHaveLength(1);
    expect(early.size()).toBe(2);
    const taken = early.take(key('wallet/balances'), 'en-US');
    answer('api/wallet/balances', { status: 200, body: '{"code":200}' });
    await expect(taken).resolves.toEqual({ ok: true, status: 200, text: '{"code":200}' });
    // Used once: the same address asked again goes to the network.
    expect(early.take(key('wallet/balances'), 'en-US')).toBeUndefined();
    // Params in any order are the same request.
    expect(early.take(requestKey('/api/card/list', { page: 1, size: 10 }, BASE), 'en-US')).toBeDefined();
  });

  it('an answer the server made for the page is ready at once, used once, in its language, for the same session; its data is taken out of the page', async () => {
    const body = '{"code":200,"msg":"ok","data":{"totalUsd":"7.50"}}';
    page(
      `<script type="application/json" data-early-answer="/api/wallet/balances" data-early-locale="ar-AE">${body}</script>` +
        `<script type="application/json" data-early-answer="https://elsewhere.test/api/card/list" data-early-locale="ar-AE">{}</script>` +
        link('/api/card/list', 'ar-AE'),
    );
    const { early, fetch } = setup();
    // Nothing fetched for the answer the page carries; the announced one is fetched as before.
    expect(fetch.mock.calls.map(([href]) => href)).toEqual([`${BASE}api/card/list`]);
    expect(document.querySelectorAll('script[data-early-answer]')).toHaveLength(0);
    // Another language's request does not get it (and it is used up).
    expect(early.take(key('wallet/balances'), 'en-US')).toBeUndefined();
    page(
      `<script type="application/json" data-early-answer="/api/wallet/balances" data-early-locale="ar-AE">${body}</script>`,
    );
    const again = setup();
    await expect(again.early.take(key('wallet/balances'), 'ar-AE')).resolves.toEqual({
      ok: true,
      status: 200,
      text: body,
    });
    expect(again.early.take(key('wallet/balances'), 'ar-AE')).toBeUndefined();
    // Another customer now: the answer made for the previous session is dropped.
    page(
      `<script type="application/json" data-early-answer="/api/wallet/balances" data-early-locale="ar-AE">${body}</script>`,
    );
    const third = setup();
    third.signInAs('43');
    expect(third.early.take(key('wallet/balances'), 'ar-AE')).toBeUndefined();
    // Too old to use: the page took longer than MAX_AGE_MS to ask.
    page(
      `<script type="application/json" data-early-answer="/api/wallet/balances" data-early-locale="ar-AE">${body}</script>`,
    );
    const late = setup();
    late.tick(MAX_AGE_MS + 1);
    expect(late.early.take(key('wallet/balances'), 'ar-AE')).toBeUndefined();
  });

  it('a failure is reported as such (the client then sends its own request)', async () => {
    page(link('/api/wallet/balances'));
    const { early, answer } = setup();
    const taken = early.take(key('wallet/balances'), 'en-US');
    answer('api/wallet/balances', 'network');
    await expect(taken).resolves.toEqual({ ok: false });
  });

  it('logout or another person signing in (another tab) drops every answer, before or while it is awaited', async () => {
    page(`${link('/api/wallet/balances')}${link('/api/wallet/unseenEvents')}`);
    const { early, answer, signInAs } = setup();
    const taken = early.take(key('wallet/balances'), 'en-US');
    signInAs('77');
    answer('api/wallet/balances', { status: 200, body: '{"code":200}' });
    await expect(taken).resolves.toBeUndefined();
    expect(early.size()).toBe(0);
    expect(early.take(key('wallet/unseenEvents'), 'en-US')).toBeUndefined();
  });

  it('signed out at start, signed in since: the answer made without a session is not used', () => {
    page(link('/api/wallet/balances'));
    const { early, signInAs } = setup({}, null);
    expect(early.size()).toBe(1);
    signInAs('42');
    expect(early.take(key('wallet/balances'), 'en-US')).toBeUndefined();
  });

  it('a second reading finds nothing: every link was taken over by the first', () => {
    page(link('/api/wallet/balances'));
    setup();
    expect(setup().early.size()).toBe(0);
  });

  it('an answer older than a few seconds, or in another language than the request’s, is not used', async () => {
    page(`${link('/api/a')}${link('/api/b', 'tr-TR')}${link('/api/c')}`);
    const { early, answer, tick } = setup();
    answer('api/a', { status: 200, body: '{}' });
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    tick(MAX_AGE_MS + 1);
    expect(early.take(key('a'), 'en-US')).toBeUndefined();
    expect(early.take(key('b'), 'en-US')).toBeUndefined();
    // Still in flight after as long: too old as well.
    expect(early.take(key('c'), 'en-US')).toBeUndefined();
  });

  it('only links below the client’s API base with credentials are kept (still taken over, never left in the page)', () => {
    page(`${link('/elsewhere/x')}${link('/api/y', 'en-US', 'anonymous')}`);
    const { early, fetch } = setup();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(early.size()).toBe(0);
  });

  it('normalises an address: absolute, query sorted, URL query and params together', () => {
    expect(requestKey('/api/x?b=2', { a: 1, c: true }, BASE)).toBe('GET http://localhost:3000/api/x?a=1&b=2&c=true');
    expect(requestKey('http://localhost:3000/api/x?c=true&a=1&b=2')).toBe(
      requestKey('/api/x?b=2', { a: 1, c: true }, BASE),
    );
  });
});
