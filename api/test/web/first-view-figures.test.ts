import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { FirstViewFigures } from '../../src/web/first-view';

// The registry of first-view figures on its own (first-view.test.ts has the whole page): the figures
// come from the API's own answers, asked as the browser would; a page is never held up or broken by them.

type Answer = { statusCode: number; body: string };
/** An app whose API answers each GET with `answer(url)`; `inject` is a spy, to see what was asked and how. */
function fakeApp(answer: (url: string) => Answer | Promise<Answer> = () => ok({})) {
  const inject = vi.fn(async (opts: { url: string }) => answer(opts.url));
  return { inject } as unknown as FastifyInstance & { inject: typeof inject };
}
const ok = (data: unknown): Answer => ({ statusCode: 200, body: JSON.stringify({ code: 200, msg: 'ok', data }) });
const request = (cookie?: string) =>
  ({
    headers: cookie ? { cookie, 'user-agent': 'phone' } : {},
    ip: '203.0.113.9',
    log: { warn: vi.fn() },
  }) as unknown as FastifyRequest & { log: { warn: ReturnType<typeof vi.fn> } };

const walletSource = {
  request: 'wallet/balances',
  pick: (data: unknown) => {
    const d = data as { totalUsd: string; cardFunding: string };
    return { 'wallet.totalUsd': d.totalUsd, 'wallet.cardFunding': d.cardFunding };
  },
};
const balances = { totalUsd: '7.50', cardFunding: '1.00' };

describe('first-view figures', () => {
  it("reads the asked figures out of the API's answer, asked once with the visitor's cookie, address and the page's language", async () => {
    const figures = new FirstViewFigures();
    figures.provide(['wallet.totalUsd', 'wallet.cardFunding'], walletSource);
    const app = fakeApp(() => ok(balances));
    const read = await figures.forRequest(app, request('cw_session=good; cw_lang=tr-TR'), ['wallet.totalUsd'], 'tr-TR');
    expect(read?.values).toEqual({ 'wallet.totalUsd': '7.50' });
    expect(read?.answers).toEqual([{ request: 'wallet/balances', body: ok(balances).body }]);
    expect(app.inject).toHaveBeenCalledTimes(1);
    expect(app.inject).toHaveBeenCalledWith({
      method: 'GET',
      url: '/api/wallet/balances',
      headers: {
        cookie: 'cw_session=good; cw_lang=tr-TR',
        'access-token': 'good',
        'accept-language': 'tr-TR',
        'user-agent': 'phone',
      },
      remoteAddress: '203.0.113.9',
    });
    // Two figures of one source: still one request.
    await figures.forRequest(app, request('cw_session=good'), ['wallet.totalUsd', 'wallet.cardFunding'], 'en-US');
    expect(app.inject).toHaveBeenCalledTimes(2);
  });

  it('one request per source, all or nothing: a page never shows a figure without the others', async () => {
    const figures = new FirstViewFigures();
    figures.provide(['wallet.totalUsd', 'wallet.cardFunding'], walletSource);
    figures.provide(['cards.balanceUsd'], {
      request: 'card/list',
      pick: (data) => ({ 'cards.balanceUsd': (data as { sum: string }).sum }),
    });
    const all = ['wallet.totalUsd', 'wallet.cardFunding', 'cards.balanceUsd'] as const;
    const app = fakeApp((url) => (url.endsWith('card/list') ? ok({ sum: '3.25' }) : ok(balances)));
    const read = await figures.forRequest(app, request('cw_session=good'), all, 'en-US');
    expect(read?.values).toEqual({
      'wallet.totalUsd': '7.50',
      'wallet.cardFunding': '1.00',
      'cards.balanceUsd': '3.25',
    });
    expect(read?.answers.map((a) => a.request)).toEqual(['wallet/balances', 'card/list']);
    // The cards' answer an error (the API's envelope) or not a 200: no figures at all.
    for (const failing of [
      { statusCode: 200, body: JSON.stringify({ code: 500, msg: 'down', data: null }) },
      { statusCode: 401, body: JSON.stringify({ code: 401, msg: 'expired', data: null }) },
    ]) {
      const partial = fakeApp((url) => (url.endsWith('card/list') ? failing : ok(balances)));
      expect(await figures.forRequest(partial, request('cw_session=good'), all, 'en-US')).toBeUndefined();
    }
  });

  it('asks nothing without a session cookie or a source; a session the API refuses gives no figures', async () => {
    const figures = new FirstViewFigures();
    const app = fakeApp();
    expect(await figures.forRequest(app, request(), ['wallet.totalUsd'], 'en-US')).toBeUndefined();
    expect(await figures.forRequest(app, request('cw_session=good'), ['wallet.totalUsd'], 'en-US')).toBeUndefined();
    expect(app.inject).not.toHaveBeenCalled();
    figures.provide(['wallet.totalUsd'], walletSource);
    expect(await figures.forRequest(app, request(), ['wallet.totalUsd'], 'en-US')).toBeUndefined();
    expect(app.inject).not.toHaveBeenCalled();
    // Made up, revoked, expired or an admin's: the API's own 401, as for any request of it.
    const refused = fakeApp(() => ({
      statusCode: 401,
      body: JSON.stringify({ code: 401, msg: 'expired', data: null }),
    }));
    expect(
      await figures.forRequest(refused, request('cw_session=made-up'), ['wallet.totalUsd'], 'en-US'),
    ).toBeUndefined();
  });

  it('lets the page go without its figures when the answer is slow, and when it fails (logged)', async () => {
    const figures = new FirstViewFigures(30);
    figures.provide(['wallet.totalUsd'], walletSource);
    let release: () => void = () => undefined;
    const slow = fakeApp(() => new Promise<Answer>((resolve) => (release = () => resolve(ok(balances)))));
    const started = Date.now();
    expect(await figures.forRequest(slow, request('cw_session=good'), ['wallet.totalUsd'], 'en-US')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    release();

    const failing = new FirstViewFigures();
    failing.provide(['wallet.cardFunding'], walletSource);
    const req = request('cw_session=good');
    const broken = fakeApp(() => {
      throw new Error('books down');
    });
    expect(await failing.forRequest(broken, req, ['wallet.cardFunding'], 'en-US')).toBeUndefined();
    expect(req.log.warn).toHaveBeenCalledTimes(1);
  });

  it('sheds load: beyond its reads in flight a page goes out grey at once, and the next one is served again', async () => {
    const figures = new FirstViewFigures(5_000, 1);
    figures.provide(['wallet.totalUsd'], walletSource);
    let release: (() => void) | undefined;
    const app = fakeApp(() => new Promise<Answer>((resolve) => (release = () => resolve(ok(balances)))));
    const first = figures.forRequest(app, request('cw_session=good'), ['wallet.totalUsd'], 'en-US');
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(await figures.forRequest(app, request('cw_session=good'), ['wallet.totalUsd'], 'en-US')).toBeUndefined();
    release!();
    expect((await first)?.values).toEqual({ 'wallet.totalUsd': '7.50' });
    const again = fakeApp(() => ok(balances));
    expect((await figures.forRequest(again, request('cw_session=good'), ['wallet.totalUsd'], 'en-US'))?.values).toEqual(
      { 'wallet.totalUsd': '7.50' },
    );
  });

  it('refuses a figure provided twice (two modules would disagree on it)', () => {
    const figures = new FirstViewFigures();
    figures.provide(['wallet.totalUsd'], walletSource);
    expect(() => figures.provide(['wallet.totalUsd'], walletSource)).toThrow(/twice/);
  });
});
