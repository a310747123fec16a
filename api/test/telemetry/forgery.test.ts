import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { telemetryOf } from '../../src/modules/telemetry/instance';
import { analyse, cohortTotals } from '../../src/modules/telemetry/analysis';
import { HEALTHY, publish, releaseRoot, rng, sendSessions } from './support';

/**
 * Telemetry one source cannot steer (issue 43): one client floods 10,000 forged sessions — each a
 * load failure and 1,000 errors on the canary — without a ticket, with made-up tickets, with
 * another session's ticket and with as many real tickets as it can get. The canary verdict does
 * not move; at most one session per real ticket is counted.
 */
const FORGED = 10_000;
const ATTACKER = '203.0.113.66';

describe('telemetry flood from one client (pglite)', () => {
  let t: TestApp;
  let root: string;
  let stable: string;
  let canary: string;
  const from = new Date(0);

  const verdict = async () => {
    await telemetryOf(t.app).ingest.flush();
    const to = new Date(t.clock.now().getTime() + 3_600_000);
    const [c, s] = await Promise.all([
      cohortTotals(t.database.sql, 'mf_card', canary, from, to),
      cohortTotals(t.database.sql, 'mf_card', stable, from, to),
    ]);
    return { canary: c, analysis: analyse(c, s, t.config.telemetry, { from, to }) };
  };
  const post = (url: string, payload: object) =>
    t
      .inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress: ATTACKER })
      .then((r) => JSON.parse(r.body) as { code: number; key?: string; data: Record<string, unknown> });

  beforeAll(async () => {
    root = releaseRoot();
    t = await createTestApp('pglite', {
      WEB_ROOT: root,
      RELEASE_STORE_DIR: path.join(root, 'store'),
      TELEMETRY_FLUSH_MS: '0',
      TELEMETRY_ANALYSIS_INTERVAL_MS: '0',
      TELEMETRY_MIN_SESSIONS: '300',
      // The per-address batch limit is another defence; lifted so that the tickets alone are tested.
      TELEMETRY_IP_BATCHES_PER_MINUTE: '1000000',
    });
    const admin = (await t.createAdmin()).token;
    stable = await publish(t, admin, 'mf_card', 'v0', { stable: true });
    canary = await publish(t, admin, 'mf_card', 'v1', { canaryPercent: 50 });
    // Real traffic (through the trusted ingest): both cohorts healthy.
    await sendSessions(t, 'mf_card', canary, 600, HEALTHY, rng(7));
    await sendSessions(t, 'mf_card', stable, 600, HEALTHY, rng(8));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(`${FORGED} forged failing sessions from one client: the verdict does not move`, async () => {
    const before = await verdict();
    expect(before.analysis.verdict).toBe('healthy');

    // As many real tickets as the address is given (bound to their own session ids).
    const tickets: Array<{ sessionId: string; ticket: string }> = [];
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      const sessionId = `attacker-ticket-${String(i).padStart(6, '0')}`;
      const res = await post('telemetry/ticket', { sessionId, releases: [{ app: 'mf_card', release: canary }] });
      if (res.code === 200) tickets.push({ sessionId, ticket: res.data.ticket as string });
      else {
        expect(res.key).toBe('rate_limited');
        refused++;
      }
    }
    expect(tickets.length).toBe(t.config.telemetry.ticketsPerIp);
    expect(refused).toBe(100 - tickets.length);

    const failing = (release: string) => [
      { type: 'session', app: 'mf_card', release },
      { type: 'load_failure', app: 'mf_card', release, stage: 'chunk' },
      { type: 'error', app: 'mf_card', release, source: 'boundary', first: true, count: 1000 },
    ];
    let accepted = 0;
    const PER_BATCH = 21; // 63 events
    for (let s = 0; s < FORGED; s += PER_BATCH) {
      const n = Math.min(PER_BATCH, FORGED - s);
      const events = Array.from({ length: n }, () => failing(canary)).flat();
      const variant = (s / PER_BATCH) % 4;
      const real = tickets[(s / PER_BATCH) % tickets.length]!;
      const sessionId = `forged-session-${String(s).padStart(8, '0')}`;
      const batch =
        variant === 0
          ? { sessionId, events } // no ticket
          : variant === 1
            ? { sessionId, events, ticket: `t1.${Buffer.from('{"s":"x"}').toString('base64url')}.forged` }
            : variant === 2
              ? { sessionId, events, ticket: real.ticket } // another session's ticket
              : { sessionId: real.sessionId, events, ticket: real.ticket }; // its own ticket, reused
      const res = await post('telemetry', batch);
      expect(res.code).toBe(200);
      accepted += Number(res.data.accepted);
    }
    const after = await verdict();
    console.info(
      `[telemetry flood] ${FORGED} forged sessions: ${accepted} events accepted; canary sessions ${before.canary.sessions} → ${after.canary.sessions}, error sessions ${before.canary.errorSessions} → ${after.canary.errorSessions}; verdict ${before.analysis.verdict} → ${after.analysis.verdict}`,
    );
    // One session (with its load failure and first error) per real ticket at most.
    expect(after.canary.sessions - before.canary.sessions).toBeLessThanOrEqual(tickets.length);
    expect(after.canary.errorSessions - before.canary.errorSessions).toBeLessThanOrEqual(tickets.length);
    expect(after.analysis.verdict).toBe(before.analysis.verdict);
    expect(after.analysis.metrics.map((m) => [m.metric, m.verdict])).toEqual(
      before.analysis.metrics.map((m) => [m.metric, m.verdict]),
    );
  }, 600_000);

  it('the page’s own ticket counts its session once; a ticket for a release it did not load counts nothing', async () => {
    const sessionId = 'page-session-00000001';
    const res = await t.inject({
      method: 'POST',
      url: '/api/telemetry/ticket',
      payload: { sessionId, releases: [{ app: 'mf_card', release: stable }] },
      remoteAddress: '198.51.100.5',
    });
    const { ticket } = JSON.parse(res.body).data as { ticket: string };
    const send = (events: object[]) =>
      t.inject({
        method: 'POST',
        url: '/api/telemetry',
        payload: { sessionId, ticket, events },
        remoteAddress: '198.51.100.5',
      });
    const first = JSON.parse((await send([{ type: 'session', app: 'mf_card', release: stable }])).body);
    expect(first.data).toEqual({ accepted: 1, dropped: 0 });
    const again = JSON.parse(
      (
        await send([
          { type: 'session', app: 'mf_card', release: stable },
          { type: 'session', app: 'mf_card', release: canary },
        ])
      ).body,
    );
    expect(again.data).toEqual({ accepted: 0, dropped: 2 });
    // Expired: 15 minutes later the same ticket counts nothing.
    t.clock.advance(16 * 60_000);
    const late = JSON.parse(
      (
        await send([
          { type: 'vital', app: 'mf_card', release: stable, name: 'LCP', value: 1000, route: '/pages/card/index' },
        ])
      ).body,
    );
    expect(late.data).toEqual({ accepted: 0, dropped: 1 });
  });
});
