import { describe, expect, it } from 'vitest';
import { createLiveUpdates, defaultBackoffMs, type EventSourceLike } from './live-updates';

class FakeSource implements EventSourceLike {
  listeners = new Map<string, (e: { data: string }) => void>();
  onerror: ((e: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, fn);
  }
  emit(type: string, data = '{}') {
    this.listeners.get(type)?.({ data });
  }
  close() {
    this.closed = true;
  }
}

function setup(opts: { loggedIn?: boolean; ticketFails?: number } = {}) {
  let loggedIn = opts.loggedIn ?? true;
  let ticketFailures = opts.ticketFails ?? 0;
  let ticketSeq = 0;
  const sources: FakeSource[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const sessionListeners: Array<() => void> = [];
  const live = createLiveUpdates({
    fetchTicket: async () => {
      if (ticketFailures > 0) {
        ticketFailures--;
        throw new Error('no ticket');
      }
      return `ticket-${++ticketSeq}`;
    },
    streamUrl: (ticket) => `/api/notifications/stream?ticket=${ticket}`,
    isLoggedIn: () => loggedIn,
    onSessionChange: (fn) => {
      sessionListeners.push(fn);
      return () => undefined;
    },
    openEventSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    backoffMs: (n) => n * 1000,
    lingerMs: 10_000,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const runTimers = async () => {
    for (const t of timers.splice(0)) if (!t.cleared) t.fn();
    await flush();
  };
  return {
    live,
    sources,
    timers,
    flush,
    runTimers,
    setLoggedIn(v: boolean) {
      loggedIn = v;
      sessionListeners.forEach((fn) => fn());
    },
  };
}

describe('live updates service', () => {
  it('opens one stream for all listeners with a fresh ticket and delivers each event to every listener', async () => {
    const s = setup();
    const a: string[] = [];
    const b: string[] = [];
    s.live.subscribe((e) => a.push(e.type));
    s.live.subscribe((e) => b.push(e.type));
    await s.flush();
    expect(s.sources).toHaveLength(1);
    expect(s.sources[0]!.url).toBe('/api/notifications/stream?ticket=ticket-1');
    s.sources[0]!.emit('ready');
    expect(s.live.state()).toBe('open');
    s.sources[0]!.emit('domain', JSON.stringify({ id: '7', type: 'wallet.deposit_credited' }));
    s.sources[0]!.emit('domain', 'not json');
    expect(a).toEqual(['live.connected', 'wallet.deposit_credited']);
    expect(b).toEqual(['live.connected', 'wallet.deposit_credited']);
  });

  it('does not connect while signed out; connects on sign-in; closes on sign-out', async () => {
    const s = setup({ loggedIn: false });
    s.live.subscribe(() => undefined);
    await s.flush();
    expect(s.sources).toHaveLength(0);
    s.setLoggedIn(true);
    await s.flush();
    expect(s.sources).toHaveLength(1);
    s.setLoggedIn(false);
    expect(s.sources[0]!.closed).toBe(true);
    expect(s.live.state()).toBe('idle');
  });

  it('after an error it reconnects with a NEW ticket and growing backoff, reset once the stream is ready', async () => {
    const s = setup({ ticketFails: 1 });
    s.live.subscribe(() => undefined);
    await s.flush();
    expect(s.sources).toHaveLength(0);
    expect(s.timers.at(-1)!.ms).toBe(1000);
    await s.runTimers();
    expect(s.sources).toHaveLength(1);
    s.sources[0]!.onerror?.({});
    expect(s.sources[0]!.closed).toBe(true);
    expect(s.timers.at(-1)!.ms).toBe(2000);
    await s.runTimers();
    expect(s.sources[1]!.url).toContain('ticket-2');
    s.sources[1]!.emit('ready');
    s.sources[1]!.onerror?.({});
    expect(s.timers.at(-1)!.ms).toBe(1000);
  });

  it('the server ending the session stops retrying; the last listener leaving closes after the linger time', async () => {
    const s = setup();
    const off = s.live.subscribe(() => undefined);
    await s.flush();
    s.sources[0]!.emit('end');
    expect(s.sources[0]!.closed).toBe(true);
    expect(s.timers).toHaveLength(0);
    const off2 = s.live.subscribe(() => undefined);
    await s.flush();
    expect(s.sources).toHaveLength(2);
    off();
    off2();
    expect(s.sources[1]!.closed).toBe(false);
    await s.runTimers();
    expect(s.sources[1]!.closed).toBe(true);
  });

  it('default backoff doubles from 1 s to at most 30 s with jitter', () => {
    expect(defaultBackoffMs(1, () => 0.5)).toBe(1000);
    expect(defaultBackoffMs(3, () => 0.5)).toBe(4000);
    expect(defaultBackoffMs(20, () => 0.5)).toBe(30_000);
    expect(defaultBackoffMs(1, () => 0)).toBe(800);
    expect(defaultBackoffMs(1, () => 1)).toBe(1200);
  });
});
