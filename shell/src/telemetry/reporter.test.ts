import { afterEach, describe, expect, it, vi } from 'vitest';
import { appOfPath, attributeStack, releaseFolder, routeOf, type AppRelease } from './attribution';
import { drainTelemetryQueue } from './drain';
import { enqueueTelemetry } from './queue';
import { MAX_EVENTS, TelemetryReporter, type TelemetryEvent } from './reporter';

const APPS: AppRelease[] = [
  {
    app: 'mf_card',
    releaseId: '1.2.0-0123456789ab',
    folder: 'https://cw.example/remotes/card/1.2.0-0123456789ab/',
    routePrefix: '/pages/card/',
  },
  {
    app: 'mf_wallet',
    releaseId: '3.0.0-aaaaaaaaaaaa',
    folder: 'https://cw.example/remotes/wallet/3.0.0-aaaaaaaaaaaa/',
    routePrefix: '/pages/wallet/',
  },
];

function setup(opts: { attempted?: string[]; sampleRate?: number; random?: number } = {}) {
  const sent: Array<{ url: string; body: { sessionId: string; events: TelemetryEvent[] } }> = [];
  const reporter = new TelemetryReporter({
    endpoint: '/api/telemetry',
    sampleRate: opts.sampleRate ?? 1,
    random: () => opts.random ?? 0.5,
    apps: () => APPS,
    attempted: () => opts.attempted ?? ['mf_card'],
    transport: (url, body) => sent.push({ url, body: JSON.parse(body) }),
  });
  const events = () => sent.flatMap((s) => s.body.events);
  return { reporter, sent, events };
}

