import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';

interface OpenStream {
  status: number;
  contentType: string;
  events: { event: string; data: string }[];
  waitFor(
    predicate: (e: { event: string; data: string }) => boolean,
    ms?: number,
  ): Promise<{ event: string; data: string }>;
  close(): void;
}

/** A real HTTP stream (inject cannot read an open-ended response), parsed as text/event-stream. */
function openStream(port: number, ticket: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}` },
      (res) => {
        const events: { event: string; data: string }[] = [];
        const waiters: Array<() => void> = [];
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: data ?? '' });
            waiters.splice(0).forEach((w) => w());
          }
        });
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type']),
          events,
          close: () => req.destroy(),
          waitFor(predicate, ms = 5000) {
            return new Promise((ok, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`)),
                ms,
              );
              const check = () => {
                const found = events.find(predicate);
                if (found) {
                  clearTimeout(timer);
                  ok(found);
                } else waiters.push(check);
              };
              check();
            });
          },
        });
      },
    );
    req.on('error', reject);
  });
}

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe.each(testDrivers())('live updates on %s', (driver) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  }, 120_000);
  afterAll(async () => t?.close());

  it("a credited deposit reaches the customer's open stream when it commits, and no one else's", async () => {
    const u = await t.createUser();
    const other = await t.createUser();
    const mine = await openStream(
      port,
      (await t.post('notifications/streamTicket', {}, { token: u.token })).data.ticket,
    );
    const theirs = await openStream(
      port,
      (await t.post('notifications/streamTicket', {}, { token: other.token })).data.ticket,
    );
    try {
      expect(mine.status).toBe(200);
      expect(mine.contentType).toMatch(/^text\/event-stream/);
      await mine.waitFor((e) => e.event === 'ready');
      const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
      const dep = await t.post('dev/chain/deposit', {
        address: addr.data.address,
        currency: 'USDT',
        network: 'TRC20',
        amount: '25',
      });
      await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
      const got = await mine.waitFor((e) => e.event === 'domain');
      expect(JSON.parse(got.data)).toEqual({ id: expect.stringMatching(/^\d+$/), type: 'wallet.deposit_credited' });
      const [event] = await t.database.sql.query<{ aggregate_id: string }>(
        `select aggregate_id from domain_events where id = $1::bigint`,
        [JSON.parse(got.data).id],
      );
      expect(event!.aggregate_id).toBe(dep.data.id);
      // The message the notifications consumer makes of it is announced too, when it commits.
      await t.app.events.drain('notifications');
      const created = await mine.waitFor(
        (e) => e.event === 'domain' && JSON.parse(e.data).type === 'notifications.message_created',
      );
      expect(JSON.parse(created.data).id).toMatch(/^message-\d+$/);
      await new Promise((r) => setTimeout(r, 200));
      expect(theirs.events.filter((e) => e.event === 'domain')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('every wallet money move of one statement (transfer, exchange, withdrawal request) reaches the stream once, a replay not again', async () => {
    const u = await t.createUser({ kycLevel: 1 });
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    await t.post('dev/chain/deposit', {
      address: addr.data.address,
      currency: 'USDT',
      network: 'TRC20',
      amount: '300',
    });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
    const stream = await openStream(
      port,
      (await t.post('notifications/streamTicket', {}, { token: u.token })).data.ticket,
    );
    const h = (key: string) => ({ token: u.token, headers: { 'idempotency-key': key } });
    const typesSeen = () =>
      stream.events.filter((e) => e.event === 'domain').map((e) => (JSON.parse(e.data) as { type: string }).type);
    try {
      await stream.waitFor((e) => e.event === 'ready');
      const moved = await t.post('wallet/transfer', { currency: 'USDT', amount: '60' }, h('live-transfer-1'));
      expect(moved.code).toBe(200);
      const got = await stream.waitFor(
        (e) => e.event === 'domain' && JSON.parse(e.data).type === 'wallet.transfer_completed',
      );
      const [event] = await t.database.sql.query<{ aggregate_id: string; user_id: string; payload: unknown }>(
        `select aggregate_id, user_id::text as user_id, payload from domain_events where id = $1::bigint`,
        [JSON.parse(got.data).id],
      );
      expect(event).toEqual({
        aggregate_id: moved.data.id,
        user_id: u.userId,
        payload: { currency: 'USDT', amount: '60' },
      });
      // The same key again answers the first transfer and announces nothing new; a refused one neither.
      expect((await t.post('wallet/transfer', { currency: 'USDT', amount: '60' }, h('live-transfer-1'))).data.id).toBe(
        moved.data.id,
      );
      expect(
        (await t.post('wallet/transfer', { currency: 'USDT', amount: '9000' }, h('live-transfer-2'))).code,
      ).not.toBe(200);

      const quote = await t.post('wallet/exchangeQuote', { from: 'USDT', to: 'USD', amount: '10' }, { token: u.token });
      expect((await t.post('wallet/exchange', { quoteId: quote.data.quoteId }, h('live-exchange-1'))).code).toBe(200);
      await stream.waitFor((e) => e.event === 'domain' && JSON.parse(e.data).type === 'wallet.exchange_completed');

      await stepUpGrant(t, u.token, 'paypass');
      await t.post('user/setPayPassword', { password: '135790', confirmPassword: '135790' }, { token: u.token });
      const body = { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount: '20', payPassword: '135790' };
      expect((await t.post('wallet/withdraw', body, h('live-withdraw-1'))).code).toBe(200);
      await stream.waitFor((e) => e.event === 'domain' && JSON.parse(e.data).type === 'wallet.withdrawal_requested');
      await new Promise((r) => setTimeout(r, 200));
      expect(typesSeen().filter((type) => type.startsWith('wallet.') && type !== 'wallet.deposit_credited')).toEqual([
        'wallet.transfer_completed',
        'wallet.exchange_completed',
        'wallet.withdrawal_requested',
      ]);
    } finally {
      stream.close();
    }
  });

  it('a ticket opens one stream once; junk, reused or revoked-session tickets are refused as not logged in', async () => {
    const u = await t.createUser();
    expect((await t.post('notifications/streamTicket', {})).code).toBe(401);
    const { ticket, expiresInSeconds } = (await t.post('notifications/streamTicket', {}, { token: u.token })).data;
    expect(expiresInSeconds).toBe(60);
    expect(ticket.length).toBeGreaterThanOrEqual(43);
    const first = await openStream(port, ticket);
    first.close();
    const reuse = await t.inject({ method: 'GET', url: `/api/notifications/stream?ticket=${ticket}` });
    expect(JSON.parse(reuse.body)).toMatchObject({ code: 401, key: 'unauthenticated' });
    const junk = await t.inject({ method: 'GET', url: `/api/notifications/stream?ticket=${'x'.repeat(43)}` });
    expect(JSON.parse(junk.body)).toMatchObject({ code: 401 });
    const late = (await t.post('notifications/streamTicket', {}, { token: u.token })).data.ticket;
    await t.post('user/logout', {}, { token: u.token });
    const revoked = await t.inject({ method: 'GET', url: `/api/notifications/stream?ticket=${late}` });
    expect(JSON.parse(revoked.body)).toMatchObject({ code: 401 });
    const stale = await t.createUser();
    const old = (await t.post('notifications/streamTicket', {}, { token: stale.token })).data.ticket;
    t.clock.advance(61_000);
    const expired = await t.inject({ method: 'GET', url: `/api/notifications/stream?ticket=${old}` });
    expect(JSON.parse(expired.body)).toMatchObject({ code: 401 });
  });
});
