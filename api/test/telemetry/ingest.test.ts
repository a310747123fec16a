import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { telemetryOf } from '../../src/modules/telemetry/instance';
import { cohortTotals } from '../../src/modules/telemetry/analysis';
import { quantile } from '../../src/modules/telemetry/histogram';
import { publish, releaseRoot } from './support';

describe.each(testDrivers())('telemetry ingest on %s', (driver) => {
  let t: TestApp;
  let root: string;
  let adminToken: string;
  let release: string;
  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/telemetry',
      payload: payload as object,
      headers: { 'content-type': 'application/json', ...headers },
    });

  /** The page's telemetry ticket for its session (POST telemetry/ticket); batches count only with it. */
  const ticketFor = async (sessionId: string, releases = [{ app: 'mf_card', release }]) =>
    JSON.parse(
      (await t.inject({ method: 'POST', url: '/api/telemetry/ticket', payload: { sessionId, releases } })).body,
    ) as { code: number; key?: string; data: { ticket: string } };

  beforeAll(async () => {
    root = releaseRoot();
    t = await createTestApp(driver, {
      WEB_ROOT: root,
      RELEASE_STORE_DIR: path.join(root, 'store'),
      TELEMETRY_IP_BATCHES_PER_MINUTE: '40',
      TELEMETRY_FLUSH_MS: '0',
    });
    adminToken = (await t.createAdmin()).token;
    release = await publish(t, adminToken, 'mf_card', 'v1');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps only per-release, per-minute aggregates; histograms merge across flushes', async () => {
    const { ingest } = telemetryOf(t.app);
    const batch = {
      sessionId: 'Ab3dEf6hIj9lMn0p',
      ticket: (await ticketFor('Ab3dEf6hIj9lMn0p')).data.ticket,
      events: [
        { type: 'session', app: 'mf_card', release },
        { type: 'error', app: 'mf_card', release, source: 'uncaught', first: true, count: 3 },
        { type: 'load_failure', app: 'mf_card', release, stage: 'chunk' },
        { type: 'vital', app: 'mf_card', release, name: 'LCP', value: 2000, route: '/pages/card/index' },
        { type: 'vital', app: 'mf_card', release, name: 'INP', value: 80, route: '/pages/card/index' },
        { type: 'vital', app: 'mf_card', release, name: 'CLS', value: 0.12, route: '/pages/card/index' },
      ],
    };
    const res = JSON.parse((await send(batch)).body);
    expect(res).toMatchObject({ code: 200, data: { accepted: 6, dropped: 0 } });
    await ingest.flush();
    // A second batch in the same minute (as another process would write it) adds to the same row.
    // (Another page: its own session id and ticket.)
    await send({
      sessionId: 'Zz3dEf6hIj9lMn0q',
      ticket: (await ticketFor('Zz3dEf6hIj9lMn0q')).data.ticket,
      events: [batch.events[0], { ...batch.events[3], value: 4000 }],
    });
    await ingest.flush();
    const rows = await t.database.sql.query<Record<string, unknown>>(`select * from telemetry_minutes`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      app: 'mf_card',
      release_id: release,
      sessions: 2,
      error_sessions: 1,
      errors: 3,
      load_failures: 1,
    });
    // Nothing else is stored: no session id, no route, no user.
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'app',
        'cls_hist',
        'error_sessions',
        'errors',
        'inp_hist',
        'lcp_hist',
        'load_failures',
        'minute',
        'release_id',
        'sessions',
      ].sort(),
    );
    const totals = await cohortTotals(
      t.database.sql,
      'mf_card',
      release,
      new Date(t.clock.now().getTime() - 120_000),
      t.clock.now(),
    );
    expect(totals.lcp.reduce((a, b) => a + b, 0)).toBe(2);
    // The median of {2000, 4000} lies between them, each known to the bucket width (6 %).
    expect(quantile(totals.lcp, 0.25)!).toBeGreaterThan(1880);
    expect(quantile(totals.lcp, 0.25)!).toBeLessThan(2130);
    expect(quantile(totals.lcp, 0.99)!).toBeGreaterThan(3760);
  });

  it('drops malformed, personal and oversized input with a count and a clear error — never a 500', async () => {
    const { ingest } = telemetryOf(t.app);
    const before = { ...ingest.dropped };
    const ok = { type: 'session', app: 'mf_card', release };
    const bad: unknown[] = [
      {},
      { sessionId: 'short', events: [ok] },
      { sessionId: 'Ab3dEf6hIj9lMn0p', events: [] },
      { sessionId: 'Ab3dEf6hIj9lMn0p', events: Array.from({ length: 65 }, () => ok) },
      // Personal data has no place to go: unknown fields make the batch invalid.
      { sessionId: 'Ab3dEf6hIj9lMn0p', userId: 42, events: [ok] },
      { sessionId: 'Ab3dEf6hIj9lMn0p', events: [{ ...ok, amount: '10.00' }] },
      // A query string (could carry a token or an e-mail) is refused.
      {
        sessionId: 'Ab3dEf6hIj9lMn0p',
        events: [
          { type: 'vital', app: 'mf_card', release, name: 'LCP', value: 1, route: '/pages/card/index?email=a@b.co' },
        ],
      },
      {
        sessionId: 'Ab3dEf6hIj9lMn0p',
        events: [{ type: 'vital', app: 'mf_card', release, name: 'LCP', value: -1, route: '/x' }],
      },
      {
        sessionId: 'Ab3dEf6hIj9lMn0p',
        events: [{ type: 'vital', app: 'mf_card', release, name: 'LCP', value: 1e308, route: '/x' }],
      },
      { sessionId: 'Ab3dEf6hIj9lMn0p', events: [{ type: 'session', app: 'mf_evil', release }] },
      { sessionId: 'Ab3dEf6hIj9lMn0p', events: [{ type: 'session', app: 'mf_card', release: "x' or 1=1" }] },
    ];
    for (const payload of bad) {
      const res = await send(payload);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ code: 422, key: 'invalid_params' });
    }
    const broken = await t.inject({
      method: 'POST',
      url: '/api/telemetry',
      payload: '{"sessionId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(broken.body)).toMatchObject({ code: 422, key: 'illegal_request' });
    const huge = await t.inject({
      method: 'POST',
      url: '/api/telemetry',
      payload: JSON.stringify({ sessionId: 'Ab3dEf6hIj9lMn0p', events: [{ ...ok, pad: 'x'.repeat(20_000) }] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(200);
    expect(JSON.parse(huge.body)).toMatchObject({ code: 422, key: 'payload_too_large' });
    expect(ingest.dropped.invalid - before.invalid).toBe(bad.length + 1);
    expect(ingest.dropped.oversized - before.oversized).toBe(1);
    // A release that was never registered gets no ticket, and a ticket does not cover it: dropped
    // (nobody can create rows at will), the batch is answered.
    expect((await ticketFor('Un3dEf6hIj9lMn0u', [{ app: 'mf_card', release: '9.9.9-000000000000' }])).key).toBe(
      'not_found',
    );
    const unknown = JSON.parse(
      (
        await send({
          sessionId: 'Un3dEf6hIj9lMn0u',
          ticket: (await ticketFor('Un3dEf6hIj9lMn0u')).data.ticket,
          events: [{ type: 'session', app: 'mf_card', release: '9.9.9-000000000000' }, ok],
        })
      ).body,
    );
    expect(unknown).toMatchObject({ code: 200, data: { accepted: 1, dropped: 1 } });
    expect(ingest.dropped.over_ticket - before.over_ticket).toBe(1);
    // Without a ticket nothing counts.
    expect(JSON.parse((await send({ sessionId: 'No3dEf6hIj9lMn0t', events: [ok] })).body)).toMatchObject({
      code: 200,
      data: { accepted: 0, dropped: 1 },
    });
  });

  it('refuses a flood from one IP with 429 before reading the body; other IPs still get through', async () => {
    const { ingest } = telemetryOf(t.app);
    const before = ingest.dropped.rate_limited;
    const batch = { sessionId: 'Ab3dEf6hIj9lMn0p', events: [{ type: 'session', app: 'mf_card', release }] };
    const flood = (n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          t.inject({ method: 'POST', url: '/api/telemetry', payload: batch, remoteAddress: '203.0.113.7' }),
        ),
      );
    const answers = [];
    // Within the limit, one after another: all accepted.
    for (let i = 0; i < 40; i++) answers.push(...(await flood(1)));
    // Then 50 at once: all refused (none is a 500).
    answers.push(...(await flood(50)));
    const codes = answers.map((a) => JSON.parse(a.body).code as number);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    expect(codes.slice(40).every((c) => c === 429)).toBe(true);
    expect(ingest.dropped.rate_limited - before).toBe(50);
    const other = JSON.parse(
      (await t.inject({ method: 'POST', url: '/api/telemetry', payload: batch, remoteAddress: '198.51.100.9' })).body,
    );
    expect(other.code).toBe(200);
  });

  it('deletes minutes older than the retention', async () => {
    const { ingest } = telemetryOf(t.app);
    await ingest.flush();
    const n = (await t.database.sql.query<{ n: number }>(`select count(*)::int as n from telemetry_minutes`))[0]!.n;
    expect(n).toBeGreaterThan(0);
    expect(await ingest.purge(14)).toBe(0);
    t.clock.advance(15 * 86_400_000);
    expect(await ingest.purge(14)).toBe(n);
    expect((await t.database.sql.query(`select 1 from telemetry_minutes`)).length).toBe(0);
  });
});