describe('telemetry reporter', () => {
  afterEach(() => {
    delete (globalThis as { __cwTelemetryQueue?: unknown }).__cwTelemetryQueue;
  });

  it('one session per app attempted, one load failure per app, errors de-duplicated per session', () => {
    const { reporter, events, sent } = setup({ attempted: ['mf_card', 'mf_wallet'] });
    reporter.error('mf_card', 'boundary');
    reporter.error('mf_card', 'uncaught');
    reporter.error('mf_card', 'uncaught');
    reporter.loadFailure('mf_wallet', 'timeout');
    reporter.loadFailure('mf_wallet', 'timeout');
    reporter.flush();
    reporter.error('mf_card', 'uncaught'); // after a flush: a further error, not a new error session
    reporter.flush();
    reporter.flush(); // nothing queued: nothing sent
    expect(sent).toHaveLength(2);
    expect(events()).toEqual([
      { type: 'session', app: 'mf_card', release: '1.2.0-0123456789ab' },
      { type: 'session', app: 'mf_wallet', release: '3.0.0-aaaaaaaaaaaa' },
      { type: 'error', app: 'mf_card', release: '1.2.0-0123456789ab', source: 'boundary', first: true, count: 3 },
      { type: 'load_failure', app: 'mf_wallet', release: '3.0.0-aaaaaaaaaaaa', stage: 'timeout' },
      { type: 'error', app: 'mf_card', release: '1.2.0-0123456789ab', source: 'uncaught', first: false, count: 1 },
    ]);
    // One random session id, URL-safe, 128 bits; nothing else identifies the browser.
    expect(new Set(sent.map((s) => s.body.sessionId)).size).toBe(1);
    expect(sent[0]!.body.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(sent[0]!.body).sort()).toEqual(['events', 'sessionId']);
  });

  it('batches at most 64 events (the API limit), sending a full batch at once', () => {
    const { reporter, sent } = setup();
    for (let i = 0; i < MAX_EVENTS * 2 + 5; i++) reporter.vital('mf_card', 'LCP', 1000 + i, '/pages/card/index');
    expect(sent.length).toBe(2);
    reporter.flush();
    expect(sent.map((s) => s.body.events.length)).toEqual([64, 64, 6]);
  });

  it('a session outside the sample sends nothing at all', () => {
    const { reporter, sent } = setup({ sampleRate: 0.25, random: 0.3 });
    expect(reporter.sampled).toBe(false);
    reporter.error('mf_card', 'boundary');
    reporter.vital('mf_card', 'LCP', 1200, '/pages/card/index');
    reporter.flush();
    expect(sent).toEqual([]);
    expect(setup({ sampleRate: 0.25, random: 0.2 }).reporter.sampled).toBe(true);
  });

  it('attributes an uncaught error to the app whose release folder is in its stack; the shell’s own errors to none', () => {
    const { reporter, events } = setup({ attempted: [] });
    const fromWallet = new Error('boom');
    fromWallet.stack =
      'Error: boom\n    at x (https://cw.example/remotes/wallet/3.0.0-aaaaaaaaaaaa/static/js/page.js:1:2)\n    at y (https://cw.example/static/js/main.js:3:4)';
    const fromShell = new Error('shell');
    fromShell.stack = 'Error: shell\n    at y (https://cw.example/static/js/main.js:3:4)';
    reporter.uncaught(fromWallet, 'rejection');
    reporter.uncaught(fromShell, 'uncaught');
    reporter.uncaught('not an error', 'uncaught');
    reporter.flush();
    expect(events()).toEqual([
      { type: 'error', app: 'mf_wallet', release: '3.0.0-aaaaaaaaaaaa', source: 'rejection', first: true, count: 1 },
    ]);
    expect(attributeStack(fromWallet.stack, APPS)?.app).toBe('mf_wallet');
    expect(attributeStack(undefined, APPS)).toBeUndefined();
  });

  it('routes are paths without query, fragment or ids; vitals are rounded and bounded', () => {
    expect(routeOf('/pages/card/detail/123456')).toBe('/pages/card/detail/_id');
    expect(routeOf('/pages/wallet/transfer?to=alice@example.com#x')).toBe('/pages/wallet/transfer');
    expect(routeOf('/pages/card/3f2a9c1e-0b7d-4c55-9e21-5a8b1c2d3e4f/statement')).toBe('/pages/card/_id/statement');
    expect(routeOf('/pages/card/detail/123456')).toMatch(/^\/[A-Za-z0-9/_.-]{0,160}$/);
    expect(appOfPath('/pages/wallet/index', APPS)?.app).toBe('mf_wallet');
    expect(appOfPath('/pages/index/index', APPS)).toBeUndefined();
    expect(
      releaseFolder('/remotes/card/1.2.0-0123456789ab/mf-manifest.json', 'https://cw.example/pages/card/index'),
    ).toBe('https://cw.example/remotes/card/1.2.0-0123456789ab/');
    const { reporter, events } = setup({ attempted: [] });
    reporter.vital('mf_card', 'CLS', 0.123456, '/pages/card/index');
    reporter.vital('mf_card', 'LCP', Number.NaN, '/pages/card/index');
    reporter.vital('mf_card', 'INP', -5, '/pages/card/index');
    reporter.vital('mf_unknown', 'LCP', 100, '/pages/card/index');
    reporter.flush();
    expect(events()).toEqual([
      {
        type: 'vital',
        app: 'mf_card',
        release: '1.2.0-0123456789ab',
        name: 'CLS',
        value: 0.123,
        route: '/pages/card/index',
      },
    ]);
  });

  it('what error views queued before the reporter loaded is drained, and later pushes go straight to it', () => {
    enqueueTelemetry({ kind: 'boundary', app: 'mf_card' });
    const seen: unknown[] = [];
    drainTelemetryQueue((e) => seen.push(e));
    enqueueTelemetry({ kind: 'load_failure', app: 'mf_wallet', reason: 'chunk' });
    expect(seen).toEqual([
      { kind: 'boundary', app: 'mf_card' },
      { kind: 'load_failure', app: 'mf_wallet', reason: 'chunk' },
    ]);
  });

  it('sends with sendBeacon, else fetch keepalive', async () => {
    const { beaconTransport } = await import('./reporter');
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchSpy);
    beaconTransport('/api/telemetry', '{"a":1}');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchSpy).not.toHaveBeenCalled();
    beacon.mockReturnValue(false); // the browser refused to queue it
    beaconTransport('/api/telemetry', '{"a":1}');
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/telemetry',
      expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }),
    );
    vi.unstubAllGlobals();
  });
  it('with a ticket source: events wait for the ticket, then go out with it; a ticket about to expire is renewed', async () => {
    const sent: Array<{ sessionId: string; ticket?: string; events: TelemetryEvent[] }> = [];
    let now = 1_000_000;
    const asked: Array<{ sessionId: string; releases: Array<{ app: string; release: string }> }> = [];
    const reporter = new TelemetryReporter({
      endpoint: '/api/telemetry',
      sampleRate: 1,
      random: () => 0.5,
      apps: () => APPS,
      attempted: () => ['mf_card'],
      transport: (_url, body) => sent.push(JSON.parse(body)),
      now: () => now,
      ticket: async (sessionId, releases) => {
        asked.push({ sessionId, releases });
        return { ticket: `ticket-${asked.length}`, expiresAt: now + 15 * 60_000 };
      },
    });
    reporter.flush();
    expect(sent).toHaveLength(0);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(asked).toEqual([
      {
        sessionId: reporter.sessionId,
        releases: [
          { app: 'mf_card', release: '1.2.0-0123456789ab' },
          { app: 'mf_wallet', release: '3.0.0-aaaaaaaaaaaa' },
        ],
      },
    ]);
    expect(sent[0]).toMatchObject({ sessionId: reporter.sessionId, ticket: 'ticket-1' });
    reporter.error('mf_card', 'boundary');
    reporter.flush();
    expect(sent.at(-1)!.ticket).toBe('ticket-1');
    now += 14.5 * 60_000;
    reporter.error('mf_card', 'uncaught');
    reporter.flush();
    await vi.waitFor(() => expect(sent.at(-1)!.ticket).toBe('ticket-2'));
  });
});
