import { afterEach, describe, expect, it, vi } from 'vitest';

const observed: string[] = [];
vi.mock('web-vitals', () => ({
  onLCP: () => observed.push('LCP'),
  onINP: () => observed.push('INP'),
  onCLS: () => observed.push('CLS'),
}));

const { startTelemetry } = await import('./start');

afterEach(() => vi.useRealTimers());

describe('telemetry start', () => {
  it('listens for errors at once, and sets up each web-vitals observer in a task of its own', () => {
    vi.useFakeTimers();
    const listen = vi.spyOn(window, 'addEventListener');
    const reporter = startTelemetry({
      registry: { status: () => [], descriptor: () => undefined },
      apiBaseUrl: '/api/',
      sampleRate: 1,
    });
    expect(reporter.sampled).toBe(true);
    expect(listen.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['error', 'unhandledrejection']));
    expect(observed).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(observed).toEqual(['LCP']);
    vi.advanceTimersToNextTimer();
    expect(observed).toEqual(['LCP', 'INP']);
    vi.advanceTimersToNextTimer();
    expect(observed).toEqual(['LCP', 'INP', 'CLS']);
  });
});
