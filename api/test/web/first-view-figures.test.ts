import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { FirstViewFigures } from '../../src/web/first-view';

// The registry of first-view figures on its own (first-view.test.ts has the whole page): a page is
// never held up or broken by its figures.

/** An app whose session table knows the cookie's session, of customer 7. */
function fakeApp(): FastifyInstance {
  const query = vi.fn(async () => [{ session_id: 1, user_id: 7, kyc_level: 0, email: null, mobile: null }]);
  return { database: { sql: { query } }, clock: { now: () => new Date() } } as unknown as FastifyInstance;
}
const request = (cookie?: string) =>
  ({ headers: cookie ? { cookie } : {}, log: { warn: vi.fn() } }) as unknown as FastifyRequest & {
    log: { warn: ReturnType<typeof vi.fn> };
  };

describe('first-view figures', () => {
  it("gives the asked figures of the session's customer, one read per provider", async () => {
    const figures = new FirstViewFigures();
    const read = vi.fn(async (userId: string) => ({ 'wallet.totalUsd': `${userId}.50`, 'wallet.cardFunding': '1.00' }));
    figures.provide(['wallet.totalUsd', 'wallet.cardFunding'], read);
    expect(await figures.forRequest(fakeApp(), request('cw_session=good'), ['wallet.totalUsd'])).toEqual({
      'wallet.totalUsd': '7.50',
    });
    await figures.forRequest(fakeApp(), request('cw_session=good'), ['wallet.totalUsd', 'wallet.cardFunding']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('asks nobody without a session cookie or a provider', async () => {
    const figures = new FirstViewFigures();
    const app = fakeApp();
    expect(await figures.forRequest(app, request(), ['wallet.totalUsd'])).toBeUndefined();
    expect(await figures.forRequest(app, request('cw_session=good'), ['wallet.totalUsd'])).toBeUndefined();
    expect(vi.mocked(app.database.sql.query)).not.toHaveBeenCalled();
  });

  it('lets the page go without its figures when the books are slow, and when they fail (logged)', async () => {
    const figures = new FirstViewFigures(30);
    let release: () => void = () => undefined;
    figures.provide(
      ['wallet.totalUsd'],
      () => new Promise((resolve) => (release = () => resolve({ 'wallet.totalUsd': '1' }))),
    );
    const started = Date.now();
    expect(await figures.forRequest(fakeApp(), request('cw_session=good'), ['wallet.totalUsd'])).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    release();

    const failing = new FirstViewFigures();
    failing.provide(['wallet.cardFunding'], async () => {
      throw new Error('books down');
    });
    const req = request('cw_session=good');
    expect(await failing.forRequest(fakeApp(), req, ['wallet.cardFunding'])).toBeUndefined();
    expect(req.log.warn).toHaveBeenCalledTimes(1);
  });

  it('sheds load: beyond its reads in flight a page goes out grey at once, and the next one is served again', async () => {
    const figures = new FirstViewFigures(5_000, 1);
    let release: (() => void) | undefined;
    figures.provide(
      ['wallet.totalUsd'],
      () => new Promise((resolve) => (release = () => resolve({ 'wallet.totalUsd': '2' }))),
    );
    const first = figures.forRequest(fakeApp(), request('cw_session=good'), ['wallet.totalUsd']);
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(await figures.forRequest(fakeApp(), request('cw_session=good'), ['wallet.totalUsd'])).toBeUndefined();
    release!();
    expect(await first).toEqual({ 'wallet.totalUsd': '2' });
    figures.provide(['wallet.cardFunding'], async () => ({ 'wallet.cardFunding': '3' }));
    expect(await figures.forRequest(fakeApp(), request('cw_session=good'), ['wallet.cardFunding'])).toEqual({
      'wallet.cardFunding': '3',
    });
  });

  it('refuses a figure provided twice (two modules would disagree on it)', () => {
    const figures = new FirstViewFigures();
    figures.provide(['wallet.totalUsd'], async () => ({}));
    expect(() => figures.provide(['wallet.totalUsd'], async () => ({}))).toThrow(/twice/);
  });
});
